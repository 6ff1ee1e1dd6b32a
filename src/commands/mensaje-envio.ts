import { s, type JsonSchema } from '../platform/validation.ts';
import { MAX_MENSAJE } from './mensaje.ts';

const id = (): JsonSchema => s.int({ minimum: 1, maximum: 2_147_483_647 });

/** The fields a message is sent with, over REST and over STOMP (`/app/chat`). */
export const envioFields: Record<string, JsonSchema> = {
  receiverId: { ...id(), description: 'idUsuario of the receiver' },
  mensaje: s.nonEmpty(MAX_MENSAJE),
  idCita: s.nullable(id()),
};

