import type { Context } from 'koa';
import type { AppDeps } from './deps.ts';
import { caller } from './auth.ts';

/** What part of a patient's clinical record was read. */
export type Recurso = 'HISTORIAL' | 'DIARIO' | 'PROGRESO' | 'AUDITORIA' | 'CUESTIONARIOS';

// A patient reading their own record is not logged: the log answers "who else looked at it".
const LOGGED_ROLES = new Set(['PSICOLOGO', 'ADMIN', 'AUDITOR']);

/**
 * Records that the caller read these patients' clinical records: who, whose, when, which path.
 * A table row, not an event: a read changes no state, the log would grow with every page view,
 * and the access log must survive a rebuild of the read models. Never the query or the content.
 */
export async function recordAccess(deps: AppDeps, ctx: Context, recurso: Recurso, idPacientes: Iterable<number>): Promise<void> {
  const user = caller(ctx);
  if (!LOGGED_ROLES.has(user.rol)) return;
  const accedidoEn = deps.clock.now();
  const rows = [...new Set(idPacientes)].sort((a, b) => a - b).map((idPaciente) => ({
    id_usuario: user.idUsuario, rol: user.rol, id_paciente: idPaciente, recurso, metodo: ctx.method, ruta: ctx.path,
    request_id: ctx.response.get('X-Request-Id') || null, accedido_en: accedidoEn,
  }));
  // In chunks: an administrator's listing may name every patient of the practice.
  // On the primary also when the list was read from the replica.
  if (rows.length > 0) await (deps.writeKnex ?? deps.knex).batchInsert('accesos_clinicos', rows, 1000);
}
