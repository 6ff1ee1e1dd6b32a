import type { StoredEvent } from '../../eventstore/port.ts';
import type { AlertaSeguridadEmitida, CuestionarioSolicitado } from '../../events/cuestionario.ts';
import { DEFAULT_MAX_DEVICE_TOKENS } from '../../platform/limits.ts';
import { tokenHash } from '../../queries/dispositivos.ts';
import { enqueueAll, type OutboxMessage, type Reactor } from '../reactor.ts';
import { recipientsOf, type Recipient } from './recipients.ts';

// Notices of the outcome measures (docs/care.md): a request tells the patient (mail and push), a
// safety alert tells the assigned psychologist (mail and push). Keys are per event and channel, so
// a re-delivered event or a restart queues nothing twice (and the reactor's processed-event table
// already skips a seen event). A safety alert's mail goes out even to a psychologist who turned
// notifications off: it is not a courtesy notice (their push needs devices, which the recipients'
// query leaves out when notifications are off). Texts carry no answers or scores (a lock screen
// or a mail server may show them); the alert's mail names the patient so the psychologist can act.

const TEXTOS = {
  es: {
    solicitud: 'Tiene un cuestionario pendiente',
    cuerpoSolicitud: (n: string, i: string) => `Hola ${n}:\n\nSu psicólogo/a le ha pedido que responda el cuestionario ${i}. Puede hacerlo desde la aplicación; le llevará unos minutos.\n\nEl equipo de la consulta`,
    alerta: 'Alerta de seguridad en un cuestionario',
    cuerpoAlerta: (n: string, p: string, i: string, f: string) => `Hola ${n}:\n\n${p} acaba de responder el ${i} (${f}) con una respuesta que pide atención inmediata (pensamientos de muerte o de hacerse daño). `
      + 'Revise la alerta en la aplicación y, cuando la haya atendido, reconózcala.\n\nEste aviso se envía una sola vez.',
  },
  en: {
    solicitud: 'You have a questionnaire to answer',
    cuerpoSolicitud: (n: string, i: string) => `Hello ${n},\n\nYour psychologist has asked you to answer the ${i} questionnaire. You can do it in the app; it takes a few minutes.\n\nThe practice team`,
    alerta: 'Safety alert on a questionnaire',
    cuerpoAlerta: (n: string, p: string, i: string, f: string) => `Hello ${n},\n\n${p} has just answered the ${i} (${f}) with an answer that calls for immediate attention (thoughts of death or of self-harm). `
      + 'Review the alert in the app and acknowledge it once you have attended to it.\n\nThis notice is sent once.',
  },
};

const linea = (s: string) => s.replace(/[\r\n]+/g, ' ');

function pushes(to: Recipient, key: string, title: string, body: string, data: Record<string, string>): OutboxMessage[] {
  return to.tokens.map((token) => ({ kind: 'push', dedupeKey: `${key}:push:${tokenHash(token)}`, payload: { token, title, body, data } }));
}

function avisoSolicitud(to: Recipient, e: CuestionarioSolicitado): OutboxMessage[] {
  if (!to.notificaciones) return [];
  const d = e.data;
  const t = TEXTOS[to.idioma];
  const key = `cuestionario:solicitud-${d.idSolicitud}`;
  const data = { tipo: 'CuestionarioSolicitado', idSolicitud: String(d.idSolicitud), instrumento: d.instrumento };
  return [
    { kind: 'mail', dedupeKey: `${key}:mail`, payload: { to: to.email, subject: `${t.solicitud}: ${d.instrumento}`, text: t.cuerpoSolicitud(linea(to.nombre), d.instrumento) } },
    ...pushes(to, key, t.solicitud, d.instrumento, data),
  ];
}

function avisoAlerta(to: Recipient, paciente: Recipient | null, e: AlertaSeguridadEmitida): OutboxMessage[] {
  const d = e.data;
  const t = TEXTOS[to.idioma];
  const key = `cuestionario:alerta-${d.idRespuesta}`;
  const quien = paciente ? linea(paciente.nombreCompleto) : `#${d.idPaciente}`;
  const data = { tipo: 'AlertaSeguridad', idRespuesta: String(d.idRespuesta), idPaciente: String(d.idPaciente) };
  return [
    { kind: 'mail', dedupeKey: `${key}:mail`, payload: { to: to.email, subject: t.alerta, text: t.cuerpoAlerta(linea(to.nombre), quien, d.instrumento, d.fecha.replace('T', ' ')) } },
    ...pushes(to, key, t.alerta, d.instrumento, data),
  ];
}

/** CuestionarioSolicitado → the patient; AlertaSeguridadEmitida → the assigned psychologist. */
export function cuestionariosReactor(practiceTimezone: string, maxTokens = DEFAULT_MAX_DEVICE_TOKENS): Reactor {
  return {
    name: 'notificaciones-cuestionarios',
    handles: ['CuestionarioSolicitado', 'AlertaSeguridadEmitida'],
    async react(trx, stored: StoredEvent) {
      const e = stored as unknown as CuestionarioSolicitado | AlertaSeguridadEmitida;
      const { idPaciente, idPsicologo } = e.data;
      const found = await recipientsOf(trx, [{ kind: 'paciente', id: idPaciente }, { kind: 'psicologo', id: idPsicologo }], practiceTimezone, maxTokens);
      const paciente = found.get('paciente', idPaciente);
      if (e.type === 'CuestionarioSolicitado') {
        if (paciente) await enqueueAll(trx, avisoSolicitud(paciente, e));
        return;
      }
      const psicologo = found.get('psicologo', idPsicologo);
      if (psicologo) await enqueueAll(trx, avisoAlerta(psicologo, paciente, e));
    },
  };
}
