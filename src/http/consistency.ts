import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Position } from '../eventstore/port.ts';
import { errors } from '../platform/errors.ts';

// Read-your-writes across a read replica (docs/operations.md "Read replica"): a write's answer
// carries the log position it stored as an opaque token; a read that sends it back is answered
// once the read models (and a standby's) have passed that position.
//
// Only a token this service issued may hold a read: the token is the position and a MAC over it
// under a key derived from JWT_SECRET and the event store's kind, so a made-up position (the
// OpenAPI example, a fuzzer's value) or another deployment's token is a 400 at once instead of a
// wait of READ_YOUR_WRITES_TIMEOUT_MS. The wait comes after authentication and the rate limit
// (the route guard, app.ts; fhirAuth for FHIR): an unauthenticated request never waits.

export const CONSISTENCY_HEADER = 'X-Consistency-Token';
/**
 * The OpenAPI document's example: shaped as ours ("12345/678" and a MAC) but its MAC is zeros, which no key gives in practice, so a
 * client or fuzzer that copies it gets a 400 at once, never a wait.
 */
export const CONSISTENCY_EXAMPLE = 'MTIzNDUvNjc4LkFBQUFBQUFBQUFBQUFBQUFBQUFBQUE';

type Compare = (a: Position | null, b: Position | null) => number;

/** Waits until the read models that serve read-your-writes have passed a position (false: not in time). */
export type WaitForReads = (position: Position, timeoutMs: number) => Promise<boolean>;

export interface ConsistencyOptions {
  compare: Compare;
  /** consistencyKey(JWT_SECRET, EVENT_STORE): every instance of a deployment shares it. */
  key: Buffer;
  /** The log's head: a token without a MAC (issued before tokens were signed) is refused beyond it. */
  head: () => Promise<Position | null>;
  waitForReads: WaitForReads;
  timeoutMs: number;
}

/** The tokens' MAC key: a token of another store kind, or of a deployment with another secret, does not verify. */
export const consistencyKey = (jwtSecret: string, storeKind: string): Buffer =>
  createHmac('sha256', jwtSecret).update(`consistency-token\n${storeKind}`).digest();

const mac = (key: Buffer, position: Position) => createHmac('sha256', key).update(position).digest().subarray(0, 16);

/** Opaque to clients: base64url of "<position>.<MAC>" (positions are "<n>/<m>" in both stores). */
export const encodeToken = (key: Buffer, position: Position): string =>
  Buffer.from(`${position}.${mac(key, position).toString('base64url')}`, 'utf8').toString('base64url');

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;
// Both stores' positions are two counters, "<n>/<m>" (src/eventstore/position.ts, kurrentdb-codec.ts).
const DECODED = /^(\d{1,20}\/\d{1,20})(?:\.([A-Za-z0-9_-]{22}))?$/;

const invalid = () => errors.invalid(`Cabecera ${CONSISTENCY_HEADER} no válida`, `Invalid ${CONSISTENCY_HEADER} header`);

/**
 * The position a token names and whether it carries our MAC (`signed`); a token that is not one
 * of ours (malformed, or a MAC that does not verify) is the client's error (400).
 */
export function decodeToken(key: Buffer, token: string): { position: Position; signed: boolean } {
  if (!TOKEN.test(token)) throw invalid();
  const text = Buffer.from(token, 'base64url').toString('utf8');
  const m = DECODED.exec(text);
  if (!m || Buffer.from(text, 'utf8').toString('base64url') !== token) throw invalid();
  const [, position, sent] = m;
  if (sent === undefined) return { position, signed: false };
  if (!timingSafeEqual(Buffer.from(sent, 'base64url'), mac(key, position))) throw invalid();
  return { position, signed: true };
}

const VERIFIED = 'consistencyPosition';

/** The position of the request's token once the route's guard verified it (null: none sent, or not a read). */
export const tokenPosition = (ctx: Context): Position | null => (ctx.state[VERIFIED] as Position | undefined) ?? null;

/**
 * The reads' step after authentication: verifies the token (400 when not ours), refuses an unsigned
 * one beyond the log's head (400: it names a write that never happened), then waits at most
 * `timeoutMs` for the read models to pass it. A signed token may be ahead of the head for a moment
 * (the head leaves out events behind a transaction still open): it waits, as before.
 */
export function awaitConsistency(o: ConsistencyOptions) {
  return async (ctx: Context): Promise<void> => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    const token = ctx.get(CONSISTENCY_HEADER);
    if (!token) return;
    const { position, signed } = decodeToken(o.key, token);
    if (!signed && o.compare(position, await o.head()) > 0) throw invalid();
    ctx.state[VERIFIED] = position;
    await o.waitForReads(position, o.timeoutMs);
  };
}

const requests = new AsyncLocalStorage<{ ctx: Context; compare: Compare; key: Buffer; position: Position | null }>();

/**
 * Every request may store a write: the newest position it stored goes out in the header, signed.
 * Reads wait in awaitConsistency (after authentication), not here.
 */
export function consistencyTokens(o: Pick<ConsistencyOptions, 'compare' | 'key'>) {
  return (ctx: Context, next: Next) => requests.run({ ctx, compare: o.compare, key: o.key, position: null }, next);
}

/** Called once a write is stored (src/deps.ts settled): its answer carries the token. No-op outside an HTTP request (STOMP). */
export function noteWritten(position: Position | null): void {
  const request = requests.getStore();
  if (!request || position === null) return;
  if (request.position !== null && request.compare(request.position, position) >= 0) return;
  request.position = position;
  request.ctx.set(CONSISTENCY_HEADER, encodeToken(request.key, position));
}

/** The options of a service's deps: the REST routes' guard (app.ts) and FHIR's (fhir/gateway.ts) build them alike. */
export interface ConsistencySources {
  store: { compare: Compare; head: () => Promise<Position | null> };
  projections: { waitForReads: WaitForReads };
  config: { jwtSecret: string; eventStore: string; readYourWritesTimeoutMs: number };
}

export const consistencyOf = (deps: ConsistencySources): ConsistencyOptions => ({
  compare: (a, b) => deps.store.compare(a, b),
  key: consistencyKey(deps.config.jwtSecret, deps.config.eventStore),
  head: () => deps.store.head(),
  waitForReads: (p, ms) => deps.projections.waitForReads(p, ms),
  timeoutMs: deps.config.readYourWritesTimeoutMs,
});
