import Router from '@koa/router';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import type { AppDeps } from './deps.ts';
import { accessGuard } from './auth.ts';
import type { AuthUserCache } from './auth-cache.ts';
import { mountDocs } from './docs.ts';
import { errorMiddleware } from './errors.ts';
import { errors } from '../platform/errors.ts';
import { cors, requestLog, requireJson, securityHeaders } from './middleware.ts';
import { inputGuard } from './input-guard.ts';
import { rawBodyOr } from './raw-body.ts';
import { throttleGuard } from './throttling.ts';
import { openApiDocument } from './openapi.ts';
import { withPaging } from './paging.ts';
import { mountRoutes, type RouteDef } from './routes.ts';
import { authRoutes } from './routes/auth.ts';
import { pacientesRoutes } from './routes/pacientes.ts';
import { discardUploads, psicologosRoutes } from './routes/psicologos.ts';
import { adminPsicologosRoutes } from './routes/admin-psicologos.ts';
import { direccionesRoutes } from './routes/direcciones.ts';
import { situacionesRoutes } from './routes/situaciones.ts';
import { serviciosRoutes } from './routes/servicios.ts';
import { tarifasRoutes } from './routes/tarifas.ts';
import { facturasRoutes } from './routes/facturas.ts';
import { registrosAeatRoutes } from './routes/registros-aeat.ts';
import { cargosRoutes } from './routes/cargos.ts';
import { informesRoutes } from './routes/informes.ts';
import { pagosStripeRoutes } from './routes/pagos-stripe.ts';
import { pagosRoutes } from './routes/pagos.ts';
import { saldosPendientesRoutes } from './routes/saldos-pendientes.ts';
import { bonosRoutes } from './routes/bonos.ts';
import { facturasMensualesRoutes } from './routes/facturas-mensuales.ts';
import { ajustesRoutes } from './routes/ajustes.ts';
import { dispositivosRoutes } from './routes/dispositivos.ts';
import { citasRoutes } from './routes/citas.ts';
import { bloqueosRoutes } from './routes/bloqueos.ts';
import { seriesRoutes } from './routes/series.ts';
import { listaEsperaRoutes } from './routes/lista-espera.ts';
import { horarioRoutes } from './routes/horario.ts';
import { salaRoutes } from './routes/sala.ts';
import { sesionesRoutes } from './routes/sesiones.ts';
import { historialRoutes } from './routes/historial.ts';
import { firmasRoutes } from './routes/firmas.ts';
import { diarioRoutes } from './routes/diario.ts';
import { cuestionariosPacienteRoutes } from './routes/cuestionarios-paciente.ts';
import { cuestionariosPsicologoRoutes } from './routes/cuestionarios-psicologo.ts';
import { consentimientosRoutes } from './routes/consentimientos.ts';
import { progresoRoutes } from './routes/progreso.ts';
import { graficosRoutes } from './routes/graficos.ts';
import { auditoriaRoutes } from './routes/auditoria.ts';
import { auditLogRoutes } from './routes/audit-log.ts';
import { mensajesRoutes } from './routes/mensajes.ts';
import { directorioPsicologosRoutes } from './routes/directorio-psicologos.ts';
import { calendarioRoutes } from './routes/calendario.ts';
import { misAccesosRoutes } from './routes/mis-accesos.ts';
import { clientesFhirRoutes } from './routes/clientes-fhir.ts';
import { createMetrics, mountSystem } from './system.ts';
import { awaitConsistency, consistencyOf, consistencyTokens } from './consistency.ts';
import { withReplicaReads, type ReplicaReads } from './replica-reads.ts';
import { fhirGateway } from './fhir/gateway.ts';
import { registerSmartRoutes, verifySmartAccessToken } from './fhir/smart/index.ts';
import { registerBulkRoutes } from './fhir/bulk/routes.ts';

/** Every endpoint group of the API. */
export function allRoutes(deps: AppDeps): RouteDef[] {
  return withPaging([
    ...authRoutes(deps),
    ...pacientesRoutes(deps),
    // Before PUT /api/psicologo/:id, which would take /api/psicologo/horario for an id.
    ...horarioRoutes(deps),
    // Likewise /api/psicologo/modalidades.
    ...salaRoutes(deps),
    ...psicologosRoutes(deps),
    ...adminPsicologosRoutes(deps),
    ...direccionesRoutes(deps),
    ...situacionesRoutes(deps),
    ...serviciosRoutes(deps),
    ...tarifasRoutes(deps),
    ...facturasRoutes(deps),
    ...registrosAeatRoutes(deps),
    ...cargosRoutes(deps),
    ...informesRoutes(deps),
    ...pagosStripeRoutes(deps),
    ...pagosRoutes(deps),
    ...saldosPendientesRoutes(deps),
    ...bonosRoutes(deps),
    ...facturasMensualesRoutes(deps),
    ...ajustesRoutes(deps),
    ...dispositivosRoutes(deps),
    ...citasRoutes(deps),
    ...seriesRoutes(deps),
    ...listaEsperaRoutes(deps),
    ...bloqueosRoutes(deps),
    ...sesionesRoutes(deps),
    ...historialRoutes(deps),
    ...firmasRoutes(deps),
    ...diarioRoutes(deps),
    ...cuestionariosPacienteRoutes(deps),
    ...cuestionariosPsicologoRoutes(deps),
    ...consentimientosRoutes(deps),
    ...progresoRoutes(deps),
    ...graficosRoutes(deps),
    ...auditoriaRoutes(deps),
    ...auditLogRoutes(deps),
    ...mensajesRoutes(deps),
    ...directorioPsicologosRoutes(deps),
    ...calendarioRoutes(deps),
    ...clientesFhirRoutes(deps),
    ...misAccesosRoutes(deps),
  ], deps.config.jwtSecret);
}

/**
 * Anything that fails while reading the body is the client's doing: an error without an HTTP
 * status (a corrupt gzip stream, an aborted upload) becomes 400 instead of a 500. Errors thrown
 * downstream of the parser are left alone.
 */
function bodyErrorsAsClientErrors(parser: Koa.Middleware): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await parser(ctx, async () => {});
    } catch (err) {
      const e = err as { status?: number; statusCode?: number; httpCode?: number };
      if (typeof (e?.httpCode ?? e?.status ?? e?.statusCode) === 'number') throw err;
      throw errors.invalid('JSON mal formado o cuerpo no válido', 'Malformed JSON or invalid body');
    }
    return next();
  };
}

export interface AppOptions {
  /** The authenticated users kept in memory (src/http/auth-cache.ts); without it, each request reads the caller's row. */
  users?: AuthUserCache;
  /** A read replica (DATABASE_REPLICA_URL): list and agenda reads go there (src/http/replica-reads.ts). */
  replica?: ReplicaReads;
}

export function createApp(deps: AppDeps, options: AppOptions = {}): Koa {
  const app = new Koa({ proxy: false });
  const { replica } = options;
  const routes = replica ? withReplicaReads(allRoutes(deps), allRoutes({ ...deps, knex: replica.knex, writeKnex: deps.knex }), replica) : allRoutes(deps);
  const metrics = createMetrics(deps);
  const multipart = routes.filter((r) => r.multipart).map((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`));
  const raw = routes.filter((r) => r.rawBody).map((r) => new RegExp(`^${r.path.replace(/:\w+/g, '[^/]+')}$`));
  const document = openApiDocument(routes);

  const router = new Router();
  mountSystem(router, deps, metrics.registry);
  mountDocs(router, () => document);
  const access = accessGuard({ knex: deps.knex, clock: deps.clock, jwtSecret: deps.config.jwtSecret, lookupHash: deps.lookupHash, users: options.users });
  const throttle = throttleGuard(deps.throttles, deps.config.limits.trustProxy);
  const consistency = consistencyOf(deps);
  // A read's X-Consistency-Token is looked at only once the caller is known and within its rate.
  const readAfterToken = awaitConsistency(consistency);
  mountRoutes(router, routes, (def) => {
    const [checkAccess, checkRate] = [access(def), throttle(def)];
    return async (ctx) => {
      await checkAccess(ctx);
      await checkRate(ctx);
      await readAfterToken(ctx);
    };
  });

  app.use(requestLog(deps.logger, router));
  app.use(metrics.middleware);
  app.use(securityHeaders());
  app.use(errorMiddleware(deps.config.practiceTimezone));
  app.use(cors(deps.config.corsOrigins));
  // FHIR (docs/fhir.md) answers its own errors and parses its own bodies: before the JSON API's.
  app.use(fhirGateway(deps, { users: options.users, clients: verifySmartAccessToken, extraRoutes: [registerSmartRoutes, registerBulkRoutes] }));
  app.use(requireJson(multipart));
  app.use(discardUploads()); // formidable's temp files go when the request ends, whatever happened
  app.use(
    bodyErrorsAsClientErrors(rawBodyOr(raw, deps.config.jsonLimitBytes, koaBody({
      json: true,
      jsonLimit: deps.config.jsonLimitBytes,
      jsonStrict: true,
      urlencoded: false,
      text: false,
      multipart: true,
      formidable: { maxFileSize: 5 * 1024 * 1024, maxFiles: 1, maxFields: 10 },
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'] as never,
    }))),
  );
  app.use(inputGuard());
  app.use(consistencyTokens(consistency));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
