import { DateTime } from 'luxon';
import type { StoredEvent } from '../../eventstore/port.ts';
import type { CitaCancelada } from '../../events/cita.ts';
import type { BloqueoEliminado } from '../../events/agenda.ts';
import { localDateTime } from '../../platform/time.ts';
import { DEFAULT_MAX_DEVICE_TOKENS } from '../../platform/limits.ts';
import { tokenHash } from '../../queries/dispositivos.ts';
import { esperandoHueco } from '../../queries/lista-espera.ts';
import { enqueueAll, type OutboxMessage, type Reactor } from '../reactor.ts';
import { aviso } from './citas.ts';
import { recipientsOf, type Recipient } from './recipients.ts';

// Waitlist notices (docs/lista-espera.md): time freed in a psychologist's agenda (an appointment
// cancelled, alone or with its series, or blocked time removed) is told to every patient with an
// active entry whose range holds its day, once however many of their entries do, in the order
// they joined (outbox ids follow that order: one multi-row insert per freed slot). Keys dedupe per
// patient, freed slot (psychologist and start, not the appointment or block that held it) and
// practice day of the notice: a re-delivered event, a block spanning two day streams, or one
// patient booking and cancelling the same slot over and over tells each patient once that day.
// "Now" is the event's own time, so the same log always decides the same.

interface Hueco {
  idPsicologo: number;
  /** Local start, `YYYY-MM-DDTHH:MM:SS` of the practice's zone. */
  inicio: string;
  /** The patient whose own appointment was cancelled is not told about it. */
  excepto: number | null;
}

/**
 * The freed time, from the event itself (any event store). A block removed before its deletion
 * carried `inicio` frees nothing to announce.
 */
function huecoDe(stored: StoredEvent, zone: string): Hueco | null {
  if (stored.type === 'BloqueoEliminado') {
    const d = (stored as unknown as BloqueoEliminado).data;
    if (!d.inicio) return null;
    return { idPsicologo: d.idPsicologo, inicio: localDateTime(new Date(d.inicio), zone), excepto: null };
  }
  const d = (stored as unknown as CitaCancelada).data;
  return { idPsicologo: d.idPsicologo, inicio: d.startDatetime, excepto: d.idPaciente };
}

const TEXTOS = {
  es: { asunto: 'Hueco libre en la agenda', cuerpo: (n: string, psi: string, f: string, h: string, z: string) =>
    `Hola ${n}:\n\nSe ha liberado un hueco con ${psi} el ${f} a las ${h} (hora de ${z}), dentro de su lista de espera. `
    + 'Puede reservarlo desde la aplicación: se lo queda quien reserve primero.\n\nEl equipo de la consulta' },
  en: { asunto: 'A slot has freed up', cuerpo: (n: string, psi: string, f: string, h: string, z: string) =>
    `Hello ${n},\n\nA slot with ${psi} has freed up on ${f} at ${h} (${z} time), within your waitlist. `
    + 'You can book it in the app: the first to book gets it.\n\nThe practice team' },
};

/**
 * The notice's key: the slot (not what held it, so a book/cancel loop has one key), the patient,
 * and the practice day of the notice (so the slot freed again on a later day is told again).
 */
function claveAviso(h: Hueco, dia: string, idPaciente: number): string {
  return `espera:psicologo-${h.idPsicologo}:${h.inicio}:dia-${dia}:paciente-${idPaciente}`;
}

/** A patient's mail and one push per device (the entry named is the first of theirs that matched). */
function avisos(to: Recipient, psicologo: Recipient | null, h: Hueco, key: string, idEntrada: number, tz: string): OutboxMessage[] {
  if (!to.notificaciones) return [];
  const v = aviso(to, psicologo, h.inicio, tz, false);
  const t = TEXTOS[to.idioma];
  const texto = t.cuerpo(v.nombre.replace(/[\r\n]+/g, ' '), v.contraparte.replace(/[\r\n]+/g, ' '), v.fecha, v.hora, v.zona);
  const data = { tipo: 'HuecoLibreListaEspera', idEntrada: String(idEntrada), idPsicologo: String(h.idPsicologo), startDatetime: h.inicio };
  return [
    { kind: 'mail', dedupeKey: `${key}:mail`, payload: { to: to.email, subject: `${t.asunto}: ${v.fecha}, ${v.hora}`, text: texto } },
    ...to.tokens.map((token): OutboxMessage => ({
      kind: 'push', dedupeKey: `${key}:push:${tokenHash(token)}`, payload: { token, title: t.asunto, body: `${v.fecha}, ${v.hora}`, data },
    })),
  ];
}

/** Each waiting patient once, with their first matching entry, in the order of those entries. */
function primeraPorPaciente(entradas: { id_entrada: number; id_paciente: number }[], excepto: number | null): Map<number, number> {
  const out = new Map<number, number>();
  for (const e of entradas) if (e.id_paciente !== excepto && !out.has(e.id_paciente)) out.set(e.id_paciente, e.id_entrada);
  return out;
}

/** CitaCancelada and BloqueoEliminado → a notice to each waiting patient, in join order. */
export function listaEsperaReactor(practiceTimezone: string, maxTokens = DEFAULT_MAX_DEVICE_TOKENS): Reactor {
  return {
    name: 'notificaciones-lista-espera',
    handles: ['CitaCancelada', 'BloqueoEliminado'],
    async react(trx, stored) {
      const h = huecoDe(stored, practiceTimezone);
      const ahora = DateTime.fromISO(stored.metadata.occurredAt, { zone: practiceTimezone });
      if (!h || h.inicio <= ahora.toFormat("yyyy-LL-dd'T'HH:mm:ss")) return; // time already past frees nothing
      const hoy = ahora.toISODate()!;
      const pacientes = primeraPorPaciente(await esperandoHueco(trx, h.idPsicologo, h.inicio, hoy), h.excepto);
      if (pacientes.size === 0) return;
      // The psychologist and every waiting patient in one query.
      const found = await recipientsOf(trx, [
        { kind: 'psicologo', id: h.idPsicologo }, ...[...pacientes.keys()].map((id) => ({ kind: 'paciente' as const, id })),
      ], practiceTimezone, maxTokens);
      const psicologo = found.get('psicologo', h.idPsicologo);
      const messages: OutboxMessage[] = [];
      for (const [idPaciente, idEntrada] of pacientes) {
        const to = found.get('paciente', idPaciente);
        if (to) messages.push(...avisos(to, psicologo, h, claveAviso(h, hoy, idPaciente), idEntrada, practiceTimezone));
      }
      await enqueueAll(trx, messages);
    },
  };
}
