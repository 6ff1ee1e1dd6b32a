import { DEFAULT_INSTANCE_TIMEOUT_MS } from '../queries/presencia.ts';
import { DEFAULT_LIMITS, type FrameLimits } from './frame.ts';

/** Tunables of the real-time channel; tests shorten the timings. */
export interface RealtimeOptions {
  /** Heart-beat the server offers to send (sx of CONNECTED's heart-beat: sx,sy), ms. */
  heartbeatSendMs: number;
  /**
   * Shortest heart-beat interval the server asks of clients (sy), ms: a client that promises to
   * beat is expected every max(its promise, this) and closed after twice that in silence.
   */
  heartbeatReceiveMs: number;
  /** A socket must send CONNECT within this, ms. */
  connectTimeoutMs: number;
  /** A user goes offline this long after their last session closed, so a reconnect does not flap, ms. */
  presenceGraceMs: number;
  /** How often an instance records that it is alive, ms. */
  instanceHeartbeatMs: number;
  /** An instance silent this long is dead: its sessions no longer make anyone online, ms. */
  instanceTimeoutMs: number;
  /** How often each instance looks for users to mark offline, ms. */
  presenceSweepMs: number;
  limits: FrameLimits;
  maxSubscriptions: number;
  /** Frames received but not yet handled (a client flooding SENDs is closed), per session; also SENDs per transaction. */
  maxPendingFrames: number;
  /** Transactions open at once per session (STOMP_MAX_TRANSACTIONS); the next BEGIN gets ERROR and the close. */
  maxTransactions: number;
  /** Bytes (bodies and headers) held by a session's open transactions (STOMP_MAX_HELD_BYTES); past them, ERROR and the close. */
  maxHeldBytes: number;
  /** A client that does not read (bytes queued on its socket past this) is closed. */
  maxBufferedBytes: number;
  /** WebSocket-level ping for dead TCP peers that promised no STOMP heart-beats, ms. */
  pingIntervalMs: number;
}

export { DEFAULT_INSTANCE_TIMEOUT_MS } from '../queries/presencia.ts';

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  heartbeatSendMs: 10_000,
  heartbeatReceiveMs: 1_000,
  connectTimeoutMs: 10_000,
  presenceGraceMs: 3_000,
  instanceHeartbeatMs: 1_000, // PRESENCE_HEARTBEAT_MS (the server passes the configured one)
  instanceTimeoutMs: DEFAULT_INSTANCE_TIMEOUT_MS,
  presenceSweepMs: 1_000,
  limits: DEFAULT_LIMITS,
  maxSubscriptions: 16,
  maxPendingFrames: 100,
  maxTransactions: 4,
  maxHeldBytes: 256 * 1024,
  maxBufferedBytes: 1024 * 1024,
  pingIntervalMs: 30_000,
};

/** Destinations a client may subscribe to: its own queues (never another user's) and presence. */
export const DESTINATIONS = {
  messages: '/user/queue/messages',
  errors: '/user/queue/errors',
  /** Safety alerts of the outcome measures, to the psychologist (docs/care.md "Safety alert"). */
  alerts: '/user/queue/alertas',
  presence: '/topic/presence',
  chat: '/app/chat',
  /** Notices to one user: their psychologist opened the video room (docs/care.md "Online sessions"). */
  avisos: '/user/queue/avisos',
} as const;

export const SUBSCRIBABLE: readonly string[] = [DESTINATIONS.messages, DESTINATIONS.errors, DESTINATIONS.presence, DESTINATIONS.alerts, DESTINATIONS.avisos];
