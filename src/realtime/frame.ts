// STOMP 1.0–1.2 frames: encoding, header escaping, and a streaming parser with size limits.

import { isUtf8 } from 'node:buffer';

export type StompVersion = '1.0' | '1.1' | '1.2';

export interface Frame {
  command: string;
  /** Header lines as received (still escaped: the escaping depends on the version and the command). */
  rawHeaders: [string, string][];
  body: Buffer;
}

export interface FrameLimits {
  /** Largest body, in bytes. */
  maxBodyBytes: number;
  /** Largest command line plus header section, in bytes. */
  maxHeaderBytes: number;
  maxHeaders: number;
}

export const DEFAULT_LIMITS: FrameLimits = { maxBodyBytes: 64 * 1024, maxHeaderBytes: 8 * 1024, maxHeaders: 32 };

export class FrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

const ESCAPES: Record<string, string> = { '\\\\': '\\', '\\n': '\n', '\\c': ':', '\\r': '\r' };

/**
 * Header values are escaped in 1.1 and 1.2 (1.2 adds \r), except in CONNECT and CONNECTED frames.
 * An undefined escape is a protocol error.
 */
export function unescapeHeader(value: string, version: StompVersion, command: string): string {
  if (version === '1.0' || command === 'CONNECT' || command === 'STOMP') return value;
  return value.replace(/\\(.?)/gs, (seq) => {
    const out = ESCAPES[seq];
    if (out === undefined || (seq === '\\r' && version !== '1.2')) throw new FrameError(`invalid header escape ${JSON.stringify(seq)}`);
    return out;
  });
}

export function escapeHeader(value: string, version: StompVersion, command: string): string {
  if (command === 'CONNECTED') return value.replace(/[\r\n]/g, ' ');
  if (version === '1.0') return value.replace(/[\r\n]/g, ' '); // 1.0 splits at the first colon: later ones are fine
  const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/:/g, '\\c');
  return version === '1.2' ? escaped.replace(/\r/g, '\\r') : escaped.replace(/\r/g, ' ');
}

/** A frame as text, with content-length when there is a body. */
export function encodeFrame(command: string, headers: Record<string, string>, body: string | Buffer = '', version: StompVersion = '1.2'): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  let head = `${command}\n`;
  for (const [k, v] of Object.entries(headers)) head += `${escapeHeader(k, version, command)}:${escapeHeader(v, version, command)}\n`;
  if (bytes.length > 0) head += `content-length:${bytes.length}\n`;
  return Buffer.concat([Buffer.from(`${head}\n`, 'utf8'), bytes, Buffer.from([0])]);
}

/** The first value of each header, unescaped for the frame's version (first occurrence wins). */
export function headersOf(frame: Frame, version: StompVersion): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [rk, rv] of frame.rawHeaders) {
    const k = unescapeHeader(rk, version, frame.command);
    if (!(k in out)) out[k] = unescapeHeader(rv, version, frame.command);
  }
  return out;
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;

/**
 * Streaming parser: feed it chunks as they arrive (several frames in one chunk, a frame split over
 * many); it returns whole frames and counts heart-beats (EOLs between frames). The buffer grows
 * by doubling, and a search resumes where the last one stopped, so a frame sent byte by byte
 * costs linear time. Anything over a limit or malformed ends the stream with a FrameError: the
 * connection is unusable after it.
 */
export class FrameParser {
  private buf = Buffer.alloc(1024);
  private start = 0;
  private end = 0;
  /** Where the next search for the header end or the NUL resumes. */
  private scan = 0;
  private broken: FrameError | null = null;
  private head: { command: string; rawHeaders: [string, string][]; bodyStart: number; length: number | null } | null = null;

  constructor(private readonly limits: FrameLimits = DEFAULT_LIMITS) {}

  /**
   * The whole frames the chunk completes, the heart-beats seen, and the error that ended parsing
   * (frames before it are still returned, to be handled before the error is answered).
   */
  push(chunk: Buffer | string): { frames: Frame[]; heartbeats: number; error?: FrameError } {
    const frames: Frame[] = [];
    let heartbeats = 0;
    if (this.broken) return { frames, heartbeats, error: this.broken };
    try {
      this.append(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
      for (;;) {
        if (!this.head) {
          const skipped = this.skipEols();
          heartbeats += skipped.count;
          if (skipped.waiting || this.start === this.end) break;
          if (!this.readHead()) break;
        }
        const frame = this.readBody();
        if (!frame) break;
        frames.push(frame);
      }
      this.compact();
      return { frames, heartbeats };
    } catch (err) {
      if (!(err instanceof FrameError)) throw err;
      this.broken = err;
      this.buf = Buffer.alloc(0);
      this.start = this.end = this.scan = 0;
      this.head = null;
      return { frames, heartbeats, error: err };
    }
  }

  private append(chunk: Buffer): void {
    if (this.end + chunk.length > this.buf.length) {
      const live = this.end - this.start;
      const size = live + chunk.length;
      let capacity = Math.max(this.buf.length, 1024);
      while (capacity < size) capacity *= 2;
      const next = Buffer.alloc(capacity);
      this.buf.copy(next, 0, this.start, this.end);
      this.scan -= this.start;
      if (this.head) this.head.bodyStart -= this.start;
      this.start = 0;
      this.end = live;
      this.buf = next;
    }
    chunk.copy(this.buf, this.end);
    this.end += chunk.length;
  }

  private compact(): void {
    if (this.start === this.end && !this.head) {
      this.start = this.end = this.scan = 0;
      if (this.buf.length > 64 * 1024) this.buf = Buffer.alloc(1024); // give back a big frame's room
    }
  }

  /** Heart-beats are bare EOLs (\n or \r\n) between frames. */
  private skipEols(): { count: number; waiting: boolean } {
    let count = 0;
    while (this.start < this.end) {
      const b = this.buf[this.start];
      if (b === LF) {
        this.start++;
        count++;
      } else if (b === CR) {
        if (this.start + 1 >= this.end) return { count, waiting: true };
        if (this.buf[this.start + 1] !== LF) throw new FrameError('stray carriage return');
        this.start += 2;
        count++;
      } else break;
    }
    this.scan = Math.max(this.scan, this.start);
    return { count, waiting: false };
  }

  /** Finds the blank line that ends the headers; parses the command and header lines. */
  private readHead(): boolean {
    const { maxHeaderBytes, maxHeaders } = this.limits;
    let i = Math.max(this.scan, this.start);
    let found = -1;
    for (; i < this.end; i++) {
      if (this.buf[i] === LF && i > this.start) {
        if (this.buf[i - 1] === LF) { found = i + 1; break; }
        if (this.buf[i - 1] === CR && i - 2 >= this.start && this.buf[i - 2] === LF) { found = i + 1; break; }
      }
      if (this.buf[i] === NUL) throw new FrameError('NUL inside the frame headers');
    }
    if (found < 0) {
      this.scan = Math.max(this.start, this.end - 2);
      if (this.end - this.start > maxHeaderBytes) throw new FrameError('frame headers too large');
      return false;
    }
    if (found - this.start > maxHeaderBytes) throw new FrameError('frame headers too large');
    // Headers are UTF-8 (STOMP 1.1+): invalid bytes would decode to U+FFFD and slip through unseen.
    if (!isUtf8(this.buf.subarray(this.start, found))) throw new FrameError('frame headers are not valid UTF-8');
    const lines = this.buf.toString('utf8', this.start, found).split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    const command = lines[0];
    if (!/^[A-Z]{1,16}$/.test(command)) throw new FrameError('invalid frame command');
    const headerLines = lines.slice(1).filter((l) => l !== '');
    if (headerLines.length > maxHeaders) throw new FrameError('too many frame headers');
    const rawHeaders = headerLines.map((line): [string, string] => {
      const colon = line.indexOf(':');
      if (colon <= 0) throw new FrameError('malformed frame header');
      return [line.slice(0, colon), line.slice(colon + 1)];
    });
    const cl = rawHeaders.find(([k]) => k === 'content-length')?.[1];
    let length: number | null = null;
    if (cl !== undefined) {
      if (!/^\d{1,10}$/.test(cl.trim())) throw new FrameError('invalid content-length');
      length = Number(cl.trim());
      if (length > this.limits.maxBodyBytes) throw new FrameError('frame body too large');
    }
    this.head = { command, rawHeaders, bodyStart: found, length };
    this.start = found;
    this.scan = found;
    return true;
  }

  private readBody(): Frame | null {
    const head = this.head!;
    let nul: number;
    if (head.length !== null) {
      nul = head.bodyStart + head.length;
      if (nul >= this.end) return null;
      if (this.buf[nul] !== NUL) throw new FrameError('frame body longer than its content-length');
    } else {
      const from = Math.max(this.scan, head.bodyStart);
      const rel = this.buf.subarray(from, this.end).indexOf(NUL);
      nul = rel < 0 ? -1 : from + rel;
      if (nul < 0) {
        this.scan = this.end;
        if (this.end - head.bodyStart > this.limits.maxBodyBytes) throw new FrameError('frame body too large');
        return null;
      }
      if (nul - head.bodyStart > this.limits.maxBodyBytes) throw new FrameError('frame body too large');
    }
    const body = Buffer.from(this.buf.subarray(head.bodyStart, nul));
    this.head = null;
    this.start = nul + 1;
    this.scan = this.start;
    return { command: head.command, rawHeaders: head.rawHeaders, body };
  }
}
