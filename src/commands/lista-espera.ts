import { DateTime } from 'luxon';
import type { Actor, CommandContext, Decider } from './decider.ts';
import { handleCommand } from './handler.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { errors } from '../platform/errors.ts';
import { psicologoStream } from '../events/psicologo.ts';
import { psicologoActivo } from './citas.ts';
import { evolveEntradaEspera, listaEsperaStream, type EntradaEspera, type ListaEsperaEvent } from '../events/lista-espera.ts';

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


export async function unirseListaEspera(deps: CommandDeps, actor: Actor, idPaciente: number, input: { idPsicologo: number; desde: string; hasta: string }) {
  const ctx = commandContext(deps, actor);
  comprobarRango(input.desde, input.hasta, ctx); // before an id is taken
  const idEntrada = await deps.ids('espera');
  const r = await handleCommand(deps.store, [
    { streamId: psicologoStream(input.idPsicologo), decider: psicologoActivo, command: { type: 'ComprobarPsicologo' } },
    { streamId: listaEsperaStream(idEntrada), decider: listaEsperaDecider, command: { type: 'Unirse', data: { idEntrada, idPaciente, ...input } } },
  ], ctx);
  return { idEntrada, ...r };
}

export async function abandonarListaEspera(deps: CommandDeps, actor: Actor, idPaciente: number, idEntrada: number) {
  const ctx = commandContext(deps, actor);
  return handleCommand(deps.store, [
    { streamId: listaEsperaStream(idEntrada), decider: listaEsperaDecider, command: { type: 'Abandonar', data: { idEntrada, idPaciente } } },
  ], ctx);
}
