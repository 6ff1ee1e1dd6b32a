import { AppError } from '../platform/errors.ts';
import { DESTINATIONS, SUBSCRIBABLE } from './options.ts';
import { ProtocolError } from './protocol.ts';
import type { StompSession, Subscription } from './session.ts';

type Headers = Record<string, string>;
const ACK_MODES = ['auto', 'client', 'client-individual'];

/**
 * The frames a connected client may send. Returns whether a requested RECEIPT may go out (not
 * when an application error was reported instead), or the headers it carries besides receipt-id
 * (a chat SEND's: the stored message's id). Protocol mistakes throw ProtocolError.
 */
export async function handleClientFrame(session: StompSession, command: string, h: Headers, body: Buffer): Promise<boolean | Headers> {
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
      // Awaited (the write token is the practice's, in PostgreSQL): the session's frames stay in order.
      if (h.transaction === undefined) return sendNow(session, h, body, true);
      return hold(session, h, body);
    case 'BEGIN':
      session.transactions.begin(h.transaction);
      return true;
    case 'COMMIT':
    case 'ABORT': {
      const tx = session.transactions.take(h.transaction);
      if (!tx) throw new ProtocolError('unknown transaction', `No transaction ${h.transaction ?? ''} is open`);
      let ok = true;
      // A transaction's SENDs go out in order at COMMIT; each message is stored on its own, and
      // each already paid its write token when it was held.
      if (command === 'COMMIT') {
        for (const f of tx) {
          if (session.isClosed) return false;
          ok = (await sendNow(session, f.headers, f.body, false)) !== false && ok;
        }
      }
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

/**
 * A SEND inside a transaction: checked against the session's bounds, then charged to the user's
 * write bucket now (a held frame costs memory from the moment it arrives), not again at COMMIT.
 * A throttled one is not held; the session stays, as for a throttled SEND outside a transaction.
 */
async function hold(session: StompSession, h: Headers, body: Buffer): Promise<boolean> {
  checkDestination(h);
  session.transactions.check(h.transaction, { headers: h, body });
  if (!(await charged(session, h)) || session.isClosed) return false; // closed meanwhile: its transactions are gone
  session.transactions.hold(h.transaction, { headers: h, body });
  return true;
}

function checkDestination(h: Headers): void {
  if (!h.destination) throw new ProtocolError('missing destination', 'SEND needs a destination header');
  if (h.destination !== DESTINATIONS.chat) throw new ProtocolError('destination not allowed', `Messages are sent to ${DESTINATIONS.chat}`);
}

/** Takes a write token; false (and the client told, session kept) when the user is throttled. */
async function charged(session: StompSession, h: Headers): Promise<boolean> {
  try {
    await session.host.chargeWrite(session);
    return true;
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 429) throw err;
    session.throttled(err, h.receipt); // the only ERROR that keeps the session
    return false;
  }
}

/** Only /app/chat takes SENDs: clients never publish to broker destinations themselves. False when refused; else the RECEIPT's headers. */
async function sendNow(session: StompSession, h: Headers, body: Buffer, charge: boolean): Promise<false | Headers> {
  checkDestination(h);
  // The token is taken before the body is looked at: a flood of bad bodies is throttled too.
  if (charge && !(await charged(session, h))) return false;
  try {
    return await session.host.send(session, h, body);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.status === 429) session.throttled(err, h.receipt);
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
