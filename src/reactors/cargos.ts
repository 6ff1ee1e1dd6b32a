import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';
import { citaStream, evolveCita, type Cita, type CitaCancelada, type CitaEvent } from '../events/cita.ts';
import type { CargoDatos, ConceptoCargo } from '../events/cargo.ts';
import type { SesionRegistrada } from '../events/sesion.ts';
import { registrarCargo } from '../commands/cargo.ts';
import { precioDe, servicioPorDefecto } from '../queries/precio-sesion.ts';
import { findTarifaPsicologo, serviciosDeDuracion, tarifaPaciente } from '../queries/tarifas.ts';
import { bonosCandidatos } from '../queries/bonos.ts';
import type { Reactor } from './reactor.ts';

// Charges (docs/billing.md "Charges"): the events that make an appointment cost something become
// one CargoRegistrado per appointment. The reactor's checkpoint and markers hand it each event once;
// the charge's own stream (cargo-cita-{idCita}, appended expecting none) makes a replay, a retry or
// a second instance record nothing more.

export interface CargosOptions {
  store: EventStore;
  /** PRACTICE_TIMEZONE: the appointments' datetimes are wall-clock times of it. */
  practiceTimezone: string;
  /** BILLING_LATE_CANCEL_HOURS: a patient's cancellation less than this before the start is late. */
  lateCancelHours: number;
  /** BILLING_LATE_CANCEL_FEE_CENTS: what a late cancellation or a no-show costs (0: nothing). */
  lateCancelFeeCents: number;
}

type Existente = Extract<Cita, { status: 'existente' }>;

/**
 * What a cancellation costs: once the start has passed, whoever records it, the patient did not come
 * (NO_PRESENTADO); before it, only the patient's own cancellation within `hours` of the start
 * (CANCELACION_TARDIA). The practice's and an erasure's cancellations cost nothing.
 */
export function conceptoCancelacion(d: CitaCancelada['data'], canceladaEn: Date, zone: string, hours: number): ConceptoCargo | null {
  if (d.causa === 'ELIMINACION_PACIENTE') return null;
  const start = DateTime.fromISO(d.startDatetime, { zone });
  if (!start.isValid) return null;
  const before = start.toMillis() - canceladaEn.getTime();
  if (before <= 0) return 'NO_PRESENTADO';
  return d.canceladaPor === 'PACIENTE' && before < hours * 3_600_000 ? 'CANCELACION_TARDIA' : null;
}

/** The session's fee as the fees read model says now: the default service of the appointment's length. */
async function cargoSesion(trx: Knex, cita: Existente): Promise<Omit<CargoDatos, 'concepto' | 'fecha'> | null> {
  const servicio = servicioPorDefecto(await serviciosDeDuracion(trx, cita.durationMinutes), cita.durationMinutes);
  if (!servicio) return null; // no service of that length: nothing to price, nothing charged
  const propio = await findTarifaPsicologo(trx, cita.idPsicologo, servicio.idServicio);
  const regla = await tarifaPaciente(trx, cita.idPaciente);
  const tieneRegla = regla.descuentoPorcentaje !== null || regla.precioFijoCentimos !== null;
  const p = precioDe({ servicio, precioPsicologoCentimos: propio?.precioCentimos ?? null, reglaPaciente: tieneRegla ? regla : null });
  const { idCita, idPaciente, idPsicologo } = cita;
  return {
    idCargo: idCita, idCita, idPaciente, idPsicologo, idServicio: p.idServicio,
    precioCentimos: p.precioCentimos, iva: p.iva, cuotaIvaCentimos: p.cuotaIvaCentimos, totalCentimos: p.totalCentimos,
  };
}

/** When charging began (migration 055): what happened before it was never billed here and is not charged now. */
async function inicioCargos(trx: Knex): Promise<number> {
  const row = await trx('cargos_inicio').first('desde');
  return row ? new Date(row.desde).getTime() : 0;
}

export function cargosReactor(opts: CargosOptions): Reactor {
  let desde: number | null = null;
  const cita = async (idCita: number): Promise<Existente | null> => {
    const history = await opts.store.readStream(citaStream(idCita));
    const state = history.reduce((s, e) => evolveCita(s, e as unknown as CitaEvent), { status: 'nueva' } as Cita);
    return state.status === 'existente' ? state : null;
  };
  const cargoDe = async (trx: Knex, event: StoredEvent): Promise<CargoDatos | null> => {
    if (event.type === 'CitaCancelada') {
      const d = (event as unknown as CitaCancelada).data;
      const concepto = conceptoCancelacion(d, new Date(event.metadata.occurredAt), opts.practiceTimezone, opts.lateCancelHours);
      const fee = opts.lateCancelFeeCents;
      if (!concepto || fee <= 0) return null;
      const { idCita, idPaciente, idPsicologo } = d;
      return {
        idCargo: idCita, idCita, idPaciente, idPsicologo, concepto, idServicio: null,
        precioCentimos: fee, iva: 'EXENTO', cuotaIvaCentimos: 0, totalCentimos: fee, fecha: d.startDatetime.slice(0, 10),
      };
    }
    // A session the patient wrote about themself is their account, not the psychologist's record that it was held.
    if (event.type === 'SesionRegistrada' && (event as unknown as SesionRegistrada).data.registradaPor !== 'PSICOLOGO') return null;
    const c = await cita(Number((event.data as { idCita: number }).idCita));
    if (!c || c.estado === 'CANCELADA') return null;
    const sesion = await cargoSesion(trx, c);
    return sesion && { ...sesion, concepto: 'SESION', fecha: c.startDatetime.slice(0, 10) };
  };
  return {
    name: 'cargos-citas', // not 'cargos': that is the read model's, and a consumer's lease (consumer_leases) is by name
    handles: ['CitaCompletada', 'SesionRegistrada', 'CitaCancelada'],
    async react(trx, event) {
      desde ??= await inicioCargos(trx);
      if (new Date(event.metadata.occurredAt).getTime() < desde) return;
      const cargo = await cargoDe(trx, event);
      if (!cargo) return;
      // A session may be covered by a prepaid pack (docs/billing.md "Packs"); a cancellation fee never is.
      const bonos = cargo.concepto === 'SESION' ? await bonosCandidatos(trx, cargo.idPaciente, cargo.fecha, cargo.idServicio) : [];
      await registrarCargo(opts.store, cargo, { now: new Date(event.metadata.occurredAt), timezone: opts.practiceTimezone, causationId: event.metadata.eventId }, bonos);
    },
  };
}
