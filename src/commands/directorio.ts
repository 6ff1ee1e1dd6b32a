import type { DomainEvent } from '../events/domain-event.ts';
// Application services of the directory area: a patient's addresses, a user's settings and push devices.
import type { Position } from '../eventstore/port.ts';
import { direccionStream, evolveDireccion, type Direccion, type DireccionCampos, type DireccionEvent } from '../events/direccion.ts';
import { ajustesStream, evolveAjustes, type Ajustes, type AjusteEvent, type AjustesCampos } from '../events/ajuste.ts';
import { dispositivosStream, type MotivoBaja } from '../events/dispositivo.ts';
import { evolvePaciente, pacienteStream, type Paciente, type PacienteRegistrado } from '../events/paciente.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Step } from './handler.ts';
import { direccionDecider, direccionNotFound } from './direccion.ts';
import { ajusteDecider } from './ajuste.ts';
import { dispositivoDecider } from './dispositivo.ts';
import { foldStream, pacienteVigente } from './streams.ts';

export async function anadirDireccion(deps: CommandDeps, actor: Actor, idPaciente: number, campos: DireccionCampos) {
  const idDireccion = await deps.ids('direccion');
  const r = await handleCommand(
    deps.store,
    [{ streamId: direccionStream(idDireccion), decider: direccionDecider, command: { type: 'AnadirDireccion', data: { ...campos, idDireccion, idPaciente } } }],
    commandContext(deps, actor),
  );
  return { idDireccion, position: r.position, events: r.events };
}

/** Removes one of the patient's own addresses; anyone else's reads as not found. */
export async function eliminarDireccion(deps: CommandDeps, actor: Actor, idPaciente: number, idDireccion: number) {
  // Addresses given at registration have no stream of their own: the patient's registration vouches for them.
  const direccion = await foldStream<Direccion, DireccionEvent>(deps.store, direccionStream(idDireccion), { status: 'nueva' }, evolveDireccion);
  if (direccion.status === 'nueva' && !(await direccionDeRegistro(deps, idPaciente, idDireccion))) throw direccionNotFound();
  return handleCommand(
    deps.store,
    [{ streamId: direccionStream(idDireccion), decider: direccionDecider, command: { type: 'EliminarDireccion', data: { idDireccion, idPaciente } } }],
    commandContext(deps, actor),
  );
}

/** Whether the (not erased) patient gave this address when registering. */
async function direccionDeRegistro(deps: CommandDeps, idPaciente: number, idDireccion: number): Promise<boolean> {
  const history = await deps.store.readStream(pacienteStream(idPaciente));
  const paciente = history.reduce((s, e) => evolvePaciente(s, e as never), { status: 'nuevo' } as Paciente);
  if (!pacienteVigente(paciente)) return false;
  const registro = history.find((e) => e.type === 'PacienteRegistrado')?.data as PacienteRegistrado['data'] | undefined;
  return (registro?.direcciones ?? []).some((d) => d.idDireccion === idDireccion);
}

export async function actualizarAjustes(deps: CommandDeps, actor: Actor, idUsuario: number, cambios: Partial<AjustesCampos>) {
  // A new id only for a user without settings (a concurrent first change may waste one; harmless).
  const ajustes = await foldStream<Ajustes, AjusteEvent>(deps.store, ajustesStream(idUsuario), { status: 'nuevo' }, evolveAjustes);
  const idAjusteNuevo = ajustes.status === 'definido' ? ajustes.idAjuste : await deps.ids('ajuste');
  return handleCommand(
    deps.store,
    [{ streamId: ajustesStream(idUsuario), decider: ajusteDecider, command: { type: 'ActualizarAjustes', data: { idUsuario, idAjusteNuevo, cambios } } }],
    commandContext(deps, actor),
  );
}

const eliminarStep = (idUsuario: number, token: string, motivo: MotivoBaja): Step => ({
  streamId: dispositivosStream(idUsuario),
  decider: dispositivoDecider,
  command: { type: 'EliminarDispositivo', data: { idUsuario, token, motivo } },
});

/**
 * Registers a device token for the user. A token is one app install: if another user had it
 * (they signed out, this one signed in on the same phone), it moves, so pushes follow the person
 * now using the device. Past MAX_DEVICE_TOKENS_PER_USER the user's oldest tokens are removed.
 */
export async function registrarDispositivo(deps: CommandDeps, actor: Actor, idUsuario: number, token: string): Promise<{ creado: boolean; position: Position | null; events: DomainEvent[] }> {
  // A token is keyed by no stream: the devices read model is its index.
  const owner = await deps.lookups.duenoDispositivo(token);
  const steps: Step[] = owner !== null && owner !== idUsuario ? [eliminarStep(owner, token, 'OTRO_USUARIO')] : [];
  steps.push({ streamId: dispositivosStream(idUsuario), decider: dispositivoDecider, command: { type: 'RegistrarDispositivo', data: { idUsuario, token }, max: deps.config.limits.maxDeviceTokensPerUser } });
  const r = await handleCommand(deps.store, steps, commandContext(deps, actor));
  return { creado: r.events.some((e) => e.type === 'DispositivoRegistrado'), position: r.position, events: r.events };
}

/** `USUARIO`: the user's request (404 when unknown); `NO_REGISTRADO`: FCM dropped it (no error). */
export async function eliminarDispositivo(deps: CommandDeps, actor: Actor, idUsuario: number, token: string, motivo: MotivoBaja = 'USUARIO') {
  return handleCommand(deps.store, [eliminarStep(idUsuario, token, motivo)], commandContext(deps, actor));
}
