import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { evolveMensaje, type Mensaje, type MensajeEnviado, type MensajeEvent } from '../events/mensaje.ts';

/** Longest message text, in characters: a chat line, not a document. */
export const MAX_MENSAJE = 2000;

export type MensajeCommand =
  /** The receiver, the appointment and the patient were checked by the service against the read models. */
  | { type: 'EnviarMensaje'; data: Omit<MensajeEnviado['data'], 'enviadoEn'> }
  /** `idUsuario`: the caller; only the receiver may mark a message read. */
  | { type: 'MarcarLeido'; data: { idUsuario: number } };

export const mensajeNotFound = () => errors.notFound('Mensaje', 'Message');

export const mensajeDecider: Decider<Mensaje, MensajeCommand, MensajeEvent> = {
  initialState: () => ({ status: 'nuevo' }),
  evolve: evolveMensaje,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'EnviarMensaje': {
        const d = command.data;
        if (state.status !== 'nuevo') throw errors.conflict('El mensaje ya existe', 'Message already exists');
        const mensaje = d.mensaje.trim();
        if (!mensaje) throw errors.invalid('El mensaje no puede estar vacío', 'mensaje must not be empty');
        if (mensaje.length > MAX_MENSAJE) throw errors.invalid('El mensaje es demasiado largo', 'mensaje is too long');
        if (d.senderId === d.receiverId) throw errors.invalid('No puede enviarse un mensaje a sí mismo', 'You cannot message yourself');
        return [{ type: 'MensajeEnviado', data: { ...d, mensaje, enviadoEn: ctx.now.toISOString() } }];
      }
      case 'MarcarLeido':
        // Anyone but the receiver learns nothing: the message reads as absent.
        if (state.status === 'nuevo' || state.receiverId !== command.data.idUsuario) throw mensajeNotFound();
        if (state.leido) return [];
        return [{
          type: 'MensajeLeido',
          data: { idMensaje: state.idMensaje, receiverId: state.receiverId, idPaciente: state.idPaciente, leidoEn: ctx.now.toISOString() },
        }];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
