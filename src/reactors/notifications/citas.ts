import { DateTime } from 'luxon';
import type { StoredEvent } from '../../eventstore/port.ts';
import { recordatorioDe, type CitaCancelada, type CitaCreada, type CitaRecordatorioEnviado } from '../../events/cita.ts';
import { tokenHash } from '../../queries/dispositivos.ts';
import { avisoCitaMail, avisoCitaPush, type AvisoCita, type TipoAvisoCita } from '../mail/templates.ts';
import { DEFAULT_MAX_DEVICE_TOKENS } from '../../platform/limits.ts';
import { enqueueAll, type OutboxMessage, type Reactor } from '../reactor.ts';
import { recipientsOf, type Recipient, type RecipientKey, type Recipients } from './recipients.ts';
import { anunciadaPorSerie } from './series.ts';
import type { Knex } from 'knex';

type AvisoEvent = CitaCreada | CitaCancelada | CitaRecordatorioEnviado;

const TIPOS: Record<string, TipoAvisoCita> = {
  CitaCreada: 'creada',
  CitaCancelada: 'cancelada',
  CitaRecordatorioEnviado: 'recordatorio',
};

const FORMATO_FECHA = { es: "cccc d 'de' LLLL 'de' yyyy", en: 'cccc, d LLLL yyyy' };

/** Who a psychologist's notice names when the patient was erased: their name is gone for good. */
const DADO_DE_BAJA = { es: 'dado/a de baja', en: 'who has left the practice' };

/** The practice-local start as the recipient reads it: their zone, their language. */
export function aviso(to: Recipient, other: Recipient | null, startDatetime: string, practiceTimezone: string, paraPsicologo: boolean): AvisoCita {
  const when = DateTime.fromISO(startDatetime, { zone: practiceTimezone }).setZone(to.timezone).setLocale(to.idioma);
  const sinNombre = paraPsicologo ? { es: 'su paciente', en: 'your patient' } : { es: 'su psicólogo/a', en: 'your psychologist' };
  return {
    nombre: to.nombre, contraparte: other?.nombreCompleto || sinNombre[to.idioma], paraPsicologo,
    fecha: when.toFormat(FORMATO_FECHA[to.idioma]), hora: when.toFormat('HH:mm'), zona: to.timezone,
  };
}

/** One mail and one push per device to a recipient who accepts notifications (one insert); keys dedupe per event and recipient. */
export async function notify(trx: Knex.Transaction, event: StoredEvent, tipo: TipoAvisoCita, to: Recipient, v: AvisoCita, idCita: number): Promise<void> {
  if (!to.notificaciones) return;
  const key = `cita-${tipo}:${event.metadata.eventId}`;
  const push = avisoCitaPush(to.idioma, tipo, v);
  await enqueueAll(trx, [
    { kind: 'mail', dedupeKey: `${key}:mail:${to.idUsuario}`, payload: { to: to.email, ...avisoCitaMail(to.idioma, tipo, v) } },
    ...to.tokens.map((token): OutboxMessage => ({
      kind: 'push', dedupeKey: `${key}:push:${to.idUsuario}:${tokenHash(token)}`, payload: { token, ...push, data: { tipo: event.type, idCita: String(idCita), ...(v.enlaceSala ? { sala: v.enlaceSala } : {}) } },
    })),
  ]);
}

/**
 * An ONLINE appointment's reminder links to GET /api/citas/{id}/sala, which answers a join link only
 * to the signed-in participant inside the window: the mail holds no credential (docs/care.md).
 * Absolute under PUBLIC_BASE_URL; without it, the path.
 */
function enlaceSala(stored: StoredEvent, publicBaseUrl: string | null): { enlaceSala?: string } {
  if (stored.type !== 'CitaRecordatorioEnviado') return {};
  const d = (stored as unknown as CitaRecordatorioEnviado).data;
  return d.modalidad === 'ONLINE' ? { enlaceSala: `${publicBaseUrl ?? ''}/api/citas/${d.idCita}/sala` } : {};
}

/** Cancelled by the patient's erasure: the read models may still show the patient (they run apart from reactors), so the event decides. */
const porEliminacion = (d: AvisoEvent['data']) => 'causa' in d && d.causa === 'ELIMINACION_PACIENTE';

/** Whom an event may notify: the patient (unless erased) and the psychologist. */
function destinatarios(stored: StoredEvent): RecipientKey[] {
  if (!TIPOS[stored.type] || anunciadaPorSerie(stored.type, stored.data)) return [];
  const d = (stored as unknown as AvisoEvent).data;
  return [...(porEliminacion(d) ? [] : [{ kind: 'paciente' as const, id: d.idPaciente }]), { kind: 'psicologo', id: d.idPsicologo }];
}

/**
 * CitaCreada and CitaCancelada → e-mail and push to the patient and the psychologist;
 * CitaRecordatorioEnviado → to the one it names (events from before reminders per user: the patient).
 * The recipients of a whole batch come in one query.
 */
export function citaNotificationsReactor(practiceTimezone: string, maxTokens = DEFAULT_MAX_DEVICE_TOKENS, publicBaseUrl: string | null = null): Reactor<Recipients> {
  const lookup = (trx: Knex, events: readonly StoredEvent[]) => recipientsOf(trx, events.flatMap(destinatarios), practiceTimezone, maxTokens);
  return {
    name: 'notificaciones-citas',
    handles: Object.keys(TIPOS),
    prepare: lookup,
    async react(trx, stored, prepared) {
      const tipo = TIPOS[stored.type];
      if (!tipo || anunciadaPorSerie(stored.type, stored.data)) return;
      const d = (stored as unknown as AvisoEvent).data;
      const found = prepared ?? await lookup(trx, [stored]);
      // The erased patient is not written to nor named.
      const erased = porEliminacion(d);
      const paciente = erased ? null : found.get('paciente', d.idPaciente);
      const psicologo = found.get('psicologo', d.idPsicologo);
      const para = tipo === 'recordatorio' ? recordatorioDe(d as CitaRecordatorioEnviado['data']).destinatario : null;
      const sala = enlaceSala(stored, publicBaseUrl);
      if (paciente && para !== 'PSICOLOGO') await notify(trx, stored, tipo, paciente, { ...aviso(paciente, psicologo, d.startDatetime, practiceTimezone, false), ...sala }, d.idCita);
      if (psicologo && para !== 'PACIENTE') {
        const v = { ...aviso(psicologo, paciente, d.startDatetime, practiceTimezone, true), ...sala };
        await notify(trx, stored, tipo, psicologo, erased ? { ...v, contraparte: DADO_DE_BAJA[psicologo.idioma] } : v, d.idCita);
      }
    },
  };
}
