import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import type { AppDeps } from '../deps.ts';
import { authenticate } from '../auth.ts';
import type { AuthUserCache } from '../auth-cache.ts';
import { publicBase } from '../public-url.ts';
import { errors } from '../../platform/errors.ts';
import { fhirResourceTypes, fhirType } from '../../queries/fhir/registry.ts';
import type { FhirDb, FhirResourceType } from '../../queries/fhir/types.ts';
import { recordFhirAccess } from './access-log.ts';
import { searchBundle, withCursor } from './bundle.ts';
import { capabilityStatement } from './capability.ts';
import { FHIR_JSON, fhirErrors, sendOutcome } from './outcome.ts';
import { jsonOnly } from './negotiation.ts';
import { checkReadQuery, parseSearch } from './search-request.ts';
import { chargedSearches } from './search-budget.ts';
import { awaitConsistency, consistencyOf, consistencyTokens } from '../consistency.ts';
import { checkTypeAllowed, fhirViewer, viewerOfClient, viewerOfUser, type FhirClient } from './viewer.ts';
import { fhirFresh } from './fresh.ts';

export const FHIR_BASE_PATH = '/fhir/R4';
const COUNTS = { defaultCount: 50, maxCount: 1000 };

export interface FhirGatewayOptions {
  users?: AuthUserCache;
  /** SMART Backend Services: the client behind an access token, or null when it is not one. */
  clients?: (deps: AppDeps, token: string) => Promise<FhirClient | null>;
  /** More routes on the same router (bulk export, SMART token endpoint), before the reads; `auth` sets the viewer. */
  extraRoutes?: ((router: Router, deps: AppDeps, auth: Middleware) => void)[];
}

/** The absolute base of FHIR URLs (fullUrl, links, manifests). */
export const fhirBase = (ctx: Context, deps: AppDeps) =>
  `${publicBase(ctx, { publicBaseUrl: deps.config.publicBaseUrl, trustProxy: deps.config.limits.trustProxy })}${FHIR_BASE_PATH}`;

/** What resource modules read with, from the service's own settings (reads, searches and exports alike). */
export const fhirDbOf = (deps: AppDeps, knex = deps.knex): FhirDb => ({
  knex, zone: deps.config.practiceTimezone, now: () => deps.clock.now(), bookingHorizonDays: deps.config.limits.bookingHorizonDays,
  patientIdSystem: deps.config.fhirPatientIdSystem,
  // Canonicals never follow the request's host: the configured public URL, else our own default.
  ...(deps.config.publicBaseUrl ? { canonicalBase: `${deps.config.publicBaseUrl}${FHIR_BASE_PATH}` } : {}),
});

const BEARER = /^Bearer\s+(\S+)$/i;

/** Sets ctx.state.fhirViewer from the bearer token: a machine client's, else a user's. */
export function fhirAuth(deps: AppDeps, opts: FhirGatewayOptions): Middleware {
  const authDeps = { knex: deps.knex, clock: deps.clock, jwtSecret: deps.config.jwtSecret, lookupHash: deps.lookupHash, users: opts.users };
  // A read with the X-Consistency-Token of a REST write waits for it, as the REST API's reads do:
  // once the caller is known (src/http/consistency.ts).
  const readAfterToken = awaitConsistency(consistencyOf(deps));
  return async (ctx, next) => {
    const token = BEARER.exec(ctx.get('Authorization'))?.[1];
    if (!token) throw errors.unauthenticated();
    const client = opts.clients ? await opts.clients(deps, token) : null;
    ctx.state.fhirViewer = client ? viewerOfClient(client) : viewerOfUser(await authenticate(authDeps, ctx));
    await readAfterToken(ctx);
    await next();
  };
}

function typeOf(ctx: Context): FhirResourceType {
  const type = fhirType(ctx.params.type);
  if (!type) throw errors.notFound('Recurso', `Resource type ${ctx.params.type}`);
  checkTypeAllowed(fhirViewer(ctx), type.type);
  return type;
}

/** A 200 of FHIR JSON; `_pretty=true` indents it (R4 http.html §3.1.0.1.10.1). */
function send(ctx: Context, body: unknown): void {
  ctx.status = 200;
  ctx.type = FHIR_JSON;
  ctx.body = ctx.query._pretty === 'true' ? JSON.stringify(body, null, 2) : body;
}

function mountReads(router: Router, deps: AppDeps, auth: Middleware): void {
  const rc = () => fhirDbOf(deps);
  const charged = chargedSearches(deps.config.limits.fhirSlotAgendaDaysPerMinute);
  const fresh = fhirFresh(deps);
  router.get('/:type', jsonOnly, auth, fresh, async (ctx) => {
    const type = typeOf(ctx);
    const viewer = fhirViewer(ctx);
    const req = parseSearch(ctx, type, COUNTS);
    const page = await charged(type, rc(), viewer, req);
    await recordFhirAccess(deps.knex, deps.clock, ctx, viewer, type.type, page.resources.flatMap((r) => type.patientsOf(r)));
    send(ctx, searchBundle(fhirBase(ctx, deps), type.type, ctx.querystring, page, (c) => withCursor(ctx.querystring, c)));
  });
  router.get('/:type/:id', jsonOnly, auth, fresh, async (ctx) => {
    const type = typeOf(ctx);
    checkReadQuery(ctx);
    const viewer = fhirViewer(ctx);
    const found = /^[A-Za-z0-9\-.]{1,64}$/.test(ctx.params.id) ? await type.read(rc(), viewer, ctx.params.id) : null;
    if (!found) return sendOutcome(ctx, 404, { es: `${type.type}/${ctx.params.id} no encontrado`, en: `${type.type}/${ctx.params.id} not found` });
    await recordFhirAccess(deps.knex, deps.clock, ctx, viewer, type.type, type.patientsOf(found));
    ctx.set('ETag', `W/"${found.meta?.versionId ?? '0'}"`);
    if (found.meta?.lastUpdated) ctx.set('Last-Modified', new Date(found.meta.lastUpdated).toUTCString());
    send(ctx, found);
  });
}

/** Everything under /fhir/: its own router, errors as OperationOutcome, JSON only, read-only. */
export function fhirGateway(deps: AppDeps, opts: FhirGatewayOptions = {}): Middleware {
  const router = new Router({ prefix: FHIR_BASE_PATH });
  const auth = fhirAuth(deps, opts);
  const startedAt = deps.clock.now();
  router.get('/metadata', jsonOnly, (ctx) => {
    const base = fhirBase(ctx, deps);
    send(ctx, capabilityStatement(fhirResourceTypes, { base, startedAt, tokenUrl: `${base}/auth/token`, exportTypes: ['Patient', 'Group'] }));
  });
  for (const extra of opts.extraRoutes ?? []) extra(router, deps, auth);
  mountReads(router, deps, auth);
  const routes = router.routes();
  const errorsToOutcome = fhirErrors();
  // Answers that store something carry their token, as the REST API's do (reads wait in fhirAuth).
  const consistent = consistencyTokens(consistencyOf(deps));
  return async (ctx: Context, next: Next) => {
    if (ctx.path !== '/fhir' && !ctx.path.startsWith('/fhir/')) return next();
    await errorsToOutcome(ctx, async () => {
      await consistent(ctx, () => routes(ctx as never, async () => {}));
      if (ctx.body !== undefined || ctx.status !== 404) return;
      // Read-only: a write to a resource path is a method this server does not allow.
      if (!['GET', 'HEAD'].includes(ctx.method)) {
        return sendOutcome(ctx, 405, { es: `Este servidor FHIR es de solo lectura: ${ctx.method} no se admite aquí`, en: `This FHIR server is read-only: ${ctx.method} is not supported here` }, { Allow: 'GET' });
      }
      sendOutcome(ctx, 404, { es: `No hay ningún punto FHIR en ${ctx.method} ${ctx.path}`, en: `No FHIR endpoint at ${ctx.method} ${ctx.path}` });
    });
  };
}
