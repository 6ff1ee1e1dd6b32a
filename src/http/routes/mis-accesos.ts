import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { s } from '../validation.ts';
import { caller } from '../auth.ts';
import { answerPage } from '../paging.ts';
import { pageAccesos } from '../../queries/auditoria.ts';
import { ownPaciente } from './historial.ts';
import { accesoSchema } from './auditoria.ts';

/** A patient sees who read their record: staff through the REST API, anyone (their own apps too) through FHIR. */
export function misAccesosRoutes(deps: AppDeps): RouteDef[] {
  return [{
    method: 'get', path: '/api/accesos-expediente', operationId: 'listMisAccesos', tag: 'Auditoría', auth: ['PACIENTE'],
    summary: 'Quién ha leído mi expediente clínico (REST y FHIR)',
    description: 'Cada lectura del historial, diario o progreso por el personal, y cada lectura, búsqueda o exportación FHIR que devolvió datos del paciente: quién (usuario o cliente FHIR), qué recurso, cuándo y por qué ruta; nunca la consulta ni el contenido.',
    responses: { 200: { description: 'Accesos, por idAcceso', schema: s.array(accesoSchema) } },
    handler: async (ctx, { page }) => {
      const idPaciente = ownPaciente(caller(ctx));
      await answerPage(ctx, page, (p) => pageAccesos(deps.knex, deps.config.practiceTimezone, p, idPaciente));
    },
  }];
}
