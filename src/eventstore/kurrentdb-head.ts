import { BACKWARDS, END, START, StreamNotFoundError, jsonEvent, type KurrentDBClient, type Position as KurrentPosition } from '@kurrent/kurrentdb-client';
import type { KurrentReads } from './kurrentdb-read.ts';
import type { StreamNames } from './kurrentdb-codec.ts';

// The head of one streamPrefix's log in a cluster shared by several practices. A backward read of $all
// filtered by the prefix searches back until it meets an event of ours: through every other practice's
// events since our last one, the whole log for a new prefix (1.26 s on a shared server, growing). So
// each prefix keeps a marker stream, `loghead/<prefix>` (outside every prefix; its `$LogHead` events
// are skipped by prefix-less readers too), whose last event says "every event of ours up to $all
// position `scanned` is at or before `head`". The head is then the marker's, or the last event of ours
// after `scanned`: a filtered read over what was written since, not over the whole log. Each instance
// keeps the latest such pair in memory (so its next call reads only what came after its last one) and
// moves the marker forward at most every MARKER_EVERY_MS (so a starting instance reads seconds of the
// cluster's writes). Without a marker (a prefix's first head(), ever) the whole log is searched once.

const MARKER_TYPE = '$LogHead';
const MARKER_EVERY_MS = 5_000;
const PAGE = 500;

interface RawPosition { commit: string; prepare: string }
interface Marker { scanned: RawPosition; head: RawPosition | null }

const raw = (p: KurrentPosition): RawPosition => ({ commit: p.commit.toString(), prepare: p.prepare.toString() });
const parsed = (p: RawPosition): KurrentPosition => ({ commit: BigInt(p.commit), prepare: BigInt(p.prepare) });
const after = (a: KurrentPosition, b: KurrentPosition) => a.commit > b.commit || (a.commit === b.commit && a.prepare > b.prepare);

export class PrefixHead {
  private readonly stream: string;
  private lastMarkerAt = 0;
  /** The latest pair this instance established (the marker's meaning), newer than the stored marker. */
  private known: Marker | null = null;

  constructor(private readonly client: KurrentDBClient, private readonly reads: KurrentReads, private readonly names: StreamNames, prefix: string) {
    this.stream = `loghead/${prefix}`;
  }

  /** The $all position of this prefix's last event (null: none). */
  async head(): Promise<KurrentPosition | null> {
    const end = await this.logEnd();
    const marker = this.known ?? (await this.marker());
    let head = marker?.head ? parsed(marker.head) : null;
    let from: KurrentPosition | null = marker ? parsed(marker.scanned) : null;
    for (;;) {
      let got = 0;
      for await (const r of this.reads.readAll({ fromPosition: from ?? START, maxCount: PAGE, filter: this.names.filter })) {
        got++;
        if (!r.event || (from && !after(r.event.position, from))) continue;
        from = r.event.position;
        if (this.names.decode(r.event)) head = r.event.position;
      }
      if (got < PAGE) break;
    }
    if (end && (!marker || after(end, parsed(marker.scanned)))) {
      // Every event of ours at or before `end` was read above (the read began after `end` was seen).
      const next: Marker = { scanned: raw(end), head: head ? raw(head) : null };
      if (!this.known || after(end, parsed(this.known.scanned))) this.known = next;
      if (Date.now() - this.lastMarkerAt >= MARKER_EVERY_MS) {
        this.lastMarkerAt = Date.now();
        // Best effort: a marker not written only makes a later start read a little more.
        await this.client.appendToStream(this.stream, jsonEvent({ type: MARKER_TYPE, data: next as never })).catch(() => {});
      }
    }
    return head;
  }

  private async marker(): Promise<Marker | null> {
    try {
      for await (const r of this.reads.readStream(this.stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (r.event?.type === MARKER_TYPE) return r.event.data as unknown as Marker;
      }
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    return null;
  }

  /** The last position in $all, anyone's event (null: an empty log). */
  private async logEnd(): Promise<KurrentPosition | null> {
    for await (const r of this.reads.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) if (r.event) return r.event.position;
    return null;
  }
}
