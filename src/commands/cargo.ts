// registrarCargo (docs/billing.md "Charges"): an appointment's charge, recorded once whoever asks and
// however often. The charges reactor (src/reactors/cargos.ts) is its only caller.
import { randomUUID } from 'node:crypto';
import type { EventStore } from '../eventstore/port.ts';
import { cargoCitaStream, evolveCargo, type Cargo, type CargoDatos, type CargoEvent } from '../events/cargo.ts';
import type { Decider } from './decider.ts';
import { handleCommand, type Handled } from './handler.ts';

export type CargoCommand = { type: 'RegistrarCargo'; data: CargoDatos };

/** A charge already recorded for the appointment makes any other one a no-op: the first decides. */
export const cargoDecider: Decider<Cargo, CargoCommand, CargoEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolveCargo,
  decide(command, state) {
    if (state.status !== 'nuevo') return [];
    return [{ type: 'CargoRegistrado', data: { ...command.data } }];
  },
};

/**
 * Records the appointment's charge in `cargo-cita-{idCita}`. The stream is new, so the append expects
 * "no stream": a concurrent or repeated call (a replay, a retry, another instance) loses the race,
 * re-reads the recorded charge and records nothing.
 */
export function registrarCargo(store: EventStore, data: CargoDatos, meta: { now: Date; timezone: string; causationId: string | null }): Promise<Handled> {
  const ctx = {
    now: meta.now, timezone: meta.timezone, bookingHorizonDays: 0, actor: { idUsuario: null, rol: 'SYSTEM' },
    correlationId: randomUUID(), causationId: meta.causationId,
  };
  return handleCommand(store, [{ streamId: cargoCitaStream(data.idCita), decider: cargoDecider, command: { type: 'RegistrarCargo', data } }], ctx);
}
