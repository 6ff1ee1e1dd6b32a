import { Metadata, Server, ServerCredentials, status, type UntypedHandleCall } from '@grpc/grpc-js';
import { append, appendSession, batchAppend } from './append.ts';
import { Log } from './log.ts';
import { GossipService, ServerFeaturesService, StreamsService, StreamsServiceService, SupportedMethod, SupportedMethods, type Features, type Gossip } from './proto.ts';
import { Reads } from './read.ts';

// A wire-level stand-in for a KurrentDB server: a gRPC server (loopback, port 0, no TLS) speaking the
// protocol of the client library's own generated service definitions, with its state in memory. It
// implements what the event-store adapter makes the client send: server features, Streams.Read
// (stream and $all reads, filters, catch-up subscriptions), Streams.Append, Streams.BatchAppend and
// the v2 AppendSession behind multiStreamAppend. Not implemented (the client gets UNIMPLEMENTED):
// delete, tombstone, persistent subscriptions, projections, users, operations, TLS and authentication.
// Gossip is served by the nodes of a cluster (cluster.ts): several servers over one log, a leader and
// followers; a single node is addressed directly.

/** A node's place in a cluster (cluster.ts): whether it leads now, where the leader is, the gossip. */
export interface NodeRole {
  isLeader(): boolean;
  leader(): { host: string; port: number } | null;
  gossip(): Gossip.ClusterInfo;
}

export interface StandInOptions {
  /** List and serve Streams.BatchAppend (every server since 21.10); false: the client uses Streams.Append. */
  batchAppend?: boolean;
  /** List and serve the v2 AppendSession (KurrentDB 25.1+); false: multiStreamAppend is unsupported. */
  multiStreamAppend?: boolean;
  /** Send CaughtUp when a subscription goes live (servers since 23.10); false: the older silence. */
  caughtUp?: boolean;
  /** The server's MaxAppendSize: bytes of proposed events one append may carry (256 MiB, 26.1's default; log.maxAppendSize later). */
  maxAppendSize?: number;
  /** The server's MaxAppendEventSize: bytes one proposed event may carry (16 MiB, 26.1's default; log.maxEventSize later). */
  maxEventSize?: number;
  /**
   * Largest gRPC message the server takes (grpc.max_receive_message_length): larger ones are refused
   * with RESOURCE_EXHAUSTED before any size check, as a real server's transport does. Default 32 MiB.
   */
  maxMessageSize?: number;
  /** The log, when several nodes share one (a cluster); a new one otherwise. */
  log?: Log;
  /** Cluster membership: writes (and reads requiring the leader) at a follower get NotLeader. */
  role?: NodeRole;
  /** Loopback port; 0 (the default) lets the system choose a free one. */
  port?: number;
}

export interface KurrentStandIn {
  /** Connection string for KurrentDBClient.connectionString. */
  url: string;
  port: number;
  log: Log;
  /** Calls received per gRPC method path, for tests that check what went over the wire. */
  calls: Map<string, number>;
  /** Ends every open subscription with UNAVAILABLE, as a server restart does. */
  dropSubscriptions(): number;
  /** Ends open batch-append calls with NotLeader (a leader stepping down). */
  dropAppends(): void;
  close(): Promise<void>;
}

const STREAMS_V1 = 'event_store.client.streams.Streams';
const STREAMS_V2 = 'kurrentdb.protocol.v2.streams.StreamsService';
const FEATURES = 'event_store.client.server_features.ServerFeatures';

export async function startKurrentStandIn(options: StandInOptions = {}): Promise<KurrentStandIn> {
  const { batchAppend: withBatch = true, multiStreamAppend: withMulti = true } = options;
  const log = options.log ?? new Log();
  if (options.maxAppendSize !== undefined) log.maxAppendSize = options.maxAppendSize;
  if (options.maxEventSize !== undefined) log.maxEventSize = options.maxEventSize;
  const role = options.role;
  const appends = new Set<{ emit(event: 'error', err: unknown): boolean }>();
  const reads = new Reads(log, options.caughtUp ?? true);
  const calls = new Map<string, number>();
  const counted = <H extends (...args: never[]) => void>(path: string, h: H): H =>
    ((...args: never[]) => { calls.set(path, (calls.get(path) ?? 0) + 1); h(...args); }) as H;

  const listed: [string, string][] = [[FEATURES, 'GetSupportedMethods'], [STREAMS_V1, 'Read'], [STREAMS_V1, 'Append']];
  if (withBatch) listed.push([STREAMS_V1, 'BatchAppend']);
  if (withMulti) listed.push([STREAMS_V2, 'AppendSession']);

  const server = new Server({ 'grpc.max_receive_message_length': options.maxMessageSize ?? 32 * 1024 * 1024 });
  server.addService(ServerFeaturesService, {
    getSupportedMethods: counted(`/${FEATURES}/GetSupportedMethods`, (_call: unknown, done: (e: null, r: Features.SupportedMethods) => void) => {
      const methods = listed.map(([service, method]) => new SupportedMethod().setServiceName(service.toLowerCase()).setMethodName(method.toLowerCase()));
      // A version the client's semver parsing accepts; it matches the features listed.
      done(null, new SupportedMethods().setMethodsList(methods).setEventStoreServerVersion(withMulti ? '25.1.0' : '24.10.0'));
    }),
  } as Record<string, UntypedHandleCall>);
  const v1: Record<string, UntypedHandleCall> = {
    read: counted(`/${STREAMS_V1}/Read`, leaderRead(role, reads.handle)),
    append: counted(`/${STREAMS_V1}/Append`, leaderOnly(role, append(log))),
  };
  if (withBatch) v1.batchAppend = counted(`/${STREAMS_V1}/BatchAppend`, leaderStream(role, appends, batchAppend(log)));
  server.addService(StreamsService, v1);
  if (withMulti) server.addService(StreamsServiceService, { appendSession: counted(`/${STREAMS_V2}/AppendSession`, leaderOnly(role, appendSession(log))) });
  if (role) server.addService(GossipService, { read: counted('/event_store.client.gossip.Gossip/Read', (_c: unknown, done: (e: null, r: Gossip.ClusterInfo) => void) => done(null, role.gossip())) } as Record<string, UntypedHandleCall>);

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${options.port ?? 0}`, ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
  noDelay(server);
  return {
    url: `kurrentdb://127.0.0.1:${port}?tls=false`,
    port,
    log,
    calls,
    dropSubscriptions: () => reads.dropSubscriptions(),
    dropAppends() {
      for (const call of [...appends]) { appends.delete(call); call.emit('error', notLeader(role)); }
    },
    async close() {
      reads.endAll();
      // Batch-append calls stay open for the client's lifetime: a graceful shutdown would wait for them.
      server.forceShutdown();
    },
  };
}

/**
 * TCP_NODELAY on every accepted socket, as KurrentDB's own server (Kestrel) sets it: without it a reply
 * written in two parts (messages, then the trailers) waits for the client's delayed ACK (~40 ms), a
 * stall a real server does not have. grpc-js offers no option for it: its listening servers are private.
 */
function noDelay(server: Server): void {
  const listening = (server as unknown as { http2Servers?: Map<import('node:net').Server, unknown> }).http2Servers;
  for (const s of listening?.keys() ?? []) s.on('connection', (socket: import('node:net').Socket) => socket.setNoDelay(true));
}

/** The server's answer at a follower: NOT_FOUND with the leader's endpoint in the trailers (NotLeaderError). */
export function notLeader(role: NodeRole | undefined) {
  const leader = role?.leader();
  if (!leader) return Object.assign(new Error('Server Is Not Ready'), { code: status.UNAVAILABLE, details: 'Server Is Not Ready' });
  const metadata = new Metadata();
  metadata.set('exception', 'not-leader');
  metadata.set('leader-endpoint-host', leader.host);
  metadata.set('leader-endpoint-port', String(leader.port));
  return Object.assign(new Error('Leader info available'), { code: status.NOT_FOUND, details: 'Leader info available', metadata });
}

type Unary = (call: { on(e: string, f: () => void): unknown }, done: (err: unknown, ...res: unknown[]) => void) => void;

/** Appends only at the leader; a follower answers NotLeader (no leader during an election: UNAVAILABLE). */
function leaderOnly<H extends (...args: never[]) => void>(role: NodeRole | undefined, h: H): H {
  if (!role) return h;
  return ((call: Parameters<Unary>[0], done: Parameters<Unary>[1]) => {
    // A leader that resigns while writing does not answer: the write stands, the client hears UNAVAILABLE.
    if (role.isLeader()) return (h as unknown as Unary)(call, (err, ...res) => (role.isLeader() ? (done as (...a: unknown[]) => void)(err, ...res) : done(notLeader(role))));
    call.on('data', () => {});
    call.on('end', () => {});
    done(notLeader(role));
  }) as unknown as H;
}

/** The batch-append call likewise; open ones are tracked so that a stepping-down leader can end them. */
function leaderStream<H extends (...args: never[]) => void>(role: NodeRole | undefined, open: Set<{ emit(e: 'error', err: unknown): boolean }>, h: H): H {
  if (!role) return h;
  return ((call: { emit(e: 'error', err: unknown): boolean; on(e: string, f: () => void): unknown }) => {
    if (!role.isLeader()) return void call.emit('error', notLeader(role));
    open.add(call);
    call.on('close', () => open.delete(call));
    (h as unknown as (c: typeof call) => void)(call);
  }) as unknown as H;
}

/** Reads anywhere, unless the client asks for the leader (requires-leader: true). */
function leaderRead<H extends (...args: never[]) => void>(role: NodeRole | undefined, h: H): H {
  if (!role) return h;
  return ((call: { metadata: Metadata; emit(e: 'error', err: unknown): boolean }) => {
    if (call.metadata.get('requires-leader')[0] === 'true' && !role.isLeader()) return void call.emit('error', notLeader(role));
    (h as unknown as (c: typeof call) => void)(call);
  }) as unknown as H;
}
