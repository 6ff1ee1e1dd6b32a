import { expect } from 'chai';
import type { Knex } from 'knex';
import { KeyRing } from '../../src/platform/crypto/keyring.ts';
import { createKnex } from '../../src/platform/database.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, at, newPaciente, newPsicologo, type Psicologo } from './support.ts';

// bench/http.ts's seeding: a freshly registered patient books 8 appointments at once. The first
// booking of a person creates their clinical data key (the motivo is sealed with it), so the 8
// appends race to create that key. The losers of the insert re-read the key through the ring's
// shared in-flight lookup, which could be a read that started before the winner committed: it
// answered "no key" and the booking failed with 500 "data key unavailable" (2 runs in 12).

const MASTER = 'k'.repeat(40);
const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
};

/** Runs `around(sql, run)` around every statement the knex sends: the test decides when each one runs and answers. */
function intercept(knex: Knex, around: (sql: string, run: () => Promise<unknown>) => Promise<unknown>): void {
  const client = knex.client as { _query: (conn: unknown, obj: { sql: string }) => Promise<unknown> };
  const original = client._query.bind(client);
  client._query = (conn, obj) => around(obj.sql, () => original(conn, obj));
}

describe('the first creation of a data key, raced', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let hooked: Knex;
  before(async () => {
    db = await createTestDatabase();
    hooked = createKnex(db.url, 5);
  });
  after(async () => {
    await hooked?.destroy();
    await db?.drop();
  });

  it('the loser of the insert uses the winner\'s key even when a lookup begun before the winner\'s commit is still in flight', async () => {
    const ring = new KeyRing(hooked, MASTER);
    const other = new KeyRing(db.knex, MASTER); // another request's or process's ring: the winner
    const subject = 'usuario-4242';
    const staleExecuted = deferred();
    const releaseStale = deferred();
    let selects = 0;
    let inserts = 0;
    let stale: Promise<unknown> | null = null;
    intercept(hooked, async (sql, run) => {
      if (/^select .* from "data_keys"/i.test(sql)) {
        const n = ++selects;
        const result = await run();
        // The second read (another caller's lookup) has taken its snapshot: its answer waits.
        if (n === 2) {
          staleExecuted.resolve();
          await releaseStale.promise;
        }
        return result;
      }
      if (/^insert into "data_keys"/i.test(sql) && ++inserts === 1) {
        // Between our read ("no key") and our insert: another caller's lookup starts, then another
        // creator commits the key; our insert then finds it taken.
        stale = ring.lookup(subject, 'clinical');
        await staleExecuted.promise;
        await other.obtain(subject, 'clinical');
        const result = await run();
        setTimeout(() => releaseStale.resolve(), 50);
        return result;
      }
      return run();
    });

    const key = await ring.obtain(subject, 'clinical');
    await stale;
    const winner = await other.lookup(subject, 'clinical');
    expect(winner && 'key' in winner && key.equals(winner.key), 'the stored key, created by the other caller').to.equal(true);
    expect(inserts).to.equal(1);
  });
});

describe('the first bookings of a new patient, all at once', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;
  const psicologos: Psicologo[] = [];

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    for (let i = 0; i < 8; i++) psicologos.push(await newPsicologo(srv, admin, 'Laura', `Gómez ${i}`));
  });
  after(async () => { await srv?.stop(); });

  const ROUNDS = 20;
  it(`${ROUNDS} new patients, each booking 8 free slots concurrently right after registering: every booking is 201`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const p = await newPaciente(srv, 'Ana', `Pérez ${round}`);
      await asignar(srv, admin, p.idPaciente, psicologos[0].idPsicologo);
      const day = `${String(1 + Math.floor(round / 28)).padStart(2, '0')}-${String(1 + (round % 28)).padStart(2, '0')}`;
      const results = await Promise.all(psicologos.map((psi, j) => srv.request('POST', '/api/citas', {
        token: p.token,
        body: { idPsicologo: psi.idPsicologo, startDatetime: at(day, `${String(9 + j).padStart(2, '0')}:00`), durationMinutes: 50, motivo: 'Seguimiento' },
      })));
      expect(results.map((r) => r.status), `round ${round}: ${results.filter((r) => r.status !== 201).map((r) => r.text).join('\n')}`)
        .to.deep.equal(Array(8).fill(201));
      // Each motivo reads back: all were sealed with the one clinical key the patient ended up with.
      const list = await srv.request('GET', '/api/citas', { token: p.token });
      expect(list.body.map((c: { motivo: string }) => c.motivo)).to.deep.equal(Array(8).fill('Seguimiento'));
    }
  });
});
