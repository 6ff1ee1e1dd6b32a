import { once } from 'node:events';
import SockJS from 'sockjs-client';
import WebSocket from 'ws';
import { FrameParser, headersOf } from '../../src/realtime/frame.ts';
import { Inbox, RawStomp, type RawFrame } from './support.ts';
import type { TestServer } from '../support/server.ts';

export const wsUrlOf = (srv: TestServer) => `${srv.url.replace(/^http/, 'ws')}/ws`;

/** A RawStomp whose handshake carries `headers` (Accept-Language...). */
export async function rawWith(url: string, headers: Record<string, string>): Promise<RawStomp> {
  const ws = new WebSocket(url, ['v12.stomp'], { headers });
  await once(ws, 'open');
  return new (RawStomp as unknown as new (ws: WebSocket) => RawStomp)(ws);
}

/** STOMP by hand over sockjs-client (one HTTP transport), to stay silent or send what stompjs would not. */
export class RawSockjs {
  readonly frames = new Inbox<RawFrame>();
  readonly closed: Promise<void>;
  private readonly parser = new FrameParser();
  private constructor(readonly sock: WebSocket) {
    sock.onmessage = (e: { data: unknown }) => {
      for (const f of this.parser.push(String(e.data)).frames) {
        this.frames.push({ command: f.command, headers: headersOf(f, '1.2'), body: f.body.toString('utf8') });
      }
    };
    this.closed = new Promise((resolve) => { sock.onclose = () => resolve(); });
  }

  static async open(srv: TestServer, transport = 'xhr-streaming'): Promise<RawSockjs> {
    const sock = new SockJS(`${srv.url}/ws`, undefined, { transports: [transport] }) as unknown as WebSocket;
    await new Promise<void>((resolve, reject) => {
      sock.onopen = () => resolve();
      sock.onclose = () => reject(new Error('SockJS closed before open'));
    });
    return new RawSockjs(sock);
  }

  send(text: string): void {
    this.sock.send(text);
  }

  async waitClosed(ms = 5000): Promise<void> {
    await Promise.race([this.closed, new Promise((_, reject) => setTimeout(() => reject(new Error('SockJS still open')), ms))]);
  }
}
