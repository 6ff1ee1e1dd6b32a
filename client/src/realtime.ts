import { Client, type IFrame, type IStompSocket } from '@stomp/stompjs';
import { PendingSends } from './sends.js';
import type { ChatSend, ErrorBody, Mensaje, Presence } from './types.js';

// The STOMP 1.2 channel at /ws (README "For app developers"): CONNECT carries the token,
// chat goes to /app/chat, deliveries come on the caller's own queues and presence on a topic.

const DESTINATIONS = {
  chat: '/app/chat',
  messages: '/user/queue/messages',
  errors: '/user/queue/errors',
  presence: '/topic/presence',
} as const;

export interface RealtimeOptions {
  /** The API's base URL (http or https); the socket goes to the same host, path `/ws`. */
  baseUrl: string;
  token: string;
  /** `en` for English error messages (Node only: browsers cannot set WebSocket headers). */
  acceptLanguage?: string;
  /** Heart-beat both ways, ms; 0 for none. Default 10000. */
  heartbeatMs?: number;
  /** Another transport, e.g. `() => new SockJS(baseUrl + '/ws')` in a browser that needs SockJS. */
  webSocketFactory?: () => IStompSocket;
}

/** A refusal over STOMP: an application error (the spec's body) or a protocol error (no body). */
export class RealtimeError extends Error {
  constructor(
    message: string,
    /** HTTP-like status of an application error (400, 403, 429, ...); null for protocol errors. */
    readonly status: number | null,
    readonly body: ErrorBody | null,
    /** The server closed the connection after it (an ERROR frame other than a throttled SEND). */
    readonly fatal: boolean,
    /** Seconds until the next SEND is accepted, when throttled. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'RealtimeError';
  }
}

export interface RealtimeClient {
  /** The caller's idUsuario, as the server identified the token. */
  readonly idUsuario: number;
  /**
   * Sends a chat message. Resolves with the message as stored (as GET /api/mensajes lists it: idMensaje,
   * the server's enviadoEn, ...) once the server stored it; a refusal rejects it with its RealtimeError,
   * once, and does not go to onError handlers.
   */
  sendChat(message: ChatSend): Promise<Mensaje>;
  /** Each handler registration returns the function that removes it. */
  onMessage(handler: (message: Mensaje) => void): () => void;
  onPresence(handler: (presence: Presence) => void): () => void;
  /** Refusals that reject no sendChat: protocol errors, a throttled or refused frame sent otherwise. */
  onError(handler: (error: RealtimeError) => void): () => void;
  /** The connection ended without disconnect() (server closed it, network, the token expired). */
  onClose(handler: () => void): () => void;
  disconnect(): Promise<void>;
}

/** `http://host:8080/base` → `ws://host:8080/base/ws`. */
export function realtimeUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/$/, '')}/ws`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

const PROTOCOLS = ['v12.stomp', 'v11.stomp', 'v10.stomp'];

async function defaultFactory(url: string, acceptLanguage: string | undefined): Promise<() => IStompSocket> {
  // Node 20 has no WebSocket global (and browsers' cannot send headers): use ws there.
  if (typeof process !== 'undefined' && process.versions?.node) {
    const { default: WebSocket } = await import('ws');
    const headers = acceptLanguage ? { 'Accept-Language': acceptLanguage } : {};
    return () => new WebSocket(url, PROTOCOLS, { headers }) as unknown as IStompSocket;
  }
  return () => new WebSocket(url, PROTOCOLS) as unknown as IStompSocket;
}

function errorOf(frame: IFrame, fatal: boolean): RealtimeError {
  let body: ErrorBody | null = null;
  try {
    const parsed = JSON.parse(frame.body) as ErrorBody;
    if (parsed && typeof parsed.mensaje === 'string' && typeof parsed.status === 'number') body = parsed;
  } catch {
    /* a protocol error: plain text */
  }
  const retry = frame.headers['retry-after'];
  return new RealtimeError(
    body?.mensaje ?? (frame.headers.message || frame.body || 'STOMP error'),
    body?.status ?? null,
    body,
    fatal,
    retry !== undefined && /^\d+$/.test(retry) ? Number(retry) : undefined,
  );
}

class Handlers<T> {
  private readonly set = new Set<(value: T) => void>();
  add(handler: (value: T) => void): () => void {
    this.set.add(handler);
    return () => this.set.delete(handler);
  }
  emit(value: T): void {
    for (const h of [...this.set]) h(value);
  }
}

/**
 * Opens a session and subscribes to the caller's messages, errors and presence; resolves once
 * those subscriptions are in place (nothing sent afterwards is missed). No automatic reconnect:
 * a session ends with its token, and reconnecting needs a fresh one.
 */
export async function connectRealtime(options: RealtimeOptions): Promise<RealtimeClient> {
  const factory = options.webSocketFactory ?? (await defaultFactory(realtimeUrl(options.baseUrl), options.acceptLanguage));
  const beat = options.heartbeatMs ?? 10_000;
  const client = new Client({
    webSocketFactory: factory,
    connectHeaders: { Authorization: `Bearer ${options.token}` },
    reconnectDelay: 0,
    heartbeatIncoming: beat,
    heartbeatOutgoing: beat,
    debug: () => undefined,
  });
  const messages = new Handlers<Mensaje>();
  const presence = new Handlers<Presence>();
  const errors = new Handlers<RealtimeError>();
  const closes = new Handlers<void>();
  const sends = new PendingSends();
  let seq = 0;
  let closing = false;

  // A refusal answering a sendChat rejects that send only; any other goes to the onError handlers.
  const refused = (frame: IFrame, error: RealtimeError) => {
    if (!sends.refused(frame.headers['receipt-id'], error)) errors.emit(error);
  };

  const connected = await new Promise<IFrame>((resolve, reject) => {
    client.onConnect = resolve;
    client.onStompError = (frame) => {
      void client.deactivate();
      reject(errorOf(frame, true));
    };
    client.onWebSocketClose = () => reject(new RealtimeError('The connection closed before CONNECTED', null, null, true));
    client.activate();
  });

  // From here on, errors and closes go to the handlers.
  client.onStompError = (frame) => {
    // A throttled SEND keeps the session (it carries retry-after); any other ERROR ends it.
    refused(frame, errorOf(frame, frame.headers['retry-after'] === undefined));
  };
  client.onWebSocketClose = () => {
    sends.failAll(() => new RealtimeError('The connection closed', null, null, true));
    if (!closing) closes.emit();
  };
  const idUsuario = Number(connected.headers['user-name']);

  const subscribed: Promise<void>[] = [];
  const subscribe = (destination: string, onBody: (body: string, frame: IFrame) => void) => {
    const receipt = `sub-${destination}`;
    subscribed.push(new Promise((resolve) => client.watchForReceipt(receipt, () => resolve())));
    client.subscribe(destination, (m) => onBody(m.body, m), { receipt });
  };
  subscribe(DESTINATIONS.messages, (body) => {
    const message = JSON.parse(body) as Mensaje;
    if (message.senderId === idUsuario) sends.delivered(message);
    messages.emit(message);
  });
  subscribe(DESTINATIONS.presence, (body) => presence.emit(JSON.parse(body) as Presence));
  subscribe(DESTINATIONS.errors, (_body, frame) => refused(frame, errorOf(frame, false)));
  await Promise.all(subscribed);

  return {
    idUsuario,
    sendChat(message) {
      const receipt = `chat-${++seq}`;
      return new Promise<Mensaje>((resolve, reject) => {
        sends.add(receipt, { resolve, reject });
        client.watchForReceipt(receipt, (frame) => {
          const id = frame.headers['id-mensaje'];
          const noId = () => new RealtimeError('The server stored the message but did not name it (id-mensaje)', null, null, false);
          sends.receipted(receipt, id !== undefined && /^\d+$/.test(id) ? Number(id) : null, noId);
        });
        client.publish({ destination: DESTINATIONS.chat, headers: { receipt, 'content-type': 'application/json' }, body: JSON.stringify(message) });
      });
    },
    onMessage: (h) => messages.add(h),
    onPresence: (h) => presence.add(h),
    onError: (h) => errors.add(h),
    onClose: (h) => closes.add(h),
    async disconnect() {
      closing = true;
      await client.deactivate();
    },
  };
}
