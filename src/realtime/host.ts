import { STATUS_CODES } from 'node:http';
import type { AppDeps } from '../deps.ts';
import { envioFields } from '../commands/mensaje-envio.ts';
import { s, validate } from '../platform/validation.ts';
import { enviarMensaje } from '../commands/mensajes.ts';
import { errors } from '../platform/errors.ts';
import { normaliseEmail, verifyToken } from '../platform/security.ts';
import { localDateTime } from '../platform/time.ts';
import { findAuthUser } from '../queries/usuarios.ts';
import { parseChatBody } from './chat-input.ts';
import type { Hub } from './hub.ts';
import { DESTINATIONS, type RealtimeOptions } from './options.ts';
import type { Presence } from './presence.ts';
import { prefersEnglish, ProtocolError } from './protocol.ts';
import { SessionCap, tooManySessions } from './session-cap.ts';
import type { SessionHost, StompSession } from './session.ts';

/** `/app/chat`: the REST body plus the client's `enviadoEn`, accepted and not used (the server's clock dates messages). */
const chatBody = s.object({ ...envioFields, enviadoEn: s.string({ maxLength: 64 }) }, ['receiverId', 'mensaje']);

interface ChatBody {
  receiverId: number;
  mensaje: string;
  idCita?: number | null;
}

/** Same checks as a request's: a valid token, and the user still active with the token's role. */
async function authenticate(deps: AppDeps, header: string | undefined) {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!m) return null;
  const claims = verifyToken(deps.config.jwtSecret, m[1], deps.clock.now());
  if (!claims) return null;
  const user = await findAuthUser(deps.knex, deps.lookupHash('email', normaliseEmail(claims.sub)));
  if (!user || !user.activo || user.idUsuario !== claims.uid || user.rol !== claims.rol) return null;
  return { user, expiresAt: claims.exp * 1000 };
}

/**
 * A chat SEND (its write token already taken), stored exactly as POST /api/mensajes stores it; delivery
 * then comes from the log, to the sender's sessions too. Its RECEIPT names the stored message
 * (`id-mensaje`), so the sender can tell that delivery apart as the answer to this SEND.
 */
async function chat(deps: AppDeps, session: StompSession, headers: Record<string, string>, body: Buffer): Promise<Record<string, string>> {
  const parsed = parseChatBody(body);
  const input = validate<ChatBody>(chatBody, parsed ?? {});
  // The user is looked up again: a patient dado de baja stops sending at once, as over REST.
  const user = await findAuthUser(deps.knex, deps.lookupHash('email', normaliseEmail(session.user!.email)));
  if (!user || !user.activo || user.rol !== session.user!.rol) throw new ProtocolError('unauthorized', 'The user is no longer active');
  const r = await enviarMensaje(deps, user, { receiverId: input.receiverId, mensaje: input.mensaje, idCita: input.idCita ?? null });
  // A requested RECEIPT then also means the caller's next REST read shows the message. Without one
  // the next frame is not held up (delivery reads the log, not the read models). A late read side
  // does not fail the SEND: the message is stored and being delivered; a retry would duplicate it.
  if (headers.receipt !== undefined) await deps.projections.waitForReads(r.position, deps.config.readYourWritesTimeoutMs, ['MensajeEnviado']);
  return { 'id-mensaje': String(r.idMensaje) };
}

export function sessionHost(deps: AppDeps, hub: Hub, presence: Presence, options: RealtimeOptions, live: Set<StompSession>): SessionHost {
  const cap = new SessionCap<StompSession>(deps.config.limits.stompSessionsPerUser);
  return {
    options,
    now: () => deps.clock.now().getTime(),
    authenticate: (header) => authenticate(deps, header),
    // An auditor only reads the audit over HTTP: no chat, no presence (src/http/auditor-access.ts).
    admit: (session) => (session.user!.rol === 'AUDITOR' ? errors.auditorReadOnly() : cap.take(session.user!.idUsuario, session)),
    async opened(session) {
      const id = session.user!.idUsuario;
      const max = deps.config.limits.stompSessionsPerUser;
      // The cap counts the user's sessions on every live instance: this one's from memory, the others' rows.
      if (!(await presence.open(session.id, id, max > 0 ? { max, held: () => cap.held(id) } : undefined))) throw tooManySessions(max);
      if (!session.isClosed) hub.add(session);
    },
    closed(session, registered) {
      live.delete(session);
      hub.remove(session);
      if (session.user) cap.release(session.user.idUsuario, session);
      if (!registered) return;
      const forget = () => presence.close(session.id, session.user!.idUsuario);
      // After the open settles, whatever its outcome, so a fast disconnect cannot leave a session row.
      void registered.then(forget, forget).catch(() => undefined);
    },
    async subscribed(session, sub) {
      if (sub.destination === DESTINATIONS.presence) await hub.presenceSnapshot(session);
    },
    async chargeWrite(session) {
      // The same bucket as REST writes. Nothing is stored when it is empty.
      const wait = await deps.throttles.writes.take(String(session.user!.idUsuario));
      if (wait !== null) throw errors.tooManyRequests(wait);
    },
    send: (session, headers, body) => chat(deps, session, headers, body),
    errorBody(session, err) {
      return JSON.stringify({
        mensaje: prefersEnglish(session.transport.acceptLanguage) ? err.mensaje.en : err.mensaje.es,
        timestamp: localDateTime(new Date(), deps.config.practiceTimezone),
        status: err.status,
        error: STATUS_CODES[err.status] ?? 'Error',
      });
    },
    internalError(err) {
      deps.logger.error({ err }, 'STOMP frame failed');
    },
  };
}
