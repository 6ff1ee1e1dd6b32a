// registrarCargo (docs/billing.md "Charges", "Packs"): an appointment's charge, recorded once whoever
// asks and however often, and covered by a prepaid pack when one has a session left for it. The
// charges reactor (src/reactors/cargos.ts) is its only caller.
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent, StoredEvent, StreamWrite } from '../eventstore/port.ts';
import { WrongExpectedRevisionError } from '../eventstore/port.ts';
import { bonoCubre, bonoStream, evolveBono, type Bono, type BonoEvent } from '../events/bono.ts';
import { cargoCitaStream, evolveCargo, type Cargo, type CargoDatos, type CargoEvent } from '../events/cargo.ts';
import type { DomainEvent } from '../events/domain-event.ts';
import type { Handled } from './handler.ts';

const MAX_ATTEMPTS = 10;
const expectedOf = (events: StoredEvent[]) => (events.length ? events[events.length - 1].revision : ('noStream' as const));

type Meta = { now: Date; timezone: string; causationId: string | null };

function nuevo(e: DomainEvent, meta: Meta, correlationId: string): NewEvent {
  return {
    type: e.type, data: e.data as Record<string, unknown>,
    metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: 'SYSTEM' }, correlationId, causationId: meta.causationId, occurredAt: meta.now.toISOString() },
  };
}

/**
 * What to append: nothing if the appointment is already charged; else the charge, and with it one use
 * of the first of `bonos` that covers it (a SESION charge only), expecting the revision of that
 * pack's stream as read here.
 */
function decidir(cargoEv: StoredEvent[], bonos: { id: number; events: StoredEvent[] }[], data: CargoDatos, meta: Meta, correlationId: string): StreamWrite[] {
  const cargo = cargoEv.reduce((s, e) => evolveCargo(s, e as unknown as CargoEvent), { status: 'nuevo' } as Cargo);
  if (cargo.status !== 'nuevo') return [];
  const bono = data.concepto !== 'SESION' ? undefined : bonos.find((b) => {
    const state = b.events.reduce((s, e) => evolveBono(s, e as unknown as BonoEvent), { status: 'nuevo' } as Bono);
    return bonoCubre(state, data.fecha, data.idServicio);
  });
  const registrado: CargoDatos = { ...data, idBono: bono?.id ?? null };
  const writes: StreamWrite[] = [{ streamId: cargoCitaStream(data.idCita), expected: 'noStream', events: [nuevo({ type: 'CargoRegistrado', data: registrado }, meta, correlationId)] }];
  if (bono) {
    const uso = { type: 'BonoSesionUsada', data: { idBono: bono.id, idCargo: data.idCargo, idPaciente: data.idPaciente } };
    writes.push({ streamId: bonoStream(bono.id), expected: expectedOf(bono.events), events: [nuevo(uso, meta, correlationId)] });
  }
  return writes;
}

/**
 * Records the appointment's charge in `cargo-cita-{idCita}`, expecting no stream: a concurrent or
 * repeated call (a replay, a retry, another instance) loses the race, re-reads the recorded charge
 * and records nothing. `bonos`: the patient's packs that may cover it, in the order to try them
 * (oldest-expiring first); a pack's use goes in the same atomic append as the charge, so of two
 * sessions racing for a pack's last use one gets it and the other, re-read, is charged normally.
 */
export async function registrarCargo(store: EventStore, data: CargoDatos, meta: Meta, bonos: readonly number[] = []): Promise<Handled> {
  const correlationId = randomUUID();
  for (let attempt = 1; ; attempt++) {
    const [cargoEv, ...bonosEv] = await store.readStreams([cargoCitaStream(data.idCita), ...bonos.map(bonoStream)]);
    const writes = decidir(cargoEv, bonos.map((id, i) => ({ id, events: bonosEv[i] })), data, meta, correlationId);
    if (!writes.length) return { events: [], position: null };
    try {
      const result = await store.append(writes);
      return { events: writes.flatMap((w) => w.events.map((e) => ({ type: e.type, data: e.data }) as DomainEvent)), position: result.position };
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}
