import type { StompVersion } from './frame.ts';

/** A byte pipe to one client: a raw WebSocket or a SockJS connection. */
export interface Transport {
  readonly kind: 'websocket' | 'sockjs';
  /** The subprotocol agreed at the WebSocket handshake (v12.stomp...), or null. */
  readonly protocol: string | null;
  /** The handshake's Accept-Language, for the language of error bodies. */
  readonly acceptLanguage: string | undefined;
  write(data: Buffer): void;
  end(code: number, reason: string): void;
  /** Bytes queued for the client and not yet written. */
  buffered(): number;
}

/** A client's protocol mistake: answered with ERROR, then the connection is closed. */
export class ProtocolError extends Error {
  constructor(message: string, readonly detail: string) {
    super(message);
    this.name = 'ProtocolError';
  }
}

export const SUBPROTOCOLS: Record<string, StompVersion> = { 'v12.stomp': '1.2', 'v11.stomp': '1.1', 'v10.stomp': '1.0' };
const SUPPORTED: StompVersion[] = ['1.2', '1.1', '1.0'];

/** The highest version both sides speak; CONNECT without accept-version is 1.0 (or the subprotocol's). */
export function negotiateVersion(acceptVersion: string | undefined, subprotocol: string | null): StompVersion | null {
  if (acceptVersion === undefined) return (subprotocol && SUBPROTOCOLS[subprotocol]) || '1.0';
  const offered = acceptVersion.split(',').map((v) => v.trim());
  return SUPPORTED.find((v) => offered.includes(v)) ?? null;
}

/** The WebSocket subprotocol to agree on: the highest STOMP one offered; none if none is STOMP. */
export function chooseSubprotocol(offered: Set<string>): string | false {
  for (const p of Object.keys(SUBPROTOCOLS)) if (offered.has(p)) return p;
  return false;
}

/** `cx,cy` in ms; absent means 0,0 (no heart-beats). Null when malformed. */
export function parseHeartbeat(value: string | undefined): [number, number] | null {
  if (value === undefined) return [0, 0];
  const m = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(value);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** English when the client ranks it above Spanish; Spanish otherwise (the API's default). */
export function prefersEnglish(acceptLanguage: string | undefined): boolean {
  if (!acceptLanguage) return false;
  let best: { lang: string; q: number } | null = null;
  for (const part of acceptLanguage.split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const lang = tag.split('-')[0];
    if (lang !== 'en' && lang !== 'es') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang === 'en';
}
