// Application services of fees (issue 32 item 1, docs/billing.md "Fees"): the practice's services,
// a psychologist's own prices and a patient's sliding-scale rule.
import { evolveServicio, servicioStream, type Servicio, type ServicioCampos, type ServicioEvent } from '../events/servicio.ts';
import { tarifaPacienteStream, tarifasPsicologoStream } from '../events/tarifa.ts';
import { errors } from '../platform/errors.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Step } from './handler.ts';
import { servicioDecider, servicioNotFound, type ServicioCommand } from './servicio.ts';
import { esPacienteDe, foldStream, pacienteDe, pacienteVigente, psicologoExiste } from './streams.ts';
import { tarifaPacienteDecider, tarifasPsicologoDecider, type TarifaPacienteCommand, type TarifaPsicologoCommand } from './tarifa.ts';

const run = (deps: CommandDeps, actor: Actor, step: Step) => handleCommand(deps.store, [step], commandContext(deps, actor));

const servicio = (idServicio: number, command: ServicioCommand): Step => ({ streamId: servicioStream(idServicio), decider: servicioDecider, command });

export async function crearServicio(deps: CommandDeps, actor: Actor, campos: ServicioCampos) {
  const idServicio = await deps.ids('servicio');
  const r = await run(deps, actor, servicio(idServicio, { type: 'CrearServicio', data: { ...campos, idServicio } }));
  return { idServicio, position: r.position, events: r.events };
}

export const modificarServicio = (deps: CommandDeps, actor: Actor, idServicio: number, campos: Extract<ServicioCommand, { type: 'ModificarServicio' }>['data']) =>
  run(deps, actor, servicio(idServicio, { type: 'ModificarServicio', data: campos }));

export const desactivarServicio = (deps: CommandDeps, actor: Actor, idServicio: number) =>
  run(deps, actor, servicio(idServicio, { type: 'DesactivarServicio' }));

/** The service as its stream holds it (services are never deleted, so an existing one stays). */
export const servicioDe = (deps: CommandDeps, idServicio: number) =>
  foldStream<Servicio, ServicioEvent>(deps.store, servicioStream(idServicio), { status: 'nuevo' }, evolveServicio);

const psicologoNotFound = () => errors.notFound('Psicólogo', 'Psychologist');

async function psicologoYServicio(deps: CommandDeps, idPsicologo: number, idServicio: number): Promise<void> {
  if (!(await psicologoExiste(deps.store, idPsicologo))) throw psicologoNotFound();
  if ((await servicioDe(deps, idServicio)).status !== 'existente') throw servicioNotFound();
}

const tarifasPsicologo = (idPsicologo: number, command: TarifaPsicologoCommand): Step =>
  ({ streamId: tarifasPsicologoStream(idPsicologo), decider: tarifasPsicologoDecider, command });

export async function fijarTarifaPsicologo(deps: CommandDeps, actor: Actor, data: { idPsicologo: number; idServicio: number; precioCentimos: number }) {
  await psicologoYServicio(deps, data.idPsicologo, data.idServicio);
  return run(deps, actor, tarifasPsicologo(data.idPsicologo, { type: 'FijarTarifaPsicologo', data }));
}

export async function retirarTarifaPsicologo(deps: CommandDeps, actor: Actor, data: { idPsicologo: number; idServicio: number }) {
  await psicologoYServicio(deps, data.idPsicologo, data.idServicio);
  return run(deps, actor, tarifasPsicologo(data.idPsicologo, { type: 'RetirarTarifaPsicologo', data }));
}

/**
 * Whose patient rule the caller may set: any patient (`todos`, the administrator) or only those of
 * one psychologist. Checked on the streams too, whatever the read model the route looked at.
 */
export type AlcancePaciente = 'todos' | { idPsicologo: number };

async function pacienteEnAlcance(deps: CommandDeps, idPaciente: number, alcance: AlcancePaciente): Promise<void> {
  const ok = alcance === 'todos' ? pacienteVigente(await pacienteDe(deps.store, idPaciente)) : await esPacienteDe(deps.store, idPaciente, alcance.idPsicologo);
  if (!ok) throw errors.notFound('Paciente', 'Patient');
}

const tarifaPaciente = (idPaciente: number, command: TarifaPacienteCommand): Step =>
  ({ streamId: tarifaPacienteStream(idPaciente), decider: tarifaPacienteDecider, command });

export async function fijarTarifaPaciente(
  deps: CommandDeps, actor: Actor, alcance: AlcancePaciente,
  data: { idPaciente: number; descuentoPorcentaje?: number; precioFijoCentimos?: number },
) {
  await pacienteEnAlcance(deps, data.idPaciente, alcance);
  return run(deps, actor, tarifaPaciente(data.idPaciente, { type: 'FijarTarifaPaciente', data }));
}

export async function retirarTarifaPaciente(deps: CommandDeps, actor: Actor, alcance: AlcancePaciente, idPaciente: number) {
  await pacienteEnAlcance(deps, idPaciente, alcance);
  return run(deps, actor, tarifaPaciente(idPaciente, { type: 'RetirarTarifaPaciente', data: { idPaciente } }));
}
