// The optimistic append of an issuer's numbering (src/commands/facturas.ts): every invoice of one
// issuer appends to the same series and chain streams expecting the revisions it read, so two
// issues at once race and the loser reads again and takes the next number. The counters are
// process-wide, for /metrics (invoice_numbering_*): lost races per invoice say how hard issuers fight.
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

/** Per issuer, the tail of this process's queue of numberings: the promise the next one waits for. */
const colas = new Map<string, Promise<unknown>>();

/**
 * Runs `trabajo` after every earlier one of this process with the same key, one at a time. The
 * append's expected revisions alone keep numbering right; the queue only keeps an instance's own
 * requests from racing each other for the same series and chain, where all but one would lose and
 * read again: the races left are those between instances.
 */
export function enCola<T>(clave: string, trabajo: () => Promise<T>): Promise<T> {
  const antes = colas.get(clave) ?? Promise.resolve();
  const este = antes.then(trabajo, trabajo);
  const cola = este.then(() => undefined, () => undefined);
  colas.set(clave, cola);
  // The last one out forgets the issuer, so the map holds only issuers being numbered now.
  void cola.then(() => colas.get(clave) === cola && colas.delete(clave));
  return este;
}

/**
 * Append, and on a lost race (another issuer took the number or the chain's tip) decide again from a
 * fresh read. With `clave` (the issuer's NIF), the whole loop waits its turn in this process (enCola).
 */
export function conReintentos(store: EventStore, intento: () => Promise<StreamWrite[]>, clave?: string): Promise<AppendResult> {
  return clave === undefined ? reintentando(store, intento) : enCola(clave, () => reintentando(store, intento));
}

async function reintentando(store: EventStore, intento: () => Promise<StreamWrite[]>): Promise<AppendResult> {
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
