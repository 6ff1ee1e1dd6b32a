import type { DomainEvent } from './domain-event.ts';

/**
 * A chat message, stored once whichever way it came in (REST or the STOMP channel).
 * `enviadoEn` is the server's instant (ISO 8601, UTC); the API shows it as the practice's wall clock.
 * `idPaciente` names the patient in the conversation (null between staff): the text is sealed with
 * that patient's clinical key, and the message counts as care activity for retention.
 */
export type MensajeEnviado = DomainEvent<'MensajeEnviado', {
  idMensaje: number;
  senderId: number;
  receiverId: number;
  idCita: number | null;
  idPaciente: number | null;
  mensaje: string;
  enviadoEn: string;
}>;

/** The receiver read the message. */
export type MensajeLeido = DomainEvent<'MensajeLeido', {
  idMensaje: number;
  receiverId: number;
  idPaciente: number | null;
  leidoEn: string;
}>;

export type MensajeEvent = MensajeEnviado | MensajeLeido;

export type Mensaje =
  | { status: 'nuevo' }
  | { status: 'enviado'; idMensaje: number; senderId: number; receiverId: number; idPaciente: number | null; leido: boolean };

export const mensajeStream = (idMensaje: number) => `mensaje-${idMensaje}`;

export function evolveMensaje(state: Mensaje, event: MensajeEvent): Mensaje {
  switch (event.type) {
    case 'MensajeEnviado': {
      const d = event.data;
      return { status: 'enviado', idMensaje: d.idMensaje, senderId: d.senderId, receiverId: d.receiverId, idPaciente: d.idPaciente, leido: false };
    }
    case 'MensajeLeido':
      return state.status === 'nuevo' ? state : { ...state, leido: true };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
