import type { components, paths } from './schema.js';

// Named types for what apps handle most. They are read off operations rather than component names,
// so they keep working whatever the document calls its schemas.

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The spec's error body: every error on every path, and over STOMP on /user/queue/errors. */
export type ErrorBody = components['schemas']['Error'];

/** What login and the registrations answer. */
export type Session = Json<paths['/auth/login']['post']['responses'][200]>;

export type Rol = Session['rol'];

/** A stored message: the POST /api/mensajes answer, and the body of every /user/queue/messages delivery. */
export type Mensaje = Json<paths['/api/mensajes']['post']['responses'][201]>;

/** The body of a SEND to /app/chat. `enviadoEn` is the client's clock; the server dates the message itself. */
export interface ChatSend {
  receiverId: Mensaje['receiverId'];
  mensaje: string;
  enviadoEn?: string;
  idCita?: number | null;
}

/** A /topic/presence event: a user's first session opened, or their last one closed. */
export interface Presence {
  idUsuario: number;
  online: boolean;
}
