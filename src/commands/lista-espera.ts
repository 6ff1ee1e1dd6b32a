import { DateTime } from 'luxon';
import type { Actor, CommandContext, Decider } from './decider.ts';
import { handleCommand } from './handler.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { errors } from '../platform/errors.ts';
import { psicologoStream } from '../events/psicologo.ts';
import { psicologoActivo } from './citas.ts';
import {
  esperasPacienteStream, evolveEntradaEspera, evolveEsperasPaciente, listaEsperaStream,
  type EntradaEspera, type EsperaAnotada, type EsperasPaciente, type ListaEsperaEvent, type RangoEspera,
} from '../events/lista-espera.ts';

/** The longest range one entry may wait for, in days (both ends included): a month. */
export const MAX_DIAS_ESPERA = 31;

export type ListaEsperaCommand =
  | { type: 'Unirse'; data: { idEntrada: number; idPaciente: number; idPsicologo: number; desde: string; hasta: string } }
  | { type: 'Abandonar'; data: { idEntrada: number; idPaciente: number } };

const noEncontrada = () => errors.notFound('Entrada de lista de espera', 'Waitlist entry');

/** The range must start today or later, end within the booking horizon and span at most MAX_DIAS_ESPERA days. */
export function comprobarRango(desde: string, hasta: string, ctx: CommandContext): void {
  const hoy = DateTime.fromJSDate(ctx.now, { zone: ctx.timezone }).startOf('day');
  const d = DateTime.fromISO(desde, { zone: ctx.timezone });
  const h = DateTime.fromISO(hasta, { zone: ctx.timezone });
  if (d < hoy) throw errors.invalid('desde no puede estar en el pasado', 'desde cannot be in the past');
  if (h < d) throw errors.invalid('hasta no puede ser anterior a desde', 'hasta cannot be before desde');
  if (h.diff(d, 'days').days + 1 > MAX_DIAS_ESPERA) {
    throw errors.invalid(`El rango no puede superar ${MAX_DIAS_ESPERA} días`, `The range cannot exceed ${MAX_DIAS_ESPERA} days`);
  }
  if (h > hoy.plus({ days: ctx.bookingHorizonDays })) {
    throw errors.invalid(`hasta no puede superar el plazo de reserva (${ctx.bookingHorizonDays} días)`, `hasta cannot be beyond the booking horizon (${ctx.bookingHorizonDays} days)`);
  }
}

/** `lista-espera-<idEntrada>`: joined once, left once, only by its own patient (anyone else: 404). */
export const listaEsperaDecider: Decider<EntradaEspera, ListaEsperaCommand, ListaEsperaEvent> = {
  initialState: () => ({ status: 'nueva' }),
  evolve: evolveEntradaEspera,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'Unirse':
        if (state.status !== 'nueva') throw errors.conflict('La entrada ya existe', 'The entry already exists');
        comprobarRango(command.data.desde, command.data.hasta, ctx);
        return [{ type: 'ListaEsperaUnida', data: command.data }];
      case 'Abandonar':
        if (state.status === 'nueva' || state.idPaciente !== command.data.idPaciente) throw noEncontrada();
        if (state.status === 'abandonada') throw errors.conflict('Ya ha abandonado esta lista de espera', 'You already left this waitlist');
        return [{ type: 'ListaEsperaAbandonada', data: { ...command.data, idPsicologo: state.idPsicologo } }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

export type AnotarEspera = {
  type: 'AnotarEspera';
  data: EsperaAnotada['data'];
  /** The read model's rows of this patient and psychologist: entries from before this stream, and which are no longer ACTIVA. */
  leidas: (RangoEspera & { estado: string })[];
};

const solapada = () => errors.conflict(
  'Ya está en la lista de espera de este psicólogo para fechas que se solapan: abandone esa entrada o elija otras fechas',
  'You are already on this psychologist\'s waitlist for overlapping dates: leave that entry or choose other dates',
);

/**
 * `esperas-paciente-<idPaciente>-<idPsicologo>`: one active entry per patient, psychologist and
 * overlapping range. The stream serialises joins; the read model says which entries were left or
 * served (ATENDIDA folds bookings, which this stream never sees) and holds those from before it.
 */
export const esperasPacienteDecider: Decider<EsperasPaciente, AnotarEspera, EsperaAnotada> = {
  initialState: () => ({ rangos: [] }),
  evolve: evolveEsperasPaciente,
  decide(command, state) {
    const cerradas = new Set(command.leidas.filter((e) => e.estado !== 'ACTIVA').map((e) => e.idEntrada));
    const { desde, hasta } = command.data;
    const activas = [...state.rangos, ...command.leidas.filter((e) => e.estado === 'ACTIVA')].filter((r) => !cerradas.has(r.idEntrada));
    if (activas.some((r) => r.desde <= hasta && desde <= r.hasta)) throw solapada();
    return [{ type: 'EsperaAnotada', data: command.data }];
  },
};

export async function unirseListaEspera(deps: CommandDeps, actor: Actor, idPaciente: number, input: { idPsicologo: number; desde: string; hasta: string }) {
  const ctx = commandContext(deps, actor);
  comprobarRango(input.desde, input.hasta, ctx); // before an id is taken
  const idEntrada = await deps.ids('espera');
  const data = { idEntrada, idPaciente, ...input };
  // A plan: a retry after a concurrent join re-reads the read model along with the streams.
  const r = await handleCommand(deps.store, async () => [
    { streamId: psicologoStream(input.idPsicologo), decider: psicologoActivo, command: { type: 'ComprobarPsicologo' } },
    {
      streamId: esperasPacienteStream(idPaciente, input.idPsicologo), decider: esperasPacienteDecider,
      command: { type: 'AnotarEspera', data, leidas: await deps.lookups.entradasEspera(idPaciente, input.idPsicologo) } satisfies AnotarEspera,
    },
    { streamId: listaEsperaStream(idEntrada), decider: listaEsperaDecider, command: { type: 'Unirse', data } },
  ], ctx);
  return { idEntrada, ...r };
}

export async function abandonarListaEspera(deps: CommandDeps, actor: Actor, idPaciente: number, idEntrada: number) {
  const ctx = commandContext(deps, actor);
  return handleCommand(deps.store, [
    { streamId: listaEsperaStream(idEntrada), decider: listaEsperaDecider, command: { type: 'Abandonar', data: { idEntrada, idPaciente } } },
  ], ctx);
}
