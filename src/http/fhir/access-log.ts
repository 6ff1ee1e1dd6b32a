import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { Clock } from '../../platform/clock.ts';
import type { FhirViewer } from '../../queries/fhir/types.ts';

/**
 * Every FHIR read, search and export is logged, per patient whose records it returned: who (a user
 * or a machine client), whose, which type, when, which path; never the query or the content. The
 * patient's own reads too: through FHIR a patient's app may be a third party acting for them.
 */
export async function recordFhirAccess(
  db: Knex, clock: Clock, ctx: Context, viewer: FhirViewer, recurso: string, idPacientes: Iterable<number>,
): Promise<void> {
  const ids = [...new Set(idPacientes)].sort((a, b) => a - b);
  // A HEAD answers headers only: nothing of the record was handed out.
  if (ids.length === 0 || ctx.method === 'HEAD') return;
  const accedidoEn = clock.now();
  const rows = ids.map((idPaciente) => ({
    id_usuario: viewer.who.idUsuario, id_cliente_fhir: viewer.who.idCliente, rol: viewer.who.rol, id_paciente: idPaciente,
    recurso: `FHIR ${recurso}`, metodo: ctx.method, ruta: ctx.path, request_id: ctx.response.get('X-Request-Id') || null, accedido_en: accedidoEn,
  }));
  await db.batchInsert('accesos_clinicos', rows, 1000);
}
