import { DateTime } from 'luxon';
import type { StoredEvent } from '../../eventstore/port.ts';
import type { ConsentimientoRetirado } from '../../events/consentimiento.ts';
import { localDateTime } from '../../platform/time.ts';
import { DEFAULT_MAX_DEVICE_TOKENS } from '../../platform/limits.ts';
import { tokenHash } from '../../queries/dispositivos.ts';
import { citasOnlineFuturas, type CitaOnline } from '../../queries/consentimientos.ts';
import { enqueueAll, type OutboxMessage, type Reactor } from '../reactor.ts';
import { recipientsOf, type Recipient } from './recipients.ts';

// A patient withdrew the online sessions consent (docs/care.md "3. Informed consent"): each
// psychologist with one of the patient's ONLINE appointments still to come is told (mail and
// push, through the outbox), once per withdrawal, with those appointments' dates. The appointments
// stay as booked: the psychologist decides (move to PRESENCIAL, cancel). "Still to come" is judged
// at the event's own time, so the same log always decides the same.

const FORMATO = { es: "cccc d 'de' LLLL, HH:mm", en: 'cccc d LLLL, HH:mm' };

const TEXTOS = {
  es: {
    asunto: 'Un paciente ha retirado el consentimiento para sesiones en línea',
    cuerpo: (n: string, paciente: string, citas: string) => `Hola ${n}:\n\n${paciente} ha retirado su consentimiento para las sesiones en línea. `
      + `Estas citas suyas con usted son ONLINE:\n\n${citas}\n\nRevíselas (pasarlas a presencial o anularlas) desde la aplicación.\n\nEl equipo de la consulta`,
    push: (k: number) => `Retirado el consentimiento en línea: ${k} cita(s) ONLINE que revisar`,
    paciente: 'Su paciente',
  },
  en: {
    asunto: 'A patient withdrew their consent to online sessions',
    cuerpo: (n: string, paciente: string, citas: string) => `Hello ${n},\n\n${paciente} has withdrawn their consent to online sessions. `
      + `These appointments with you are ONLINE:\n\n${citas}\n\nPlease review them (make them in person or cancel them) in the app.\n\nThe practice team`,
    push: (k: number) => `Online consent withdrawn: ${k} ONLINE appointment(s) to review`,
    paciente: 'Your patient',
  },
};

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

function aviso(event: StoredEvent, to: Recipient, paciente: Recipient | null, citas: CitaOnline[], zone: string): OutboxMessage[] {
  if (!to.notificaciones) return [];
  const t = TEXTOS[to.idioma];
  const lista = citas.map((c) => `- ${DateTime.fromISO(c.startDatetime, { zone }).setZone(to.timezone).setLocale(to.idioma).toFormat(FORMATO[to.idioma])} (${to.timezone})`).join('\n');
  const key = `consentimiento-online:${event.metadata.eventId}:${to.idUsuario}`;
  const data = { tipo: 'ConsentimientoOnlineRetirado', idCitas: citas.map((c) => c.idCita).join(',') };
  return [
    { kind: 'mail', dedupeKey: `${key}:mail`, payload: { to: to.email, subject: t.asunto, text: t.cuerpo(oneLine(to.nombre), oneLine(paciente?.nombreCompleto || t.paciente), lista) } },
    ...to.tokens.map((token): OutboxMessage => ({
      kind: 'push', dedupeKey: `${key}:push:${tokenHash(token)}`, payload: { token, title: t.asunto, body: t.push(citas.length), data },
    })),
  ];
}

export function consentimientoOnlineReactor(practiceTimezone: string, maxTokens = DEFAULT_MAX_DEVICE_TOKENS): Reactor {
  return {
    name: 'notificaciones-consentimiento-online',
    handles: ['ConsentimientoRetirado'],
    async react(trx, stored) {
      const d = (stored as unknown as ConsentimientoRetirado).data;
      if (d.tipo !== 'ONLINE') return;
      const desde = localDateTime(new Date(stored.metadata.occurredAt), practiceTimezone);
      const citas = await citasOnlineFuturas(trx, d.idPaciente, desde);
      if (citas.length === 0) return;
      const porPsicologo = new Map<number, CitaOnline[]>();
      for (const c of citas) porPsicologo.set(c.idPsicologo, [...(porPsicologo.get(c.idPsicologo) ?? []), c]);
      const found = await recipientsOf(trx, [
        { kind: 'paciente', id: d.idPaciente }, ...[...porPsicologo.keys()].map((id) => ({ kind: 'psicologo' as const, id })),
      ], practiceTimezone, maxTokens);
      const messages: OutboxMessage[] = [];
      for (const [idPsicologo, suyas] of porPsicologo) {
        const to = found.get('psicologo', idPsicologo);
        if (to) messages.push(...aviso(stored, to, found.get('paciente', d.idPaciente), suyas, practiceTimezone));
      }
      await enqueueAll(trx, messages);
    },
  };
}
