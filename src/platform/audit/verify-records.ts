import { createHash, type Hash as Digest } from 'node:crypto';
import { RECORD_DIGEST_PREFIX } from './leaf.ts';
import type { Hash } from './merkle.ts';

// The signed clinical records' rules, as the verifier checks them from the events as stored:
// a signature's `huella` is the digest of the record's events before it, and after it the record
// only gains addenda that name that digest (docs/audit.md "Signed records").

const RECORD_STREAM = /^(sesion|historial)-\d+$/;
const SIGNATURES = new Set(['SesionFirmada', 'HistorialFirmado']);
const ADDENDA = new Set(['SesionAdendaAgregada', 'HistorialAdendaAgregada']);

interface RecordEvent {
  streamId: string;
  type: string;
  data: unknown;
}

/** An unsigned record keeps a running digest (memory per stream, not per event). */
type State = { signed: false; digest: Digest } | { signed: true; huella: string };

type Fail = (reason: string, eventId: string | null, leafIndex: number | null) => never;

export class RecordRules {
  private readonly records = new Map<string, State>();
  signed = 0;
  addenda = 0;

  constructor(private readonly fail: Fail) {}

  event(e: RecordEvent, id: string, index: number, leafHash: Hash): void {
    if (!RECORD_STREAM.test(e.streamId)) return;
    const data = (e.data ?? {}) as { huella?: unknown; referencia?: unknown };
    const state: State = this.records.get(e.streamId) ?? { signed: false, digest: createHash('sha256').update(RECORD_DIGEST_PREFIX) };
    if (!state.signed) {
      if (SIGNATURES.has(e.type)) {
        const expected = state.digest.digest('base64');
        if (data.huella !== expected) {
          this.fail(`the signature ${id} of ${e.streamId} names huella ${String(data.huella)}, but the record as stored before it digests to ${expected}`, id, index);
        }
        this.records.set(e.streamId, { signed: true, huella: expected });
        this.signed++;
        return;
      }
      if (ADDENDA.has(e.type)) this.fail(`event ${id} adds an addendum to ${e.streamId}, which is not signed`, id, index);
      state.digest.update(leafHash);
      this.records.set(e.streamId, state);
      return;
    }
    if (!ADDENDA.has(e.type)) {
      this.fail(`event ${id} (${e.type}) changes ${e.streamId} after it was signed: a signed record only takes addenda`, id, index);
    }
    if (data.referencia !== state.huella) {
      this.fail(`the addendum ${id} of ${e.streamId} refers to ${String(data.referencia)}, not to the signed record's huella ${state.huella}`, id, index);
    }
    this.addenda++;
  }
}
