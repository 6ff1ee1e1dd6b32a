import type { MensajeEnviado } from '../events/mensaje.ts';
import { effectiveAjustes } from '../queries/ajustes.ts';
import { tokensOf, tokenHash } from '../queries/dispositivos.ts';
import { hasLiveSession } from '../queries/presencia.ts';
import { DEFAULT_MAX_DEVICE_TOKENS } from '../platform/limits.ts';
import { enqueueAll, type Reactor } from './reactor.ts';

/** A push about a message this old is noise (the reactor was catching up after an outage). */
const STALE_MS = 24 * 3_600_000;

const TEXTOS = {
  es: { title: 'Nuevo mensaje', body: (de: string) => `${de} le ha enviado un mensaje` },
  en: { title: 'New message', body: (de: string) => `${de} sent you a message` },
};

/**
 * MensajeEnviado → a push to each of the receiver's devices when they have no STOMP session on
 * any instance, unless their settings turn notifications off. Checkpointed like every reactor, so
 * one instance handles each message once; the dedupe key makes each device's push one outbox row.
 * The push names the sender but never carries the text: it travels through a third-party service
 * and shows on a lock screen.
 */
export function chatPushReactor(practiceTimezone: string, maxTokens = DEFAULT_MAX_DEVICE_TOKENS): Reactor {
  return {
    name: 'push-mensajes',
    handles: ['MensajeEnviado'],
    async react(trx, event) {
      if (event.type !== 'MensajeEnviado') return;
      const d = (event as unknown as MensajeEnviado).data;
      if (Date.now() - Date.parse(d.enviadoEn) > STALE_MS) return;
      if (await hasLiveSession(trx, d.receiverId)) return; // online: the socket delivered it
      const receiver = await trx('usuarios').where({ id_usuario: d.receiverId }).first('activo');
      if (!receiver?.activo) return;
      const ajustes = await effectiveAjustes(trx, d.receiverId, practiceTimezone);
      if (ajustes.notificaciones === false) return;
      const tokens = await tokensOf(trx, d.receiverId, maxTokens);
      if (tokens.length === 0) return;
      const sender = await trx('usuarios').where({ id_usuario: d.senderId }).first('nombre', 'apellido');
      const textos = TEXTOS[ajustes.idioma === 'en' ? 'en' : 'es'];
      const de = `${sender?.nombre ?? ''} ${sender?.apellido ?? ''}`.trim() || (ajustes.idioma === 'en' ? 'Someone' : 'Alguien');
      await enqueueAll(trx, tokens.map((token) => ({
        kind: 'push', dedupeKey: `mensaje:${event.metadata.eventId}:push:${tokenHash(token)}`, payload: {
          token, title: textos.title, body: textos.body(de),
          data: { tipo: 'MensajeEnviado', idMensaje: String(d.idMensaje), senderId: String(d.senderId) },
        },
      })));
    },
  };
}
