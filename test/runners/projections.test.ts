import { expect } from 'chai';
import type { Knex } from 'knex';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import type { EventStore, StoredEvent } from '../../src/eventstore/port.ts';
import { createKnex } from '../../src/platform/database.ts';
import { allProjections } from '../../src/projections/index.ts';
import { CheckpointRunner, projectionHandlers, resetProjections, type Projection } from '../../src/projections/runner.ts';
import { registerPaciente, registerPsicologo, darDeBajaPaciente } from '../../src/commands/registration.ts';
import { rebuildProjections } from '../../src/cli/rebuild-projections.ts';
import { openEventStore } from '../../src/eventstore/open.ts';
import { createTestDatabase, type TestDatabase, PROJECTION_OPTIONS } from '../support/db.ts';
import { appendTicks, commandDeps, dumpTables, sleep, testConfig } from './support.ts';
import { APPENDERS_LOCK } from '../../src/eventstore/postgres-sql.ts';

const SYSTEM = { idUsuario: null, rol: 'SYSTEM' } as const;

/** A read model that records every apply (no unique key, so a second apply shows as a duplicate). */
function recorder(name: string, table: string, hooks: { before?: (e: StoredEvent, trx: Knex.Transaction) => Promise<void> | void; label?: string } = {}): Projection {
  return {
    name,
    tables: [table],
    readYourWrites: true,
    async apply(trx, e) {
      await hooks.before?.(e, trx);
      await trx(table).insert({ event_id: e.metadata.eventId, n: (e.data as { n: number }).n, position: e.position, runner: hooks.label ?? '' });
    },
  };
}

async function createRecorderTable(knex: Knex, table: string) {
  await knex.raw(`create table ?? (seq bigint generated always as identity, event_id uuid not null, n int not null, position text not null, runner text not null)`, [table]);
}

async function checkpointOf(knex: Knex, name: string): Promise<string | null> {
  const row = await knex('projection_checkpoints').where({ name }).first('position');
  return row?.position ?? null;
}

async function appliedCounts(knex: Knex, table: string) {
  const { rows } = await knex.raw('select count(*)::int as total, count(distinct event_id)::int as distinct from ??', [table]);
  return rows[0] as { total: number; distinct: number };
}

describe('projection runner (PostgreSQL)', function () {
  this.timeout(30_000);
  let db: TestDatabase;
  let store: PostgresEventStore;
  const runners: CheckpointRunner[] = [];
  const run = (...args: ConstructorParameters<typeof CheckpointRunner>) => {
    const r = new CheckpointRunner(...args);
    runners.push(r);
    return r;
  };

  beforeEach(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.knex, db.url);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await store.close();
    await db.drop();
  });

  it('applies each batch and its checkpoint in one transaction', async () => {
    await createRecorderTable(db.knex, 'rec');
    const positions = await appendTicks(store, 25);
    const seenMidBatch: { rows: number; checkpoint: string | null }[] = [];
    let applied = 0;
    const projection = recorder('rec', 'rec', {
      before: async () => {
        // From outside the batch, half way through it: nothing of the batch is visible yet.
        if (++applied % 10 === 5) seenMidBatch.push({ rows: (await appliedCounts(db.knex, 'rec')).total, checkpoint: await checkpointOf(db.knex, 'rec') });
      },
    });
    const committed: string[] = [];
    const runner = run(db.knex, store, projectionHandlers([projection]), { table: 'projection_checkpoints', batchSize: 10, onBatch: (_n, p) => committed.push(p) });

    for (const [expectedRows, lastIndex] of [[10, 9], [20, 19], [25, 24]] as const) {
      expect(await runner.runBatch(runner.handlers[0])).to.equal(true);
      expect((await appliedCounts(db.knex, 'rec')).total).to.equal(expectedRows);
      expect(await checkpointOf(db.knex, 'rec')).to.equal(positions[lastIndex]);
    }
    expect(await runner.runBatch(runner.handlers[0])).to.equal(false);
    expect(committed).to.deep.equal([positions[9], positions[19], positions[24]]);
    expect(seenMidBatch).to.deep.equal([
      { rows: 0, checkpoint: null },
      { rows: 10, checkpoint: positions[9] },
      { rows: 20, checkpoint: positions[19] },
    ]);
    const { rows } = await db.knex.raw('select position from rec order by seq');
    expect(rows.map((r: { position: string }) => r.position)).to.deep.equal(positions);
  });

  it('a crash in the middle of a batch leaves no partial rows nor checkpoint; a restart applies every event exactly once', async () => {
    await createRecorderTable(db.knex, 'rec');
    const positions = await appendTicks(store, 30);
    let fault = true;
    const crashing = recorder('rec', 'rec', {
      before: (e) => {
        if (fault && (e.data as { n: number }).n === 15) throw new Error('crash mid-batch');
      },
    });
    const first = run(db.knex, store, projectionHandlers([crashing]), { table: 'projection_checkpoints', batchSize: 10 });
    expect(await first.runBatch(first.handlers[0])).to.equal(true);
    let error: unknown;
    await first.runBatch(first.handlers[0]).catch((err) => (error = err));
    expect((error as Error)?.message).to.equal('crash mid-batch');
    expect(await appliedCounts(db.knex, 'rec')).to.deep.equal({ total: 10, distinct: 10 });
    expect(await checkpointOf(db.knex, 'rec')).to.equal(positions[9]);

    // Left running with the fault, it commits the events before the bad one, never a part of an
    // event, and retries the bad one with backoff (parking comes later: test/runners/parking.test.ts).
    first.start();
    await sleep(700);
    await first.stop();
    expect(await appliedCounts(db.knex, 'rec')).to.deep.equal({ total: 15, distinct: 15 });
    expect(await checkpointOf(db.knex, 'rec')).to.equal(positions[14]);

    // A process that dies mid-batch: its connection goes away with the open transaction.
    const doomedKnex = createKnex(db.url, 3);
    try {
      const dying = recorder('rec', 'rec', {
        before: async (e, trx) => {
          if ((e.data as { n: number }).n === 15) await trx.raw('select pg_terminate_backend(pg_backend_pid())');
        },
      });
      const doomed = new CheckpointRunner(doomedKnex, store, projectionHandlers([dying]), { table: 'projection_checkpoints', batchSize: 10 });
      let died: unknown;
      await doomed.runBatch(doomed.handlers[0]).catch((err) => (died = err));
      expect(died).to.be.instanceOf(Error);
    } finally {
      await doomedKnex.destroy();
    }
    expect(await appliedCounts(db.knex, 'rec')).to.deep.equal({ total: 15, distinct: 15 });
    expect(await checkpointOf(db.knex, 'rec')).to.equal(positions[14]);

    fault = false;
    const restarted = run(db.knex, store, projectionHandlers([crashing]), { table: 'projection_checkpoints', batchSize: 10 });
    restarted.start();
    expect(await restarted.waitFor(positions[29], 10_000)).to.equal(true);
    expect(await appliedCounts(db.knex, 'rec')).to.deep.equal({ total: 30, distinct: 30 });
    const { rows } = await db.knex.raw('select n from rec order by seq');
    expect(rows.map((r: { n: number }) => r.n)).to.deep.equal(Array.from({ length: 30 }, (_, i) => i));
    expect(await checkpointOf(db.knex, 'rec')).to.equal(positions[29]);
  });

  it('two runners (two processes) on one database never apply an event twice', async () => {
    await createRecorderTable(db.knex, 'rec');
    const otherKnex = createKnex(db.url, 5);
    const otherStore = new PostgresEventStore(otherKnex, db.url);
    try {
      const slow = (label: string) => recorder('rec', 'rec', { label, before: () => sleep(1) });
      const a = run(db.knex, store, projectionHandlers([slow('a')]), { table: 'projection_checkpoints', batchSize: 7, pollMs: 50 });
      const b = run(otherKnex, otherStore, projectionHandlers([slow('b')]), { table: 'projection_checkpoints', batchSize: 7, pollMs: 50 });
      a.start();
      b.start();
      // Events arrive while both run, from concurrent writers (transactions commit out of order).
      const positions = await appendTicks(store, 150, { lanes: 8 });
      // (store.head() may lag: a runner's open batch transaction hides the newest events for a moment.)
      const head = positions[positions.length - 1];
      expect(await a.waitFor(head, 15_000)).to.equal(true);
      expect(await b.waitFor(head, 15_000)).to.equal(true);
      await Promise.all([a.stop(), b.stop()]);
      expect(await appliedCounts(db.knex, 'rec')).to.deep.equal({ total: 150, distinct: 150 });
      const { rows } = await db.knex.raw('select runner, count(*)::int as n from rec group by runner order by runner');
      expect(rows.reduce((s: number, r: { n: number }) => s + r.n, 0)).to.equal(150);
      // Log order is kept across both processes' batches.
      const { rows: order } = await db.knex.raw('select position from rec order by seq');
      expect(order.map((r: { position: string }) => r.position)).to.deep.equal(positions);
    } finally {
      await otherStore.close();
      await otherKnex.destroy();
    }
  });

  it('waitFor resolves once the event is visible, also for another process; false on timeout, and at once for a consumer stuck on the event', async () => {
    await createRecorderTable(db.knex, 'rec');
    await createRecorderTable(db.knex, 'stuck');
    const runner = run(db.knex, store, projectionHandlers([recorder('rec', 'rec')]), { table: 'projection_checkpoints' });
    const observer = run(db.knex, store, projectionHandlers([recorder('rec', 'rec')]), { table: 'projection_checkpoints' }); // never started
    expect(await runner.waitFor(null, 10)).to.equal(true);
    runner.start();
    for (let i = 0; i < 5; i++) {
      const [position] = await appendTicks(store, 1, { from: i });
      const t0 = Date.now();
      expect(await runner.waitFor(position, 5_000)).to.equal(true);
      expect(Date.now() - t0, 'read-your-writes latency').to.be.below(1_500);
      const { rows } = await db.knex.raw('select count(*)::int as n from rec where n = ?', [i]);
      expect(rows[0].n, 'visible right after waitFor').to.equal(1);
      expect(await observer.waitFor(position, 2_000)).to.equal(true);
    }

    // A read model that is merely behind is waited for, until the timeout.
    const idle = run(db.knex, store, projectionHandlers([recorder('idle', 'stuck')]), { table: 'projection_checkpoints' }); // never started
    const [position] = await appendTicks(store, 1, { from: 100 });
    const t0 = Date.now();
    expect(await idle.waitFor(position, 300)).to.equal(false);
    const took = Date.now() - t0;
    expect(took).to.be.at.least(295);
    expect(took).to.be.below(1_500);
    // One that throws on the event is not waited for (it retries apart, then parks the event): false at once.
    const stuck = run(db.knex, store, projectionHandlers([recorder('stuck', 'stuck', { before: () => { throw new Error('stuck'); } })]), { table: 'projection_checkpoints' });
    stuck.start();
    const t1 = Date.now();
    expect(await stuck.waitFor(position, 4_000)).to.equal(false);
    expect(Date.now() - t1, 'not waited for').to.be.below(2_000);
    expect(await runner.waitFor(position, 5_000)).to.equal(true);
  });

  it('picks a new event up at once: no wake-up lost during a batch, no wait for the poll tick behind another open transaction', async () => {
    await createRecorderTable(db.knex, 'rec');
    // A wake-up that arrives while a batch is reading (after it found nothing) must not be lost.
    let appendDuringRead = false;
    let appended: Promise<string> | null = null;
    const racy: EventStore = Object.create(store);
    racy.readAll = async (from, limit) => {
      const r = await store.readAll(from, limit);
      if (appendDuringRead && r.events.length === 0) {
        appendDuringRead = false;
        appended = appendTicks(store, 1, { from: 1 }).then(([p]) => p);
        await appended;
        await sleep(50); // the notification reaches the listener before this batch ends
      }
      return r;
    };
    const runner = run(db.knex, racy, projectionHandlers([recorder('rec', 'rec')]), { table: 'projection_checkpoints', pollMs: 2_000 });
    runner.start();
    const [first] = await appendTicks(store, 1, { from: 0 });
    expect(await runner.waitFor(first, 5_000)).to.equal(true);
    appendDuringRead = true;
    while (!appended) await sleep(5);
    const t0 = Date.now();
    expect(await runner.waitFor(await appended, 5_000)).to.equal(true);
    expect(Date.now() - t0, 'lost wake-up: waited for the poll tick').to.be.below(1_000);

    // Another process's append in flight (the appenders' lock, then a transaction id: migration 062)
    // hides a newer event for a while; when it commits nothing is notified, yet the runner must not
    // sit until its poll tick.
    const blocker = await db.knex.transaction();
    await blocker.raw('select pg_advisory_xact_lock_shared(?)', [APPENDERS_LOCK]);
    await blocker.raw('select pg_current_xact_id()');
    const [hidden] = await appendTicks(store, 1, { from: 2 });
    await sleep(100);
    expect(await checkpointOf(db.knex, 'rec'), 'hidden while the older transaction is open').to.not.equal(hidden);
    await blocker.commit();
    const t1 = Date.now();
    expect(await runner.waitFor(hidden, 5_000)).to.equal(true);
    expect(Date.now() - t1, 'held back: waited for the poll tick').to.be.below(1_000);
    expect(await appliedCounts(db.knex, 'rec')).to.deep.equal({ total: 3, distinct: 3 });
  });

  it('resetProjections and a replay give identical read models (beside a running runner, and via the CLI)', async () => {
    const config = testConfig(db.url);
    // As the server wires it: personal fields sealed in the log, opened for the read models.
    const { store: sealed } = await openEventStore(config, db.knex, db.url);
    const deps = commandDeps(sealed, db.knex, config);
    const runner = run(db.knex, sealed, projectionHandlers(allProjections(PROJECTION_OPTIONS)), { table: 'projection_checkpoints', batchSize: 4 });
    runner.start();
    const direccion = { calle: 'Mayor 1', ciudad: 'Madrid', provincia: 'Madrid', codigoPostal: '28001', pais: 'España' };
    const pacientes: { idPaciente: number; idUsuario: number }[] = [];
    let head: string | null = null; // the last command's position (store.head() may lag: another database's open transaction holds it back)
    for (let i = 0; i < 6; i++) {
      const r = await registerPaciente(deps, SYSTEM, {
        usuario: { nombre: `Paciente${i}`, apellido: 'Prueba', email: `p${i}@example.com`, password: 'secreto123', dni: null },
        fechaNacimiento: '1990-01-01', direccion: i % 2 ? [direccion, { ...direccion, calle: 'Sol 2' }] : [], aceptaTerminos: true,
      });
      const { rows } = await db.knex.raw("select (data->>'idPaciente')::int as id from events where type = 'PacienteRegistrado' and (data->>'idUsuario')::int = ?", [r.idUsuario]);
      pacientes.push({ idPaciente: rows[0].id, idUsuario: r.idUsuario });
    }
    for (let i = 0; i < 3; i++) {
      head = (await registerPsicologo(deps, SYSTEM, { nombre: `Psi${i}`, apellido: 'Prueba', email: `psi${i}@example.com`, password: 'secreto123', experiencia: i, licencia: `L-${i}` })).position;
    }
    head = (await darDeBajaPaciente(deps, SYSTEM, pacientes[1].idPaciente, pacientes[1].idUsuario)).position ?? head;
    expect(await runner.waitFor(head, 10_000)).to.equal(true);
    const tables = allProjections(PROJECTION_OPTIONS).flatMap((p) => p.tables);
    const before = await dumpTables(db.knex, tables);
    expect(before.usuarios).to.have.length(9);
    expect(before.pacientes).to.have.length(6);
    expect(before.direcciones).to.have.length(6);
    expect(before.psicologos).to.have.length(3);
    expect((before.usuarios as { email: string }[]).map((u) => u.email)).to.include('p0@example.com');
    const { rows: raw } = await db.knex.raw("select data->>'email' as email from events where type = 'UsuarioRegistrado'");
    expect(raw.map((r: { email: string }) => r.email)).to.not.include('p0@example.com');

    // A stopped runner must not claim to have passed a position after a reset.
    await runner.stop();
    await resetProjections(db.knex, allProjections(PROJECTION_OPTIONS));
    for (const t of tables) expect((await dumpTables(db.knex, [t]))[t], t).to.deep.equal([]);
    expect(await db.knex('projection_checkpoints').count({ n: '*' }).first()).to.deep.equal({ n: '0' });
    expect(await runner.waitFor(head, 100)).to.equal(false);

    runner.start();
    expect(await runner.waitFor(head, 10_000)).to.equal(true);
    expect(await dumpTables(db.knex, tables)).to.deep.equal(before);

    // The CLI's rebuild, while this runner (a server) keeps running on the same database.
    const lines: string[] = [];
    const result = await rebuildProjections(config, (l) => lines.push(l));
    expect(result.events).to.equal(Number((await db.knex('events').count({ n: '*' }).first())!.n));
    expect(await dumpTables(db.knex, tables)).to.deep.equal(before);
    expect(await runner.waitFor(head, 1_000)).to.equal(true);
  });
});
