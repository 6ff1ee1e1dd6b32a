import type { IncomingMessage } from 'node:http';
import type { Connection } from 'sockjs';
import { WebSocket } from 'ws';
import type { Transport } from './protocol.ts';
import type { StompSession } from './session.ts';

/** A raw WebSocket: frames go out as text messages. */
export function wsTransport(ws: WebSocket, req: IncomingMessage): Transport {
  return {
    kind: 'websocket',
    protocol: ws.protocol || null,
    acceptLanguage: req.headers['accept-language'],
    write: (data) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(data, { binary: false });
    },
    end: (code, reason) => {
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) ws.close(code, reason);
    },
    buffered: () => ws.bufferedAmount,
  };
}

/**
 * Wires a WebSocket to its session, with a WebSocket-level ping: a peer that vanished without
 * closing (and promised no STOMP heart-beats) is found within two ping intervals.
 */
export function bindWebSocket(ws: WebSocket, session: StompSession, pingIntervalMs: number): void {
  let alive = true;
  ws.on('pong', () => {
    alive = true;
  });
  const ping = setInterval(() => {
    if (!alive) {
      ws.terminate();
      return;
    }
    alive = false;
    ws.ping();
  }, pingIntervalMs);
  ws.on('message', (data: Buffer | ArrayBuffer | Buffer[]) => {
    session.receive(Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data));
  });
  ws.on('close', () => {
    clearInterval(ping);
    session.transportClosed();
  });
  ws.on('error', () => ws.terminate());
}

/** A SockJS connection (any of its transports): text messages only. */
export function sockjsTransport(conn: Connection): Transport {
  return {
    kind: 'sockjs',
    protocol: null,
    acceptLanguage: conn.headers?.['accept-language'],
    write: (data) => {
      conn.write(data.toString('utf8'));
    },
    end: (code, reason) => {
      conn.close(String(code), reason);
    },
    // SockJS keeps its own per-session buffer, dropped with the session when the client stops polling.
    buffered: () => 0,
  };
}

export function bindSockjs(conn: Connection, session: StompSession): void {
  conn.on('data', (message: string) => session.receive(message));
  conn.on('close', () => session.transportClosed());
}
