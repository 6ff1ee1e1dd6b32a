import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Knex } from 'knex';
import { KeyRing } from '../../src/platform/crypto/keyring.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { SealingEventStore } from '../../src/eventstore/sealing.ts';
import type { EventStore, NewEvent } from '../../src/eventstore/port.ts';
import { sealSpecs } from '../../src/events/personal-data.ts';
import type { SealSpec } from '../../src/events/personal-data.ts';
import { createKnex } from '../../src/platform/database.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

// Issue 25: a sealed append of a new person cost four statements and two commits (alias lookup, key
// lookup, the key's own INSERT, the append); now the key row goes in the append's one statement, and
// known people's keys and names come from the ring's cache. Security stays: keys wrapped at rest,
// never stored twice, erased people refused, and a key destroyed by another instance honoured.

const MASTER = 'q'.repeat(40);
const ev = (type: string, data: Record<string, unknown>): NewEvent => ({
  type, data, metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: null }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});
const usuario = (id: number) => ev('UsuarioRegistrado', { idUsuario: id, nombre: 'Zoe', apellido: 'Quintana', email: `z${id}@example.org`, emailHash: `h${id}`, passwordHash: '$2b$04$x', dni: '11223344B', rol: 'PACIENTE' });
const dispositivo = (id: number, token: string) => ev('DispositivoRegistrado', { idUsuario: id, token });

/**
 * The statements `run` sends on connections handed out by `knex`'s pool (wake-up NOTIFYs aside).
 * A connection the pool opens meanwhile first runs its session settings (createKnex's afterCreate:
 * `set idle_in_transaction_session_timeout ...`) before it is handed out: those are the pool's, not
 * the write's, and counting every query of the process counted them whenever a connection had been
 * reaped or another was needed (issue 31 item 21), and any other test's leftovers too.
 */
async function statements(knex: Knex, run: () => Promise<unknown>): Promise<string[]> {
  const pool = knex.client as { acquireConnection: (...args: unknown[]) => Promise<unknown> };
  const acquire = pool.acquireConnection;
  const handedOut = new Set<unknown>();
  pool.acquireConnection = async function (this: unknown, ...args: unknown[]) {
    const connection = await acquire.apply(this, args);
    handedOut.add(connection);
    return connection;
  };
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const sent: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as string | { text?: string; name?: string };
    const text = typeof q === 'string' ? q : (q?.text ?? '');
    if (handedOut.has(this) && !/pg_notify/.test(text)) sent.push(text);
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    proto.query = original;
    pool.acquireConnection = acquire;
  }
  return sent;
}

/** The port only: what a store that keeps no keys (KurrentDB) offers the sealing layer. */
function portOnly(store: PostgresEventStore): EventStore {
  return new Proxy(store, {
    get: (t, p) => {
      const v = Reflect.get(t, p) as unknown;
      return p === 'appendWithKeyRows' ? undefined : typeof v === 'function' ? v.bind(t) : v;
    },
  }) as EventStore;
}

const erasedError = (err: unknown) => (err as { status?: number }).status;

describe('sealed appends: the key rows in the append itself', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let raw: PostgresEventStore;
  const rings: KeyRing[] = [];
  const ring = () => {
    const r = new KeyRing(db.knex, MASTER);
    rings.push(r);
    return r;
  };
  const sealing = (keys = ring(), specs: Record<string, SealSpec> = sealSpecs, inner: EventStore = raw) => new SealingEventStore(inner, keys, specs);
  const keyRows = async (subject: string) => db.knex('data_keys').where({ subject }).select('purpose', 'wrapped');

  beforeEach(async () => {
    db = await createTestDatabase();
    raw = new PostgresEventStore(db.knex, db.url);
  });
  afterEach(async () => {
    for (const r of rings.splice(0)) await r.close();
    await raw.close();
    await db.drop();
  });

  it('a new person\'s registration is one statement, as unsealed, and their next write one more: no key lookups', async () => {
    // Each measured write starts on a pool with no connection yet, so its first connection is
    // opened (and its session set) during the measurement: what a loaded run met by chance.
    const fresh = createKnex(db.url, 2);
    const plainKnex = createKnex(db.url, 2);
    const plainStore = new PostgresEventStore(plainKnex, db.url);
    const keys = new KeyRing(fresh, MASTER);
    rings.push(keys);
    const inner = new PostgresEventStore(fresh, db.url);
    const store = sealing(keys, sealSpecs, inner);
    try {
      const plain = await statements(plainKnex, () => plainStore.append([{ streamId: 'usuario-100', expected: 'noStream', events: [usuario(100)] }]));
      const sealed = await statements(fresh, () => store.append([{ streamId: 'usuario-1', expected: 'noStream', events: [usuario(1)] }]));
      expect(sealed.length, sealed.join('\n')).to.equal(plain.length);
      expect(plain.length, plain.join('\n')).to.equal(1);
      const next = await statements(fresh, () => store.append([{ streamId: 'dispositivos-1', expected: 'noStream', events: [dispositivo(1, 'tok-1')] }]));
      expect(next.length, next.join('\n')).to.equal(1);
    } finally {
      await Promise.all([plainStore.close(), inner.close()]);
      await Promise.all([plainKnex.destroy(), fresh.destroy()]);
    }
    // The key was stored, wrapped, with the events: another instance's ring opens them.
    const rows = await keyRows('usuario-1');
    expect(rows.map((r) => r.purpose)).to.deep.equal(['identity']);
    expect(rows[0].wrapped).to.have.length(60); // iv | tag | the 32-byte key under the master key
    const [u] = await sealing().readStream('usuario-1');
    expect(u.data).to.include({ nombre: 'Zoe', dni: '11223344B' });
    expect((await sealing().readStream('dispositivos-1'))[0].data.token).to.equal('tok-1');
  });

  it('a person presumed new who has a key already (made by another instance): sealed with the stored key, never a second one', async () => {
    await sealing().append([{ streamId: 'dispositivos-2', expected: 'noStream', events: [dispositivo(2, 'tok-2')] }]);
    await sealing().append([{ streamId: 'usuario-2', expected: 'noStream', events: [usuario(2)] }]);
    expect(await keyRows('usuario-2')).to.have.length(1);
    const reader = sealing();
    expect((await reader.readStream('usuario-2'))[0].data.nombre).to.equal('Zoe');
    expect((await reader.readStream('dispositivos-2'))[0].data.token).to.equal('tok-2');
  });

  it('an erased person\'s new data is refused (409) and nothing is written, presumed new or not', async () => {
    await ring().destroy('usuario-3', 'identity'); // the tombstone of an erasure
    for (const write of [
      { streamId: 'usuario-3', expected: 'noStream' as const, events: [usuario(3)] },
      { streamId: 'dispositivos-3', expected: 'any' as const, events: [dispositivo(3, 'tok-3')] },
    ]) {
      const err = await sealing().append([write]).then(() => null, (e: unknown) => e);
      expect(erasedError(err), String(err)).to.equal(409);
    }
    expect(await db.knex('events').count({ n: '*' }).first()).to.deep.equal({ n: '0' });
    expect((await keyRows('usuario-3'))[0].wrapped).to.equal(null);
  });

  it('appends racing to create one person\'s key: all written, one key, everything opens', async () => {
    const writes = Array.from({ length: 8 }, (_, i) => sealing().append([{ streamId: `dispositivos-4-${i}`, expected: 'noStream', events: [dispositivo(4, `tok-${i}`)] }]));
    writes.push(sealing().append([{ streamId: 'usuario-4', expected: 'noStream', events: [usuario(4)] }]));
    await Promise.all(writes);
    expect(await keyRows('usuario-4')).to.have.length(1);
    const reader = sealing();
    for (let i = 0; i < 8; i++) expect((await reader.readStream(`dispositivos-4-${i}`))[0].data.token).to.equal(`tok-${i}`);
    expect((await reader.readStream('usuario-4'))[0].data.nombre).to.equal('Zoe');
  });

  it('one append naming a person by an alias it sets up and by their own name, on a ring that knows neither', async () => {
    await sealing().append([{ streamId: 'usuario-5', expected: 'noStream', events: [usuario(5)] }]);
    const store = sealing(); // cold: another instance, or after a restart
    await store.append([
      { streamId: 'paciente-9', expected: 'noStream', events: [
        ev('PacienteRegistrado', { idPaciente: 9, idUsuario: 5, fechaNacimiento: '1990-01-01', genero: 'F', telefono: '600000000', direcciones: [] }),
        ev('PacienteActualizado', { idPaciente: 9, fechaNacimiento: '1990-01-02', genero: 'F', telefono: '600000001' }),
      ] },
      { streamId: 'dispositivos-5', expected: 'any', events: [dispositivo(5, 'tok-5')] },
    ]);
    const events = await sealing().readStream('paciente-9');
    expect(events.map((e) => e.metadata.sealing?.subject)).to.deep.equal(['usuario-5', 'usuario-5']);
    expect(events[1].data.telefono).to.equal('600000001');
    expect(await db.knex('key_aliases').where({ alias: 'paciente-9' }).first('subject')).to.deep.equal({ subject: 'usuario-5' });
    expect(await keyRows('paciente-9')).to.have.length(0);
  });

  it('a stream named like an alias, created with its first event: sealed under the person, no key for the alias', async () => {
    const specs = { ...sealSpecs, NotaDePrueba: { subject: (d: Record<string, any>) => `paciente-${d.idPaciente}`, fields: { nota: 'clinical' } } as SealSpec };
    await ring().link('paciente-6', 'usuario-6');
    await sealing(ring(), specs).append([{ streamId: 'paciente-6', expected: 'noStream', events: [ev('NotaDePrueba', { idPaciente: 6, nota: 'Duerme mal' })] }]);
    const [e] = await sealing(ring(), specs).readStream('paciente-6');
    expect(e.metadata.sealing?.subject).to.equal('usuario-6');
    expect(e.data.nota).to.equal('Duerme mal');
    expect(await keyRows('paciente-6')).to.have.length(0);
    expect((await keyRows('usuario-6')).map((r) => r.purpose)).to.deep.equal(['clinical']);
  });

  it('a store that keeps no keys (KurrentDB): the new key stored first, the same data read back', async () => {
    const store = sealing(ring(), sealSpecs, portOnly(raw));
    await store.append([{ streamId: 'usuario-7', expected: 'noStream', events: [usuario(7)] }]);
    await ring().destroy('usuario-8', 'identity');
    const err = await store.append([{ streamId: 'usuario-8', expected: 'noStream', events: [usuario(8)] }]).then(() => null, (e: unknown) => e);
    expect(erasedError(err)).to.equal(409);
    expect(await keyRows('usuario-7')).to.have.length(1);
    expect((await sealing().readStream('usuario-7'))[0].data.email).to.equal('z7@example.org');
  });

  it('a key cached by the append that created it is forgotten when another instance destroys it', async () => {
    const a = ring();
    const b = ring();
    a.watch(db.url);
    b.watch(db.url);
    const store = sealing(a);
    await store.append([{ streamId: 'usuario-10', expected: 'noStream', events: [usuario(10)] }]);
    expect((await store.readStream('usuario-10'))[0].data.nombre).to.equal('Zoe'); // served from A's cache
    await b.destroy('usuario-10', 'identity');
    const deadline = Date.now() + 5000;
    let read = await store.readStream('usuario-10');
    while (read[0].data.nombre !== null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      read = await store.readStream('usuario-10');
    }
    expect(read[0].data.nombre).to.equal(null);
    expect(read[0].erased).to.include('nombre');
    const err = await store.append([{ streamId: 'dispositivos-10', expected: 'noStream', events: [dispositivo(10, 'tok')] }]).then(() => null, (e: unknown) => e);
    expect(erasedError(err)).to.equal(409);
  });
});
