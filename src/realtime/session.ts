import { randomUUID } from 'node:crypto';
import { AppError } from '../platform/errors.ts';
import type { AuthUser } from '../queries/usuarios.ts';
import { encodeFrame, FrameError, FrameParser, headersOf, type Frame, type StompVersion } from './frame.ts';
import { DESTINATIONS, type RealtimeOptions } from './options.ts';
import { handleClientFrame } from './client-frames.ts';
import { negotiateVersion, parseHeartbeat, ProtocolError, type Transport } from './protocol.ts';
import { Transactions } from './transactions.ts';

export interface Subscription {
  id: string;
  destination: string;
  ack: 'auto' | 'client' | 'client-individual';
}

/** What a session needs from the server around it. */
export interface SessionHost {
  options: RealtimeOptions;
  /** Service time, ms (token expiry is judged on it). */
  now(): number;
  authenticate(authorization: string | undefined): Promise<{ user: AuthUser; expiresAt: number } | null>;
  /** Called synchronously once authenticated: the refusal when the user may not open one more session. */
  admit(session: StompSession): AppError | null;
  /**
   * The session is authenticated: record it (presence, local registry) before CONNECTED goes out.
   * Rejects with an AppError when the user holds too many sessions across the instances.
   */
  opened(session: StompSession): Promise<void>;
  /** The session ended; `registered` is the promise opened() returned, if it was called. */
  closed(session: StompSession, registered: Promise<void> | null): void;
  /** Awaited before the next frame, so a client cannot pile up the work a SUBSCRIBE starts. */
  subscribed(session: StompSession, sub: Subscription): Promise<void>;
  /** Takes a token from the user's write bucket (the REST writes' one); rejects with the 429 AppError when empty. */
  chargeWrite(session: StompSession): Promise<void>;
  /**
   * A SEND to an application destination (/app/chat), already charged. Throws AppError for bad content.
   * Resolves with headers for the SEND's RECEIPT, if one was asked for (the stored message's id).
   */
  send(session: StompSession, headers: Record<string, string>, body: Buffer): Promise<Record<string, string>>;
  /** An application error as the spec's error body, for /user/queue/errors. */
  errorBody(session: StompSession, err: AppError): string;
  internalError(err: unknown): void;
}

type State = 'new' | 'connecting' | 'open' | 'closed';
const EOL = Buffer.from('\n');
const MAX_TIMER_MS = 2_147_483_647;

/** One STOMP connection over any transport: the protocol's state machine. */
export class StompSession {
  readonly id = randomUUID();
  user: AuthUser | null = null;
  version: StompVersion = '1.2';
  readonly subscriptions = new Map<string, Subscription>();
  /** Presence versions already told to this client, so an older snapshot never undoes a newer change. */
  readonly presenceSeen = new Map<number, number>();
  private state: State = 'new';
  private readonly parser: FrameParser;
  private readonly queue: (Frame | FrameError)[] = [];
  private pumping = false;
  private lastIn = Date.now();
  private readonly timers: NodeJS.Timeout[] = [];
  /** Open STOMP transactions: their SENDs, held until COMMIT (bounded; emptied when the session ends). */
  readonly transactions: Transactions;
  private registered: Promise<void> | null = null;
  private seq = 0;

  constructor(readonly transport: Transport, readonly host: SessionHost) {
    this.parser = new FrameParser(host.options.limits);
    const o = host.options;
    this.transactions = new Transactions({ maxOpen: o.maxTransactions, maxHeldBytes: o.maxHeldBytes, maxFrames: o.maxPendingFrames });
    this.timers.push(setTimeout(() => {
      if (this.state === 'new' || this.state === 'connecting') this.fail('CONNECT expected', 'No CONNECT frame arrived in time');
    }, host.options.connectTimeoutMs));
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  /** Bytes from the transport. Frames are handled one at a time, in order. */
  receive(chunk: Buffer | string): void {
    if (this.state === 'closed') return;
    this.lastIn = Date.now();
    const { frames, error } = this.parser.push(chunk);
    this.queue.push(...frames);
    if (error) this.queue.push(error);
    if (this.queue.length > this.host.options.maxPendingFrames) {
      this.fail('too many frames', 'Too many frames waiting to be handled');
      return;
    }
    void this.pump();
  }

  /** The transport closed (the peer left, or we closed it). */
  transportClosed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.shutdown();
  }

  /** A MESSAGE to each of this session's subscriptions to `destination`. */
  deliver(destination: string, body: string, extra: Record<string, string> = {}): boolean {
    if (this.state !== 'open') return false;
    let sent = false;
    for (const sub of this.subscriptions.values()) {
      if (sub.destination !== destination) continue;
      const messageId = `${this.id}-${++this.seq}`;
      const headers: Record<string, string> = { subscription: sub.id, 'message-id': messageId, destination, 'content-type': 'application/json', ...extra };
      if (sub.ack !== 'auto') headers.ack = messageId;
      this.write('MESSAGE', headers, body);
      sent = true;
    }
    return sent;
  }

  /** ERROR, then the connection is closed: what STOMP prescribes for any protocol failure. */
  fail(message: string, detail: string, receipt?: string, extra: Record<string, string> = {}): void {
    if (this.state === 'closed') return;
    const headers: Record<string, string> = { message, 'content-type': 'text/plain', ...extra };
    if (receipt !== undefined) headers['receipt-id'] = receipt;
    this.write('ERROR', headers, detail);
    this.close(1000, message);
  }

  close(code: number, reason: string): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.transport.end(code, reason.slice(0, 120));
    this.shutdown();
  }

  private shutdown(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.length = 0;
    this.queue.length = 0;
    this.transactions.clear();
    this.host.closed(this, this.registered);
  }

  private write(command: string, headers: Record<string, string>, body: string | Buffer = ''): void {
    if (this.transport.buffered() > this.host.options.maxBufferedBytes) {
      this.close(1008, 'slow consumer'); // it does not read: an ERROR would not get through either
      return;
    }
    this.transport.write(encodeFrame(command, headers, body, this.version));
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0 && this.state !== 'closed') {
        const item = this.queue.shift()!;
        if (item instanceof FrameError) this.fail('malformed frame', item.message);
        else await this.handle(item);
      }
    } finally {
      this.pumping = false;
    }
  }

  private async handle(frame: Frame): Promise<void> {
    let headers: Record<string, string>;
    try {
      headers = headersOf(frame, this.version);
    } catch (err) {
      this.fail('malformed frame', (err as Error).message);
      return;
    }
    const receipt = headers.receipt;
    try {
      if (this.state !== 'open') {
        if ((frame.command === 'CONNECT' || frame.command === 'STOMP') && this.state === 'new') await this.connect(headers);
        else this.fail('not connected', 'The first frame must be CONNECT (or STOMP) with an Authorization header');
        return;
      }
      const done = await handleClientFrame(this, frame.command, headers, frame.body);
      if (receipt !== undefined && done !== false && this.isOpen) this.write('RECEIPT', { ...(done === true ? {} : done), 'receipt-id': receipt });
      if (frame.command === 'DISCONNECT') this.close(1000, 'disconnect');
    } catch (err) {
      if (err instanceof ProtocolError) this.fail(err.message, err.detail, receipt);
      else if (err instanceof AppError) this.appError(err, receipt);
      else {
        this.host.internalError(err);
        this.fail('internal error', 'The server could not handle the frame', receipt);
      }
    }
  }

  /** An application error: to /user/queue/errors when the client listens there, otherwise ERROR and close. */
  appError(err: AppError, receipt?: string): void {
    const body = this.host.errorBody(this, err);
    const extra: Record<string, string> = receipt !== undefined ? { 'receipt-id': receipt } : {};
    if (!this.deliver(DESTINATIONS.errors, body, extra)) this.fail(err.mensaje.en, body, receipt);
  }

  /**
   * A throttled SEND (429): ERROR with `retry-after` (seconds), and the session stays open. STOMP
   * has an ERROR end the connection; decisions.md "Limits" keeps the session instead, so a client
   * that writes too fast waits rather than reconnecting (which costs the server more than a SEND).
   * @stomp/stompjs reports it through onStompError and stays connected.
   */
  throttled(err: AppError, receipt?: string): void {
    if (this.state !== 'open') return;
    const headers: Record<string, string> = { message: err.mensaje.en, 'content-type': 'application/json', 'retry-after': err.headers['Retry-After'] ?? '1' };
    if (receipt !== undefined) headers['receipt-id'] = receipt;
    this.write('ERROR', headers, this.host.errorBody(this, err));
  }

  hasSubscription(destination: string): boolean {
    for (const sub of this.subscriptions.values()) if (sub.destination === destination) return true;
    return false;
  }

  private async connect(h: Record<string, string>): Promise<void> {
    this.state = 'connecting';
    const version = negotiateVersion(h['accept-version'], this.transport.protocol);
    if (!version) return this.fail('unsupported version', 'Supported STOMP versions: 1.0, 1.1, 1.2', undefined, { version: '1.0,1.1,1.2' });
    this.version = version;
    const beat = parseHeartbeat(h['heart-beat']);
    if (!beat) return this.fail('invalid heart-beat', 'heart-beat must be two integers: cx,cy');
    const auth = await this.host.authenticate(h.Authorization ?? h.authorization);
    if (this.isClosed) return;
    if (!auth) return this.fail('unauthorized', 'A valid Authorization: Bearer <token> header is required');
    this.user = auth.user;
    const refused = this.host.admit(this);
    if (refused) return this.appError(refused); // not open yet: ERROR (body in the client's language), then close
    this.registered = this.host.opened(this);
    await this.registered;
    if (this.isClosed) return;
    this.state = 'open';
    const { heartbeatSendMs: sx, heartbeatReceiveMs: sy } = this.host.options;
    this.write('CONNECTED', { version, 'heart-beat': `${sx},${sy}`, server: 'practice-stomp', session: this.id, 'user-name': String(auth.user.idUsuario) });
    this.heartbeats(beat[0] > 0 && sy > 0 ? Math.max(beat[0], sy) : 0, beat[1] > 0 && sx > 0 ? Math.max(sx, beat[1]) : 0);
    this.expireAt(auth.expiresAt);
  }

  /** `incoming`: the client promised to beat this often; `outgoing`: the client asked us to. */
  private heartbeats(incoming: number, outgoing: number): void {
    if (outgoing > 0) this.timers.push(setInterval(() => this.isOpen && this.transport.write(EOL), outgoing));
    if (incoming > 0) {
      this.timers.push(setInterval(() => {
        if (this.isOpen && Date.now() - this.lastIn > incoming * 2) this.fail('heart-beat timeout', `Nothing received for over ${incoming * 2} ms`);
      }, Math.min(incoming, 1000)));
    }
  }

  /** The session ends when its token does (no refresh: connect again with a new token). */
  private expireAt(expiresAt: number): void {
    const delay = Math.max(0, expiresAt - this.host.now());
    this.timers.push(setTimeout(() => {
      if (delay > MAX_TIMER_MS) this.expireAt(expiresAt);
      else this.fail('token expired', 'The token expired: connect again with a new one');
    }, Math.min(delay, MAX_TIMER_MS)));
  }
}
