// The optimistic append of an issuer's series and chain (src/commands/facturas.ts): every write
// appends expecting the revisions it read, so two at once race and the loser reads again. The
// counters are process-wide, for /metrics (invoice_numbering_*): lost races per append say how
// hard issuers fight.
import type { AppendResult, EventStore, StoredEvent, StreamWrite } from '../eventstore/port.ts';
import { lastEvents, WrongExpectedRevisionError } from '../eventstore/port.ts';

export const numeracion = { intentos: 0, conflictos: 0 };

const MAX_INTENTOS = 200;

/**
 * Each stream as its last event alone (or none): what an issuer's series and chain are, since their
 * evolve functions keep only the last event; folding it gives the state, its revision the expected one.
 */
export async function ultimos(store: EventStore, streamIds: readonly string[]): Promise<StoredEvent[][]> {
  return (await lastEvents(store, streamIds)).map((e) => (e ? [e] : []));
}

/**
 * Append, and on a lost race (another issue took the number or the chain's tip) decide again from a
 * fresh read. Invoices are numbered in lots (facturas-lote.ts); a cancellation's record goes alone.
 */
export async function conReintentos(store: EventStore, intento: () => Promise<StreamWrite[]>): Promise<AppendResult> {
  for (let i = 1; ; i++) {
    const writes = await intento();
    numeracion.intentos += 1;
    try {
      return await store.append(writes);
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError)) throw err;
      numeracion.conflictos += 1;
      if (i >= MAX_INTENTOS) throw err;
      // 40 issuers at once each lose at most 39 races; jitter keeps them from losing in lockstep.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, 2 * i)));
    }
  }
}
