// Group commit of an issuer's numberings (docs/billing.md "Numbering"). One issuer's invoices go one
// after another by nature (each number follows the last, each record's huella covers the previous
// one), so what bounds them is the time from reading the series' and chain's tips to the append.
// The numberings of one issuer waiting in this process therefore go together: one read of the
// tips, each numbered after the one before it, one atomic append of all. Of two instances racing,
// one batch wins; the other reads again and renumbers the whole of its batch.
import type { AppendResult, EventStore, StoredEvent, StreamWrite } from '../eventstore/port.ts';
import { lastEvents, WrongExpectedRevisionError } from '../eventstore/port.ts';
import { numeracion as contadores } from './facturas-append.ts';

/** The last event of each stream (null: none), as the batch stands: earlier numberings' events included. */
export type Puntas = (streamIds: readonly string[]) => Promise<(StoredEvent | null)[]>;
/** One numbering: its writes, deciding from the tips it asks for. Streams it reads otherwise are its own. */
export type Numeracion = (puntas: Puntas) => Promise<StreamWrite[]>;

interface Pedido { numeracion: Numeracion; resolve: (r: AppendResult) => void; reject: (e: unknown) => void }

const MAX_LOTE = 50;
const MAX_INTENTOS = 200;
const colas = new Map<string, Pedido[]>();

/** Numbers with `clave`'s (the issuer's) others waiting in this process, in one append; resolves with it. */
export function numerarEnLote(store: EventStore, clave: string, numeracion: Numeracion): Promise<AppendResult> {
  return new Promise((resolve, reject) => {
    const cola = colas.get(clave);
    if (cola) { cola.push({ numeracion, resolve, reject }); return; }
    colas.set(clave, [{ numeracion, resolve, reject }]);
    void atender(store, clave);
  });
}

async function atender(store: EventStore, clave: string): Promise<void> {
  const cola = colas.get(clave)!;
  while (cola.length) {
    const lote = cola.splice(0, MAX_LOTE);
    const diferidos = await numerarLote(store, lote).catch((err) => { for (const p of lote) p.reject(err); return []; });
    cola.unshift(...diferidos);
  }
  colas.delete(clave);
}

/** A lot's writes, merged per stream, and who is in it; a numbering touching a stream of its own that another already writes waits for the next lot. */
interface Armado { writes: Map<string, StreamWrite>; incluidos: Pedido[]; diferidos: Pedido[] }

const DIFERIR = Symbol('next lot');

async function armar(store: EventStore, lote: Pedido[]): Promise<Armado> {
  const vista = new Map<string, StoredEvent | null>();
  const a: Armado = { writes: new Map(), incluidos: [], diferidos: [] };
  const puntas: Puntas = async (ids) => {
    // A tip asked of a stream an earlier numbering writes as its own: the store's would be stale.
    if (ids.some((id) => !vista.has(id) && a.writes.has(id))) throw DIFERIR;
    const faltan = ids.filter((id) => !vista.has(id));
    if (faltan.length) (await lastEvents(store, faltan)).forEach((e, i) => vista.set(faltan[i], e));
    return ids.map((id) => vista.get(id)!);
  };
  for (const p of lote) {
    let writes: StreamWrite[];
    try {
      writes = await p.numeracion(puntas);
    } catch (err) {
      if (err === DIFERIR) a.diferidos.push(p);
      else p.reject(err); // a refused numbering (409, 400) takes no number and stops no other
      continue;
    }
    if (writes.some((w) => !vista.has(w.streamId) && a.writes.has(w.streamId))) { a.diferidos.push(p); continue; }
    for (const w of writes) {
      const previo = a.writes.get(w.streamId);
      a.writes.set(w.streamId, previo ? { ...previo, events: [...previo.events, ...w.events] } : w);
      if (vista.has(w.streamId)) vista.set(w.streamId, ultimoEscrito(w, vista.get(w.streamId)!));
    }
    a.incluidos.push(p);
  }
  return a;
}

/** The tip a later numbering of the lot sees: the last event written, at the revision it will have. */
function ultimoEscrito(w: StreamWrite, antes: StoredEvent | null): StoredEvent {
  const e = w.events[w.events.length - 1];
  const revision = (antes ? antes.revision : -1n) + BigInt(w.events.length);
  return { type: e.type, data: e.data, metadata: e.metadata, streamId: w.streamId, revision, position: antes?.position ?? '' } as StoredEvent;
}

/** Appends a lot, reading again on a lost race; answers those that must wait for the next lot. */
async function numerarLote(store: EventStore, lote: Pedido[]): Promise<Pedido[]> {
  for (let i = 1; ; i++) {
    const { writes, incluidos, diferidos } = await armar(store, lote);
    if (!incluidos.length) return diferidos;
    contadores.intentos += 1;
    try {
      const r = await store.append([...writes.values()]);
      for (const p of incluidos) p.resolve(r);
      return diferidos;
    } catch (err) {
      if (!(err instanceof WrongExpectedRevisionError) || i >= MAX_INTENTOS) return aSolas(store, incluidos, diferidos, err);
      contadores.conflictos += 1;
      lote = [...incluidos, ...diferidos];
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(20, 2 * i)));
    }
  }
}

/** An append that failed otherwise: alone, each numbering fails or succeeds on its own (one bad invoice never stops the others). */
async function aSolas(store: EventStore, incluidos: Pedido[], diferidos: Pedido[], err: unknown): Promise<Pedido[]> {
  if (incluidos.length === 1) { incluidos[0].reject(err); return diferidos; }
  for (const p of incluidos) diferidos.push(...(await numerarLote(store, [p])));
  return diferidos;
}
