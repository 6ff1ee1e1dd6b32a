import { AppError } from '../platform/errors.ts';
import { DESTINATIONS, SUBSCRIBABLE } from './options.ts';
import { ProtocolError } from './protocol.ts';
import type { StompSession, Subscription } from './session.ts';

type Headers = Record<string, string>;
const ACK_MODES = ['auto', 'client', 'client-individual'];

/**
 * The frames a connected client may send. Returns whether a requested RECEIPT may go out (not
 * when an application error was reported instead). Protocol mistakes throw ProtocolError.
 */
export async function handleClientFrame(session: StompSession, command: string, h: Headers, body: Buffer): Promise<boolean> {
  switch (command) {
    case 'SUBSCRIBE':
      await subscribe(session, h);
      return true;
    case 'UNSUBSCRIBE': {
      const id = h.id ?? (session.version === '1.0' ? h.destination : undefined);
      if (id === undefined) throw new ProtocolError('missing id', 'UNSUBSCRIBE needs the id header');
      session.subscriptions.delete(id);
      return true;
    }
    case 'SEND':
      if (h.transaction === undefined) return sendNow(session, h, body);
      hold(session, h, body);
      return true;
    case 'BEGIN':
      if (!h.transaction || session.transactions.has(h.transaction)) throw new ProtocolError('invalid transaction', 'BEGIN needs a new transaction id');
      session.transactions.set(h.transaction, []);
      return true;
    case 'COMMIT':
    case 'ABORT': {
      const tx = h.transaction === undefined ? undefined : session.transactions.get(h.transaction);
      if (!tx) throw new ProtocolError('unknown transaction', `No transaction ${h.transaction ?? ''} is open`);
      session.transactions.delete(h.transaction!);
      let ok = true;
      // A transaction's SENDs go out in order at COMMIT; each message is stored on its own.
      if (command === 'COMMIT') for (const f of tx) ok = (await sendNow(session, f.headers, f.body)) && ok;
      return ok;
    }
    case 'ACK':
    case 'NACK':
      return true; // delivery to a live session is at most once; the message stays in the REST history
    case 'DISCONNECT':
      return true;
    default:
      throw new ProtocolError('unknown command', `${command} is not a client frame this server accepts`);
  }
}

function hold(session: StompSession, h: Headers, body: Buffer): void {
  const tx = session.transactions.get(h.transaction);
  if (!tx) throw new ProtocolError('unknown transaction', `No transaction ${h.transaction} is open`);
  if (tx.length >= session.host.options.maxPendingFrames) throw new ProtocolError('transaction too large', 'Too many frames in one transaction');
  tx.push({ headers: h, body });
}

/** Only /app/chat takes SENDs: clients never publish to broker destinations themselves. */
async function sendNow(session: StompSession, h: Headers, body: Buffer): Promise<boolean> {
  if (!h.destination) throw new ProtocolError('missing destination', 'SEND needs a destination header');
  if (h.destination !== DESTINATIONS.chat) throw new ProtocolError('destination not allowed', `Messages are sent to ${DESTINATIONS.chat}`);
  try {
    await session.host.send(session, h, body);
    return true;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.status === 429) session.throttled(err, h.receipt); // the only ERROR that keeps the session
    else session.appError(err, h.receipt);
    return false;
  }
}

/** Only the caller's own queues (no user name in them: "mine") and presence can be subscribed to. */
async function subscribe(session: StompSession, h: Headers): Promise<void> {
  const destination = h.destination;
  const id = h.id ?? (session.version === '1.0' ? destination : undefined);
  if (!destination) throw new ProtocolError('missing destination', 'SUBSCRIBE needs a destination header');
  if (id === undefined) throw new ProtocolError('missing id', 'SUBSCRIBE needs an id header');
  if (!SUBSCRIBABLE.includes(destination)) throw new ProtocolError('destination not allowed', `Only ${SUBSCRIBABLE.join(', ')} can be subscribed to`);
  if (session.subscriptions.has(id)) throw new ProtocolError('duplicate subscription', `Subscription ${id} already exists`);
  if (session.subscriptions.size >= session.host.options.maxSubscriptions) throw new ProtocolError('too many subscriptions', 'Subscription limit reached');
  const ack = h.ack ?? 'auto';
  if (!ACK_MODES.includes(ack)) throw new ProtocolError('invalid ack', 'ack must be auto, client or client-individual');
  const sub: Subscription = { id, destination, ack: ack as Subscription['ack'] };
  session.subscriptions.set(id, sub);
  await session.host.subscribed(session, sub);
}
