import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import sockjs, { type Connection } from 'sockjs';
import { WebSocketServer } from 'ws';
import type { AppDeps } from '../deps.ts';
import { notificationSeal } from '../platform/crypto/notifications.ts';
import type { LiveTail } from '../eventstore/live-tail.ts';
import { startChatDelivery } from './delivery.ts';
import { startAlertDelivery } from './alertas.ts';
import { attachDispatcher } from './dispatcher.ts';
import { sessionHost } from './host.ts';
import { Hub } from './hub.ts';
import { DEFAULT_REALTIME_OPTIONS, type RealtimeOptions } from './options.ts';
import { Presence } from './presence.ts';
import { chooseSubprotocol } from './protocol.ts';
import { StompSession, type SessionHost } from './session.ts';
import { SockjsBinding } from './sockjs-binding.ts';
import { guardSockjsRequest } from './sockjs-guard.ts';
import { bindSockjs, bindWebSocket, sockjsTransport, wsTransport } from './transports.ts';

export type { RealtimeOptions } from './options.ts';

export interface Realtime {
  instanceId: string;
  hub: Hub;
  /** Every socket this instance holds, authenticated or not. */
  connections(): number;
  close(): Promise<void>;
}

type SockjsHandler = (req: unknown, resOrSocket: unknown, head?: unknown) => boolean;

/** A WebSocket message may carry several frames; past 4 frames' worth, ws itself refuses it (1009). */
function rawServer(frameBytes: number): WebSocketServer {
  return new WebSocketServer({
    noServer: true, maxPayload: 4 * frameBytes, perMessageDeflate: false,
    handleProtocols: (offered) => chooseSubprotocol(offered),
  });
}

/** SockJS under /ws/*: its own transports (WebSocket, xhr-streaming, polling...) carrying the same STOMP. */
function sockjsServer(host: SessionHost, live: Set<StompSession>, deps: AppDeps, frameBytes: number, binding: SockjsBinding): SockjsHandler {
  const server = sockjs.createServer({
    prefix: '/ws',
    log: (severity: string, line: string) => {
      if (severity === 'error') deps.logger.warn({ line }, 'sockjs');
    },
    heartbeat_delay: 25_000,
    disconnect_delay: 5_000,
    faye_server_options: { maxLength: 4 * frameBytes },
    // Only so /info says cookie_needed: sockjs-client then skips the transports that cannot carry
    // the session's owner cookie (IE's XDomainRequest). The cookie itself is sockjs-binding.ts's.
    jsessionid: () => undefined,
  } as sockjs.ServerOptions);
  server.on('connection', (conn: Connection | null) => {
    if (!conn) return; // closed during the handshake
    binding.opened(conn);
    const session = new StompSession(sockjsTransport(conn), host);
    live.add(session);
    bindSockjs(conn, session);
  });
  return (server as unknown as { listener(): { getHandler(): SockjsHandler } }).listener().getHandler();
}

/** Presence changes from any instance go to this instance's subscribers. */
function createPresence(deps: AppDeps, hub: Hub, databaseUrl: string, instanceId: string, o: RealtimeOptions): Presence {
  return new Presence(
    deps.knex, databaseUrl, instanceId,
    { graceMs: o.presenceGraceMs, heartbeatMs: o.instanceHeartbeatMs, instanceTimeoutMs: o.instanceTimeoutMs, sweepMs: o.presenceSweepMs,
      seal: notificationSeal(deps.config.masterKey) },
    (change) => void hub.presenceChanged(change).catch((err) => deps.logger.error({ err }, 'presence broadcast failed')),
    () => hub.sessions().filter((s) => s.isOpen).map((s) => ({ id: s.id, idUsuario: s.user!.idUsuario })),
    deps.logger,
  );
}

/**
 * The real-time channel of one server instance: STOMP over a raw WebSocket at /ws and over SockJS
 * at /ws/*, presence shared with the other instances through PostgreSQL, and chat delivery from
 * the event log.
 */
export async function startRealtime(deps: AppDeps, server: Server, databaseUrl: string, tail: LiveTail, overrides: Partial<RealtimeOptions> = {}): Promise<Realtime> {
  const configured = { ...DEFAULT_REALTIME_OPTIONS.limits, maxBodyBytes: deps.config.limits.stompMaxBodyBytes };
  const { stompMaxTransactions: maxTransactions, stompMaxHeldBytes: maxHeldBytes } = deps.config.limits;
  const { presenceHeartbeatMs: instanceHeartbeatMs, presenceTimeoutMs: instanceTimeoutMs } = deps.config;
  const options: RealtimeOptions = { ...DEFAULT_REALTIME_OPTIONS, limits: configured, maxTransactions, maxHeldBytes, instanceHeartbeatMs, instanceTimeoutMs, ...overrides };
  const instanceId = randomUUID();
  const hub = new Hub(deps.knex, deps.logger);
  const live = new Set<StompSession>();
  const presence = createPresence(deps, hub, databaseUrl, instanceId, options);
  await presence.start();
  const listed = (position: string) => deps.projections.waitForReads(position, deps.config.readYourWritesTimeoutMs, ['MensajeEnviado']);
  const delivery = startChatDelivery(tail, hub, deps.config.practiceTimezone, listed, deps.logger);
  const alerts = startAlertDelivery(tail, hub, deps.knex, deps.logger);
  const host = sessionHost(deps, hub, presence, options, live);
  const frameBytes = options.limits.maxBodyBytes + options.limits.maxHeaderBytes;

  const wss = rawServer(frameBytes);
  const binding = new SockjsBinding(deps.config.limits.trustProxy);
  const sockjsHandler = sockjsServer(host, live, deps, frameBytes, binding);

  const guardOptions = { corsOrigins: deps.config.corsOrigins, timezone: deps.config.practiceTimezone, binding };
  let accepting = true;
  const detach = attachDispatcher(server, {
    raw(req, socket, head) {
      if (!accepting) return void socket.destroy();
      wss.handleUpgrade(req, socket, head, (ws) => {
        const session = new StompSession(wsTransport(ws, req), host);
        live.add(session);
        bindWebSocket(ws, session, options.pingIntervalMs);
      });
    },
    sockjs(req, resOrSocket, head) {
      if (!accepting && head !== undefined) return void (resOrSocket as { destroy(): void }).destroy();
      sockjsHandler(req, resOrSocket, head);
    },
    guard: (req, res) => guardSockjsRequest(req, res, guardOptions),
  }, 4 * frameBytes);

  return {
    instanceId,
    hub,
    connections: () => live.size,
    async close() {
      accepting = false;
      // STOMP's way to end a session from the server: an ERROR frame, which clients surface, then the close.
      for (const s of [...live]) s.fail('server shutting down', 'The server is shutting down; reconnect in a moment.');
      detach();
      await delivery.stop();
      await alerts.stop();
      await presence.stop();
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
