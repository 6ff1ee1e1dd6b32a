// The client library's own generated gRPC service definitions and message classes (protoc output it
// ships under generated/): the stand-in serves exactly the wire format the client encodes and decodes.
// CommonJS modules whose exports the ESM loader cannot list: imported whole, then destructured.
import featuresGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb.js';
import featuresPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb.js';
import gossipGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/gossip_grpc_pb.js';
import gossipPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/gossip_pb.js';
import sharedPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb.js';
import statusPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/status_pb.js';
import streamsGrpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb.js';
import streamsPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import errorsV2 from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/errors_pb.js';
import streamsV2Grpc from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/streams_grpc_pb.js';
import streamsV2Pb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/streams_pb.js';
import type { Expected, Rec } from './log.ts';

/** The message types, for signatures: V1.ReadReq.Options, V2.AppendRequest... */
import type * as V1 from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb.js';
import type * as V2 from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v2/streams/streams_pb.js';
import type * as Features from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb.js';
import type * as Gossip from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/gossip_pb.js';
export type { V1, V2, Features, Gossip };

export const { ServerFeaturesService } = featuresGrpc;
export const { GossipService } = gossipGrpc;
export const { ClusterInfo, MemberInfo, EndPoint } = gossipPb;
export const { SupportedMethods, SupportedMethod } = featuresPb;
export const { UUID, Empty, StreamIdentifier, AllStreamPosition, WrongExpectedVersion, MaximumAppendSizeExceeded } = sharedPb;
export const { Status } = statusPb;
export const { StreamsService } = streamsGrpc;
export const { ReadReq, ReadResp, AppendResp, BatchAppendResp } = streamsPb;
export const { StreamRevisionConflictErrorDetails, AppendTransactionSizeExceededErrorDetails, AppendRecordSizeExceededErrorDetails } = errorsV2;
export const { StreamsServiceService } = streamsV2Grpc;
export const { AppendResponse, AppendSessionResponse, SchemaFormat } = streamsV2Pb;

export const streamName = (id: sharedPb.StreamIdentifier | undefined) => Buffer.from(id?.getStreamName_asU8() ?? []).toString('utf8');

export function streamIdentifier(name: string): sharedPb.StreamIdentifier {
  return new StreamIdentifier().setStreamName(Buffer.from(name, 'utf8'));
}

/** A UUID as the client sent it: a string, or two signed 64-bit halves (structured). */
export function uuidText(u: sharedPb.UUID | undefined): string {
  if (!u) throw new Error('event without an id');
  if (u.hasString()) return u.getString().toLowerCase();
  const s = u.getStructured()!;
  const hex = (v: string) => BigInt.asUintN(64, BigInt(v)).toString(16).padStart(16, '0');
  const h = hex(s.getMostSignificantBits()) + hex(s.getLeastSignificantBits());
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A UUID in the form the reader asked for (ReadReq UUIDOption). */
export function uuidMessage(id: string, structured: boolean): sharedPb.UUID {
  const u = new UUID();
  if (!structured) return u.setString(id);
  const hex = id.replace(/-/g, '');
  const half = (h: string) => BigInt.asIntN(64, BigInt(`0x${h}`)).toString();
  return u.setStructured(new UUID.Structured().setMostSignificantBits(half(hex.slice(0, 16))).setLeastSignificantBits(half(hex.slice(16))));
}

/** A stored event as a Read response, with the metadata keys every server sends. */
export function readEvent(r: Rec, structuredIds: boolean): V1.ReadResp {
  const e = new ReadResp.ReadEvent.RecordedEvent()
    .setId(uuidMessage(r.id, structuredIds))
    .setStreamIdentifier(streamIdentifier(r.stream))
    .setStreamRevision(r.revision.toString())
    .setCommitPosition(r.position.toString())
    .setPreparePosition(r.position.toString())
    .setData(r.data)
    .setCustomMetadata(r.metadata);
  e.getMetadataMap().set('type', r.type).set('content-type', r.contentType).set('created', r.created.toString());
  return new ReadResp().setEvent(new ReadResp.ReadEvent().setEvent(e).setCommitPosition(r.position.toString()));
}

// google.rpc.Status and google.protobuf.Any encoded by hand: a few length-delimited fields, rather than
// a dependency on google-protobuf's well-known types just to wrap one error detail.
function varint(n: number): number[] {
  const out: number[] = [];
  for (; n > 0x7f; n >>>= 7) out.push((n & 0x7f) | 0x80);
  out.push(n);
  return out;
}
const field = (no: number, bytes: Uint8Array) => Buffer.from([...varint((no << 3) | 2), ...varint(bytes.length), ...bytes]);

/** Status{code, message, details: Any{typeUrl, value}} in the protobuf wire format. */
export function statusBytes(code: number, message: string, typeName: string, detail: Uint8Array): Buffer {
  const any = Buffer.concat([field(1, Buffer.from(`type.googleapis.com/${typeName}`)), field(2, detail)]);
  return Buffer.concat([Buffer.from([0x08, ...varint(code)]), field(2, Buffer.from(message)), field(3, any)]);
}

/** The v1 WrongExpectedVersion detail (batch appends) for a failed expectation. */
export function wrongExpectedVersion(expected: Expected, current: bigint | null): sharedPb.WrongExpectedVersion {
  const w = new WrongExpectedVersion();
  if (current === null) w.setCurrentNoStream(emptyWkt());
  else w.setCurrentStreamRevision(current.toString());
  if (expected.kind === 'exact') w.setExpectedStreamPosition(expected.revision.toString());
  else if (expected.kind === 'noStream') w.setExpectedNoStream(emptyWkt());
  else if (expected.kind === 'exists') w.setExpectedStreamExists(emptyWkt());
  else w.setExpectedAny(emptyWkt());
  return w;
}

/**
 * google.protobuf.Empty for WrongExpectedVersion's oneof members: an empty message of any class
 * encodes the same (no fields), so the client's own Empty stands in for the well-known type.
 */
const emptyWkt = () => new Empty() as never;
