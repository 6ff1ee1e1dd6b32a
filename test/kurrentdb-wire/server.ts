import { Server, ServerCredentials, type UntypedHandleCall } from '@grpc/grpc-js';
import { append, appendSession, batchAppend } from './append.ts';
import { Log, MAX_APPEND_SIZE } from './log.ts';
import { ServerFeaturesService, StreamsService, StreamsServiceService, SupportedMethod, SupportedMethods, type Features } from './proto.ts';
import { Reads } from './read.ts';

// A wire-level stand-in for a KurrentDB server: a gRPC server (loopback, port 0, no TLS) speaking the
// protocol of the client library's own generated service definitions, with its state in memory. It
// implements what the event-store adapter makes the client send: server features, Streams.Read
// (stream and $all reads, filters, catch-up subscriptions), Streams.Append, Streams.BatchAppend and
// the v2 AppendSession behind multiStreamAppend. Not implemented (the client gets UNIMPLEMENTED):
// delete, tombstone, persistent subscriptions, projections, users, operations, gossip (a single
// node is addressed directly), TLS and authentication.

export interface StandInOptions {
  /** List and serve Streams.BatchAppend (every server since 21.10); false: the client uses Streams.Append. */
  batchAppend?: boolean;
  /** List and serve the v2 AppendSession (KurrentDB 25.1+); false: multiStreamAppend is unsupported. */
  multiStreamAppend?: boolean;
  /** Send CaughtUp when a subscription goes live (servers since 23.10); false: the older silence. */
  caughtUp?: boolean;
  /** The server's MaxAppendSize: bytes of proposed events one append may carry (1 MiB, the server's default). */
  maxAppendSize?: number;
  /** Loopback port; 0 (the default) lets the system choose a free one. */
  port?: number;
}

export interface KurrentStandIn {
  /** Connection string for KurrentDBClient.connectionString. */
  url: string;
  log: Log;
  /** Calls received per gRPC method path, for tests that check what went over the wire. */
  calls: Map<string, number>;
  /** Ends every open subscription with UNAVAILABLE, as a server restart does. */
  dropSubscriptions(): number;
  close(): Promise<void>;
}

const STREAMS_V1 = 'event_store.client.streams.Streams';
const STREAMS_V2 = 'kurrentdb.protocol.v2.streams.StreamsService';
const FEATURES = 'event_store.client.server_features.ServerFeatures';

export async function startKurrentStandIn(options: StandInOptions = {}): Promise<KurrentStandIn> {
  const { batchAppend: withBatch = true, multiStreamAppend: withMulti = true, maxAppendSize = MAX_APPEND_SIZE } = options;
  const log = new Log();
  const reads = new Reads(log, options.caughtUp ?? true);
  const calls = new Map<string, number>();
  const counted = <H extends (...args: never[]) => void>(path: string, h: H): H =>
    ((...args: never[]) => { calls.set(path, (calls.get(path) ?? 0) + 1); h(...args); }) as H;

  const listed: [string, string][] = [[FEATURES, 'GetSupportedMethods'], [STREAMS_V1, 'Read'], [STREAMS_V1, 'Append']];
  if (withBatch) listed.push([STREAMS_V1, 'BatchAppend']);
  if (withMulti) listed.push([STREAMS_V2, 'AppendSession']);

  const server = new Server();
  server.addService(ServerFeaturesService, {
    getSupportedMethods: counted(`/${FEATURES}/GetSupportedMethods`, (_call: unknown, done: (e: null, r: Features.SupportedMethods) => void) => {
      const methods = listed.map(([service, method]) => new SupportedMethod().setServiceName(service.toLowerCase()).setMethodName(method.toLowerCase()));
      // A version the client's semver parsing accepts; it matches the features listed.
      done(null, new SupportedMethods().setMethodsList(methods).setEventStoreServerVersion(withMulti ? '25.1.0' : '24.10.0'));
    }),
  } as Record<string, UntypedHandleCall>);
  const v1: Record<string, UntypedHandleCall> = {
    read: counted(`/${STREAMS_V1}/Read`, reads.handle),
    append: counted(`/${STREAMS_V1}/Append`, append(log, maxAppendSize)),
  };
  if (withBatch) v1.batchAppend = counted(`/${STREAMS_V1}/BatchAppend`, batchAppend(log, maxAppendSize));
  server.addService(StreamsService, v1);
  if (withMulti) server.addService(StreamsServiceService, { appendSession: counted(`/${STREAMS_V2}/AppendSession`, appendSession(log, maxAppendSize)) });

  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${options.port ?? 0}`, ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))));
  return {
    url: `kurrentdb://127.0.0.1:${port}?tls=false`,
    log,
    calls,
    dropSubscriptions: () => reads.dropSubscriptions(),
    async close() {
      reads.endAll();
      // Batch-append calls stay open for the client's lifetime: a graceful shutdown would wait for them.
      server.forceShutdown();
    },
  };
}
