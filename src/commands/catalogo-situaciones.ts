// Application services of the situations catalogue, and its seeding on a first start.
import { ReservationTakenError } from '../eventstore/port.ts';
import { CATALOGO_STREAM, normaliseNombre, situacionStream, type SituacionCampos, type SituacionEvent } from '../events/situacion.ts';
import { AppError, errors } from '../platform/errors.ts';
import type { Logger } from '../platform/logger.ts';
import type { Actor } from './decider.ts';
import type { ReadModelsWait } from './lookups.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand, type Step } from './handler.ts';
import { catalogoDecider, nombreReservations, situacionDecider, type SituacionCommand } from './situacion.ts';

const SEED: SituacionCampos[] = [
  { nombre: 'Ansiedad generalizada', categoria: 'Trastorno', descripcion: 'Preocupación excesiva y persistente, difícil de controlar, con tensión e inquietud.', activo: true },
  { nombre: 'Depresión', categoria: 'Trastorno', descripcion: 'Tristeza persistente, pérdida de interés y de energía.', activo: true },
  { nombre: 'Ataques de pánico', categoria: 'Trastorno', descripcion: 'Episodios bruscos de miedo intenso con síntomas físicos.', activo: true },
  { nombre: 'Insomnio', categoria: 'Trastorno', descripcion: 'Dificultad para conciliar o mantener el sueño.', activo: true },
  { nombre: 'Duelo', categoria: 'Emocional', descripcion: 'Proceso tras la pérdida de un ser querido o de algo significativo.', activo: true },
  { nombre: 'Baja autoestima', categoria: 'Emocional', descripcion: 'Valoración negativa de uno mismo y de las propias capacidades.', activo: true },
  { nombre: 'Gestión de la ira', categoria: 'Emocional', descripcion: 'Dificultad para regular el enfado y sus consecuencias.', activo: true },
  { nombre: 'Problemas de pareja', categoria: 'Relacional', descripcion: 'Conflictos, comunicación o crisis en la relación de pareja.', activo: true },
  { nombre: 'Conflictos familiares', categoria: 'Relacional', descripcion: 'Tensiones o rupturas en la convivencia y las relaciones familiares.', activo: true },
  { nombre: 'Estrés laboral', categoria: 'Laboral', descripcion: 'Sobrecarga y presión sostenida en el trabajo.', activo: true },
  { nombre: 'Acoso laboral', categoria: 'Laboral', descripcion: 'Hostigamiento o trato vejatorio en el entorno de trabajo.', activo: true },
];

const nombreTaken = () => errors.conflict('Ya existe una situación con ese nombre', 'A situation with that name already exists');

async function decideSituacion(deps: CommandDeps, actor: Actor, steps: Step[]) {
  try {
    return await handleCommand(deps.store, steps, commandContext(deps, actor), (events) =>
      nombreReservations(events as SituacionEvent[], (n) => deps.lookupHash('situacion', n)));
  } catch (err) {
    if (err instanceof ReservationTakenError && err.scope === 'situacion') throw nombreTaken();
    throw err;
  }
}

const step = (idSituacion: number, command: SituacionCommand): Step => ({ streamId: situacionStream(idSituacion), decider: situacionDecider, command });

export async function crearSituacion(deps: CommandDeps, actor: Actor, campos: SituacionCampos) {
  const idSituacion = await deps.ids('situacion');
  const r = await decideSituacion(deps, actor, [step(idSituacion, { type: 'CrearSituacion', data: { ...campos, idSituacion } })]);
  return { idSituacion, position: r.position, events: r.events };
}

export const modificarSituacion = (deps: CommandDeps, actor: Actor, idSituacion: number, campos: Extract<SituacionCommand, { type: 'ModificarSituacion' }>['data']) =>
  decideSituacion(deps, actor, [step(idSituacion, { type: 'ModificarSituacion', data: campos })]);

export const eliminarSituacion = (deps: CommandDeps, actor: Actor, idSituacion: number) =>
  decideSituacion(deps, actor, [step(idSituacion, { type: 'EliminarSituacion' })]);

/**
 * First start: seed a small catalogue, once ever (an admin's later deletions stay deleted).
 * The marker stream and the entries go in one append; of several processes starting together
 * one wins, the others meet the marker (409) or the name reservations and stop.
 */
export async function seedSituaciones(deps: CommandDeps, projections: ReadModelsWait, logger: Logger): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    if ((await deps.store.readStream(CATALOGO_STREAM)).length > 0) return;
    await projections.waitFor(await deps.store.head(), 30_000);
    // Names an admin created before this version existed are kept, not duplicated.
    const existing = new Set((await deps.lookups.nombresSituaciones()).map(normaliseNombre));
    const steps: Step[] = [];
    for (const campos of SEED.filter((c) => !existing.has(normaliseNombre(c.nombre)))) {
      const idSituacion = await deps.ids('situacion');
      steps.push(step(idSituacion, { type: 'CrearSituacion', data: { ...campos, idSituacion } }));
    }
    const idsSituacion = steps.map((s) => (s.command as { data: { idSituacion: number } }).data.idSituacion);
    steps.unshift({ streamId: CATALOGO_STREAM, decider: catalogoDecider, command: { type: 'SembrarCatalogo', data: { idsSituacion } } });
    try {
      const r = await decideSituacion(deps, { idUsuario: null, rol: 'SYSTEM' }, steps);
      await projections.waitFor(r.position, 30_000);
      logger.info({ situaciones: idsSituacion.length }, 'situations catalogue seeded');
      return;
    } catch (err) {
      // Another process seeded (409 on the marker or on a name): look again.
      if (!(err instanceof AppError && err.status === 409)) throw err;
    }
  }
  logger.warn('situations catalogue not seeded: names kept conflicting');
}
