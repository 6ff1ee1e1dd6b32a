import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, type IFrame, type IMessage } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import WebSocket from 'ws';
import { loadConfig, type Config } from '../../src/platform/config.ts';
import { createKnex } from '../../src/platform/database.ts';
import { encodeFrame, FrameParser, headersOf } from '../../src/realtime/frame.ts';
import type { RealtimeOptions } from '../../src/realtime/options.ts';
import { RecordingPush } from '../../src/reactors/push/push.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { UNTHROTTLED } from '../support/limits.ts';
import { installSockjsCookieJar } from './sockjs-cookies.ts';

// sockjs-client in Node keeps cookies as a browser would (the server binds SockJS sessions to one).
installSockjsCookieJar();

export const ADMIN = { email: 'admin@rt.local', password: 'Admin12345' };

export interface Instance extends RunningServer {
  push: RecordingPush;
  wsUrl: string;
  request(method: string, path: string, opts?: { body?: unknown; token?: string }): Promise<{ status: number; body: any; text: string; headers: Headers }>;
}

/** Short timings so presence and heart-beat behaviour shows within a test. */
export const FAST: Partial<RealtimeOptions> = {
  presenceGraceMs: 600, presenceSweepMs: 200, instanceHeartbeatMs: 300, instanceTimeoutMs: 2000, heartbeatSendMs: 300,
};

/** `n` server instances on one fresh database, as separate deployments would run them (own pools); `env` on top of the unthrottled test environment. */
export async function startCluster(n: number, realtime: Partial<RealtimeOptions> = FAST, env: Record<string, string> = {}) {
  const db: TestDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'practice-rt-'));
  const config: Config = loadConfig({
    NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: db.url,
    ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, BCRYPT_COST: '4', LOG_LEVEL: 'silent', ...UNTHROTTLED, ...env,
  });
  const instances: Instance[] = [];
  const extraPools: ReturnType<typeof createKnex>[] = [];
  for (let i = 0; i < n; i++) {
    const knex = i === 0 ? db.knex : createKnex(db.url);
    if (i > 0) extraPools.push(knex);
    const push = new RecordingPush();
    const running = await startServer({ config, database: { knex, url: db.url }, push, realtime });
    instances.push({ ...running, push, wsUrl: `${running.url.replace('http', 'ws')}/ws`, request: requester(running.url) });
  }
  return {
    db, config, instances,
    async stop() {
      for (const inst of instances) await inst.close();
      for (const k of extraPools) await k.destroy();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** JSON requests against one instance's base URL, with an optional Bearer token. */
export function requester(base: string): Instance['request'] {
  return async (method, path, o = {}) => {
    const headers: Record<string, string> = {};
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
    const text = await res.text();
    let body: unknown = text;
    try { body = text ? JSON.parse(text) : undefined; } catch { /* not JSON */ }
    return { status: res.status, body, text, headers: res.headers };
  };
}

/** Messages arriving on one subscription, awaited in order. */
export class Inbox<T = IMessage> {
  readonly items: T[] = [];
  private waiters: (() => void)[] = [];
  push(item: T): void {
    this.items.push(item);
    for (const w of this.waiters.splice(0)) w();
  }
  async next(ms = 3000): Promise<T> {
    const until = Date.now() + ms;
    while (this.items.length === 0) {
      const left = until - Date.now();
      if (left <= 0) throw new Error('no message arrived in time');
      await new Promise<void>((r) => { this.waiters.push(r); setTimeout(r, left); });
    }
    return this.items.shift()!;
  }
  /** Resolves if nothing arrives within `ms`. */
  async none(ms = 300): Promise<void> {
    await new Promise((r) => setTimeout(r, ms));
    if (this.items.length) throw new Error(`unexpected message: ${JSON.stringify(this.items[0])}`);
  }
}

export interface StompUser {
  client: Client;
  connected: IFrame;
  subscribe(destination: string): Inbox;
  close(): Promise<void>;
}

/** A @stomp/stompjs client over a raw WebSocket (subprotocol v12.stomp) or over sockjs-client. */
export function stomp(base: string, token: string | null, opts: { sockjs?: string[]; heartbeat?: number } = {}): Promise<StompUser> {
  const client = new Client({
    webSocketFactory: () => (opts.sockjs
      ? new SockJS(`${base.replace(/^ws/, 'http')}`, undefined, { transports: opts.sockjs })
      : new WebSocket(base, ['v12.stomp'])),
    connectHeaders: token ? { Authorization: `Bearer ${token}` } : {},
    reconnectDelay: 0,
    heartbeatIncoming: opts.heartbeat ?? 0,
    heartbeatOutgoing: opts.heartbeat ?? 0,
    debug: () => undefined,
  });
  return new Promise((resolve, reject) => {
    client.onConnect = (connected) => resolve({
      client, connected,
      subscribe(destination) {
        const inbox = new Inbox();
        client.subscribe(destination, (m) => inbox.push(m));
        return inbox;
      },
      close: () => client.deactivate(),
    });
    client.onStompError = (frame) => {
      void client.deactivate();
      reject(Object.assign(new Error(frame.headers.message), { frame }));
    };
    client.onWebSocketClose = () => reject(new Error('closed before CONNECTED'));
    client.activate();
  });
}

export interface RawFrame {
  command: string;
  headers: Record<string, string>;
  body: string;
}

/** A bare WebSocket speaking STOMP by hand, to send what a well-behaved client never would. */
export class RawStomp {
  readonly frames = new Inbox<RawFrame>();
  readonly closed: Promise<number>;
  heartbeats = 0;
  private readonly parser = new FrameParser();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const r = this.parser.push(data);
      this.heartbeats += r.heartbeats;
      for (const f of r.frames) this.frames.push({ command: f.command, headers: headersOf(f, '1.2'), body: f.body.toString('utf8') });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static open(url: string, protocols: string[] = ['v12.stomp']): Promise<RawStomp> {
    const ws = new WebSocket(url, protocols);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawStomp(ws)));
      ws.once('error', reject);
    });
  }

  send(data: string | Buffer): void {
    this.ws.send(data);
  }

  frame(command: string, headers: Record<string, string>, body = ''): void {
    this.ws.send(encodeFrame(command, headers, body).toString('utf8'));
  }

  async connect(token: string, extra: Record<string, string> = {}): Promise<RawFrame> {
    this.frame('CONNECT', { 'accept-version': '1.2', host: 'localhost', Authorization: `Bearer ${token}`, ...extra });
    return this.frames.next();
  }

  /** Resolves with the close code, or fails if the socket stays open `ms`. */
  async waitClosed(ms = 3000): Promise<number> {
    return Promise.race([this.closed, new Promise<number>((_, reject) => setTimeout(() => reject(new Error('socket still open')), ms))]);
  }
}
