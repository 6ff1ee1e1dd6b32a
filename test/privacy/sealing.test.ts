import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { KeyRing } from '../../src/platform/crypto/keyring.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { SealingEventStore } from '../../src/eventstore/sealing.ts';
import { sealSpecs } from '../../src/events/personal-data.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

const meta = () => ({
  eventId: randomUUID(), actor: { idUsuario: null, rol: null }, correlationId: randomUUID(), causationId: null,
  occurredAt: new Date().toISOString(),
});

const usuario = (id: number, email: string) => ({
  type: 'UsuarioRegistrado',
  data: { idUsuario: id, nombre: 'Zacarías', apellido: 'Villanueva-Ortiz', email, emailHash: 'h', passwordHash: '$2b$04$x', dni: '99887766X', rol: 'PACIENTE' },
  metadata: meta(),
});

describe('personal data sealed in the event log', () => {
  let db: TestDatabase;
  let raw: PostgresEventStore;
  let keys: KeyRing;
  let store: SealingEventStore;
  const MASTER = 'm'.repeat(40);

  beforeEach(async () => {
    db = await createTestDatabase();
    raw = new PostgresEventStore(db.knex, db.url);
    keys = new KeyRing(db.knex, MASTER);
    store = new SealingEventStore(raw, keys, sealSpecs);
  });
  afterEach(async () => {
    await raw.close();
    await db.drop();
  });

  it('stores no personal field in plaintext, and reads it back whole', async () => {
    await store.append([{ streamId: 'usuario-1', expected: 'noStream', events: [usuario(1, 'zacarias@example.org')] }]);
    const dump = JSON.stringify((await db.knex('events').select('data', 'metadata')));
    for (const secret of ['Zacarías', 'Villanueva-Ortiz', 'zacarias@example.org', '99887766X']) expect(dump).not.to.include(secret);
    expect(dump).to.include('PACIENTE'); // non-personal fields stay readable
    const [e] = await store.readStream('usuario-1');
    expect(e.data).to.include({ nombre: 'Zacarías', email: 'zacarias@example.org', dni: '99887766X', rol: 'PACIENTE' });
    expect(e.erased).to.equal(undefined);
    expect(await store.readStreams(['usuario-1', 'usuario-0'])).to.deep.equal([[e], []]); // opened the same way
    const all = await store.readAll(null, 10);
    expect(all.events[0].data.apellido).to.equal('Villanueva-Ortiz');
  });

  it('a field moved to another stream or field does not open (stream and field bound in)', async () => {
    await store.append([{ streamId: 'usuario-2', expected: 'noStream', events: [usuario(2, 'b@example.org')] }]);
    await db.knex.raw(`update events set stream_id = 'usuario-3' where stream_id = 'usuario-2'`);
    let failed = false;
    try {
      await store.readStream('usuario-3');
    } catch {
      failed = true;
    }
    expect(failed).to.equal(true);
  });

  it('destroying the identity key erases the fields for good, other people unaffected', async () => {
    await store.append([{ streamId: 'usuario-4', expected: 'noStream', events: [usuario(4, 'gone@example.org')] }]);
    await store.append([{ streamId: 'usuario-5', expected: 'noStream', events: [usuario(5, 'kept@example.org')] }]);
    await keys.destroy('usuario-4', 'identity');
    const [gone] = await new SealingEventStore(raw, new KeyRing(db.knex, MASTER), sealSpecs).readStream('usuario-4');
    expect(gone.data.nombre).to.equal(null);
    expect(gone.data.email).to.equal(null);
    expect(gone.erased).to.have.members(['nombre', 'apellido', 'email', 'emailHash', 'dni', 'passwordHash']);
    expect(gone.data.rol).to.equal('PACIENTE');
    const [kept] = await store.readStream('usuario-5');
    expect(kept.data.email).to.equal('kept@example.org');
    expect(await store.readStreams(['usuario-4', 'usuario-5'])).to.deep.equal([[gone], [kept]]);
  });

  it('master-key rotation re-wraps the data keys: everything still reads, the old master opens nothing', async () => {
    await store.append([{ streamId: 'usuario-6', expected: 'noStream', events: [usuario(6, 'r@example.org')] }]);
    const before = await db.knex('events').select('data');
    const lookupKey = await keys.serverKey('lookup');
    const NEW = 'n'.repeat(40);
    expect(await keys.rotateMasterKey(NEW)).to.equal(1);
    expect(await db.knex('events').select('data')).to.deep.equal(before); // events untouched
    const [e] = await new SealingEventStore(raw, new KeyRing(db.knex, NEW), sealSpecs).readStream('usuario-6');
    expect(e.data.email).to.equal('r@example.org');
    // The lookup HMAC key survives the rotation, so e-mail lookups keep matching.
    expect((await new KeyRing(db.knex, NEW).serverKey('lookup')).equals(lookupKey)).to.equal(true);
    let oldOpens = true;
    try {
      await new KeyRing(db.knex, MASTER).lookup('usuario-6', 'identity');
    } catch {
      oldOpens = false;
    }
    expect(oldOpens).to.equal(false);
  });
});
