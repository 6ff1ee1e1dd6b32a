import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { ActualizarPacienteInput } from '../../commands/pacientes.ts';
import { ajustarEstadoPago } from '../../commands/estado-pago.ts';
import type { EstadoPago } from '../../events/paciente.ts';
import { cuentaEstadoPago } from '../../queries/pagos.ts';
import type { AuthUser } from '../../queries/usuarios.ts';

/**
 * An administrator's estadoPago in PUT /api/pacientes/{id} (docs/billing.md "estadoPago"). Before
 * the patient's first invoice it is the profile's value, changed as before. From then on it is
 * derived from the account: the change is recorded as payments (ajustarEstadoPago) or refused with
 * 409, and the rest of the body goes on without it.
 */
export async function conEstadoPago(deps: AppDeps, user: AuthUser, idPaciente: number, body: ActualizarPacienteInput): Promise<ActualizarPacienteInput> {
  if (body.estadoPago === undefined) return body;
  const cuenta = await cuentaEstadoPago(deps.knex, idPaciente);
  if (!cuenta.derivado) return body;
  const { estadoPago, ...resto } = body;
  const r = await ajustarEstadoPago(deps, {
    pedido: estadoPago, actual: cuenta.estado as EstadoPago, pendientes: cuenta.pendientes, actor: { idUsuario: user.idUsuario, rol: user.rol },
  });
  await settled(deps, r.position);
  return resto;
}
