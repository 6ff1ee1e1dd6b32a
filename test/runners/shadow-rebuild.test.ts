import { expect } from 'chai';
import type { Knex } from 'knex';
import type { EventStore } from '../../src/eventstore/port.ts';
import { PROJECTION_OPTIONS } from '../support/db.ts';
import { AUDIT_LOG_CONSUMER } from '../../src/projections/audit-log.ts';
import { allProjections } from '../../src/projections/index.ts';
import { shadowRebuild } from '../../src/projections/shadow-rebuild.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { newPaciente } from '../directory/support.ts';
import { LISTINGS, buildPractice, diario, dumpReadModels, snapshot } from '../eventstore/practice.ts';

// npm run projections:rebuild -- --shadow, beside a running server: while the copies are filled every
// listing keeps answering from the current tables, writes go on, and after the swap the tables hold
// exactly what they held (plus those writes), with the migrations' index names, and the server goes on.

const DIARIO = '/api/admin/diario-emocional';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server's store, with every read slowed while `slow()`: the replay then spans many requests. */
function slowed(store: EventStore, slow: () => boolean): EventStore {
  return {
    append: (w, r) => store.append(w, r),
    readStream: (s) => store.readStream(s),
    readStreams: (ids) => store.readStreams(ids),
    readAll: async (from, limit) => {
      if (slow()) await sleep(25);
      return store.readAll(from, limit);
    },
    subscribe: (f, h, o) => store.subscribe(f, h, o),
    waitForEvents: (ms) => store.waitForEvents(ms),
    compare: (a, b) => store.compare(a, b),
    head: () => store.head(),
    close: async () => {},
  };
}

async function indexes(knex: Knex): Promise<string[]> {
  const tables = [...new Set(allProjections(PROJECTION_OPTIONS).flatMap((p) => p.tables))];
  const { rows } = await knex.raw(`select indexdef from pg_indexes where schemaname || '.' || tablename = any(?) or (schemaname = 'public' and tablename = any(?)) order by indexdef`, [tables, tables]);
  return rows.map((r: { indexdef: string }) => r.indexdef);
}

describe('projections:rebuild --shadow beside a running server', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;

  before(async function () {
    srv = await startTestServer();
    admin = await srv.adminToken();
  });
  after(async function () {
    await srv?.stop();
  });

  it('keeps every listing answering during the rebuild, loses no write, and swaps in equal tables', async function () {
    const { pacientes } = await buildPractice(srv, admin, 6);
    const before = await snapshot(srv, admin);
    const indexesBefore = await indexes(srv.deps.knex);
    for (const [path, body] of Object.entries(before)) expect(body, path).to.be.an('array').that.is.not.empty;

    let switching = false;
    let checks = 0;
    const written: number[] = [];
    let atSwitch: { listings: Record<string, unknown>; tables: Record<string, unknown[]> } | null = null;
    // Writes and reads all through the replay: the other listings never change, the diary only grows.
    const writer = (async () => {
      for (let i = 0; !switching; i++) {
        written.push((await diario(srv, pacientes[i % pacientes.length], 100 + i)).idDiario);
        const now = await snapshot(srv, admin);
        for (const path of LISTINGS.filter((p) => p !== DIARIO)) expect(now[path], path).to.deep.equal(before[path]);
        const ids = (now[DIARIO] as { idDiario: number }[]).map((d) => d.idDiario);
        expect(ids).to.include.members([...(before[DIARIO] as { idDiario: number }[]).map((d) => d.idDiario), ...written]);
        checks++;
      }
    })();

    const result = await shadowRebuild({
      knex: srv.deps.knex, url: srv.db.url, store: slowed(srv.deps.store, () => !switching), projections: allProjections(srv.config), batchSize: 5,
      beforeSwitch: async () => {
        switching = true;
        await writer;
        // Appended after the copies caught up: only the switch itself can bring it in.
        written.push((await diario(srv, pacientes[0], 99)).idDiario);
        atSwitch = { listings: await snapshot(srv, admin), tables: await dumpReadModels(srv.deps.knex) };
      },
    });

    expect(checks, 'listings read while the copies were filled').to.be.greaterThan(0);
    expect(result.appliedAtSwitch).to.be.greaterThan(0);
    expect(atSwitch).to.not.equal(null);
    expect(await snapshot(srv, admin)).to.deep.equal(atSwitch!.listings);
    expect(await dumpReadModels(srv.deps.knex)).to.deep.equal(atSwitch!.tables);
    const diary = (atSwitch!.listings[DIARIO] as { idDiario: number }[]).map((d) => d.idDiario);
    expect(diary).to.include.members(written);

    // The migrations' index names are back, nothing of the rebuild is left, the checkpoints moved.
    expect(await indexes(srv.deps.knex)).to.deep.equal(indexesBefore);
    const { rows: schemas } = await srv.deps.knex.raw("select nspname from pg_namespace where nspname like 'rebuild%'");
    expect(schemas).to.deep.equal([]);
    // Every read model's, beside the audit log's own (not a read model: never rebuilt).
    const names = (await srv.deps.knex('projection_checkpoints').select('name')).map((r) => r.name).sort();
    expect(names).to.deep.equal([...allProjections(srv.config).map((p) => p.name), AUDIT_LOG_CONSUMER].sort());

    // The running server goes on writing to and reading from the new tables.
    const pac = await newPaciente(srv);
    const entry = await diario(srv, pac, 7);
    const after = await snapshot(srv, admin);
    expect((after[DIARIO] as { idDiario: number }[]).map((d) => d.idDiario)).to.include(entry.idDiario);
    expect((after['/api/pacientes/admin'] as unknown[]).length).to.equal((before['/api/pacientes/admin'] as unknown[]).length + 1);
  });

  it('retries the switch when a running query keeps an old table busy', async function () {
    const knex = srv.deps.knex;
    // The asynchronous read models (analysts', FHIR) may still be behind the last test's writes.
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 30_000)).to.equal(true);
    const before = await dumpReadModels(knex);
    const lines: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const started = new Promise<void>((r) => (holding = r));
    // A long report reading `usuarios`: its lock is held until the switch's first attempt has given up
    // (not for a fixed time: a slow catch-up after beforeSwitch could outlast it), or the rebuild ended.
    const reader = knex.transaction(async (trx) => {
      await trx('usuarios').count();
      holding();
      await held;
    });
    await started;
    const log = (l: string) => {
      lines.push(l);
      if (l.includes('switching again')) release();
    };
    await shadowRebuild({ knex, url: srv.db.url, store: srv.deps.store, projections: allProjections(srv.config), lockTimeoutMs: 200, log }).finally(release);
    await reader;
    expect(lines.filter((l) => l.includes('switching again'))).to.have.length.greaterThan(0);
    expect(await dumpReadModels(knex)).to.deep.equal(before);
  });

  it('refuses tables it cannot copy faithfully, and leaves nothing behind', async function () {
    const knex = srv.deps.knex;
    await knex.raw('create table shadow_probe (id serial primary key)');
    try {
      const probe = { name: 'probe', tables: ['shadow_probe'], readYourWrites: true, apply: async () => {} };
      const err = await shadowRebuild({ knex, url: srv.db.url, store: srv.deps.store, projections: [probe] }).catch((e: Error) => e);
      expect(String(err)).to.match(/shadow_probe has a sequence default/);
      const { rows } = await knex.raw("select nspname from pg_namespace where nspname like 'rebuild%'");
      expect(rows).to.deep.equal([]);
    } finally {
      await knex.raw('drop table shadow_probe');
    }
  });
});
