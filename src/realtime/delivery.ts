import type { LiveTail } from '../eventstore/live-tail.ts';
import type { Position, StoredEvent, Subscription } from '../eventstore/port.ts';
import type { MensajeEnviado } from '../events/mensaje.ts';
import type { Logger } from '../platform/logger.ts';
import { localDateTime } from '../platform/time.ts';
import { mensajeRecord } from '../queries/mensajes.ts';
import type { Hub } from './hub.ts';
import { DESTINATIONS } from './options.ts';
import { avisoSalaAbierta } from './aviso-sala.ts';

/**
 * Chat delivery, one per server instance: a live subscription to the event log from its head at
 * start-up. Every MensajeEnviado, whichever instance or path (REST or STOMP) stored it, goes to this
 * instance's sessions of the receiver, and of the sender (their other tabs see what they sent).
 * The log is the bus: instances need no broker between them. A user's deactivation or erasure
 * closes their sessions on every instance the same way. Not checkpointed on purpose: a
 * message stored while no instance ran is not pushed to sockets later (it is in the REST history,
 * and the push reactor, which is checkpointed, notifies the offline receiver).
 */
export function startChatDelivery(
  tail: LiveTail,
  hub: Hub,
  zone: string,
  /** Resolves once the REST list of messages shows `position` (bounded: a broken read model does not stop the chat). */
  listed: (position: Position) => Promise<unknown>,
  logger?: Logger,
): Subscription {
  return tail.follow(
    async (events: StoredEvent[]) => {
      // A message is listed by GET .../mensajes no later than it reaches a socket.
      const lastMessage = [...events].reverse().find((e) => e.type === 'MensajeEnviado');
      if (lastMessage) await listed(lastMessage.position);
      for (const e of events) {
        if (e.type === 'UsuarioDesactivado' || e.type === 'PacienteEliminado') {
          hub.closeUser((e.data as { idUsuario: number }).idUsuario);
          continue;
        }
        const aviso = avisoSalaAbierta(e);
        if (aviso) hub.deliverToUser(aviso.idUsuario, DESTINATIONS.avisos, aviso.body);
        if (e.type !== 'MensajeEnviado') continue;
        const record = mensajeRecord(e as unknown as MensajeEnviado, zone);
        const body = JSON.stringify(record);
        hub.deliverToUser(record.receiverId, DESTINATIONS.messages, body);
        hub.deliverToUser(record.senderId, DESTINATIONS.messages, body);
      }
    },
    { onError: (err) => logger?.error({ err }, 'chat delivery failed; retrying') },
  );
}
