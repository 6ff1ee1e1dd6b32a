import { expect } from 'chai';
import type { Knex } from 'knex';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runExport } from '../../src/cli/events-export.ts';
import { runImport } from '../../src/cli/events-import.ts';
import { sealSpecs } from '../../src/events/personal-data.ts';
import { KurrentEventStore } from '../../src/eventstore/kurrentdb.ts';
import { openEventStore } from '../../src/eventstore/open.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { SealingEventStore } from '../../src/eventstore/sealing.ts';
import { exportLog, importLog } from '../../src/eventstore/transfer.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { KeyRing } from '../../src/platform/crypto/keyring.ts';
import { allProjections } from '../../src/projections/index.ts';
import type { AnaliticaOptions } from '../../src/projections/analitica.ts';
import { CheckpointRunner, projectionHandlers, resetProjections } from '../../src/projections/runner.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { FakeKurrentClient } from './kurrentdb-fake.ts';
import { buildPractice, dumpReadModels } from './practice.ts';

// npm run events:export / events:import. A practice is built through the API on one database, its log
// exported and imported into a second PostgreSQL database that has only the key tables copied over
// (keys never travel in the file); the read models rebuilt there must equal the originals. The same
// file moved into the KurrentDB adapter (over an in-memory client) must rebuild them identically too.

const KEY_TABLES = ['data_keys', 'key_aliases', 'server_keys'];

async function copyKeys(from: Knex, to: Knex): Promise<void> {
  for (const t of KEY_TABLES) {
    const rows = await from(t).select('*');
    await to(t).delete();
    if (rows.length) await to(t).insert(rows);
  }
}

const events = async (knex: Knex) =>
  (await knex.raw('select event_id, stream_id, stream_revision, type, data, metadata from events order by events.tx_id, events.global_position')).rows;
const reservations = async (knex: Knex) => knex('reservations').select('scope', 'key', 'stream_id').orderBy(['scope', 'key']);

/** Empties the read models of `knex` and replays `store` into them, as a rebuild does (with the source's pepper and zone). */
async function rebuildReadModels(knex: Knex, store: EventStore, config: AnaliticaOptions): Promise<void> {
  await resetProjections(knex, allProjections(config));
  const runner = new CheckpointRunner(knex, store, projectionHandlers(allProjections(config)), { table: 'projection_checkpoints' });
  runner.start();
  try {
    expect(await runner.waitFor(await store.head(), 60_000), 'replay finished').to.equal(true);
  } finally {
    await runner.stop();
  }
}

async function* fileLines(file: string) {
  yield* readFileSync(file, 'utf8').split('\n');
}

describe('events:export and events:import', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let dir: string;
  let file: string;
  let target: TestDatabase;
  let extra: TestDatabase[] = [];
  let plaintext: string[];
  const configFor = (url: string) =>
    loadConfig({
      NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: dir, LOG_LEVEL: 'silent',
      // The service's secrets, as an operator runs the commands with them (others are refused: docs/scaling.md).
      MASTER_KEY: srv.config.masterKey, JWT_SECRET: srv.config.jwtSecret, ANALYTICS_PEPPER: srv.config.analyticsPepper,
      AUDIT_SIGNING_KEY: readFileSync(join(srv.config.dataDir, '.audit_signing_key'), 'utf8').trim(),
    });

  before(async function () {
    if (process.env.TEST_EVENT_STORE === 'kurrentdb') this.skip(); // compares PostgreSQL `events` tables
    srv = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'practice-transfer-'));
    file = join(dir, 'practice.ndjson');
    const admin = await srv.adminToken();
    const { pacientes } = await buildPractice(srv, admin, 3);
    const rows = await srv.deps.knex('usuarios').whereIn('id_usuario', pacientes.map((p) => p.idUsuario)).select('email', 'dni');
    plaintext = [...rows.map((r) => r.email), '12345678Z', '+34 600 000 000'];
    expect(plaintext[0]).to.match(/@example\.com$/);
  });

  after(async function () {
    await srv?.stop();
    await target?.drop();
    for (const db of extra) await db.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('round-trips the log into a second PostgreSQL: same events, ids, metadata, reservations, and equal read models', async function () {
    const exported = await runExport(configFor(srv.db.url), file);
    const original = await events(srv.deps.knex);
    expect(exported.events).to.equal(original.length).and.to.be.greaterThan(40);
    expect(exported.reservations).to.equal((await reservations(srv.deps.knex)).length).and.to.be.greaterThan(3);
    // As stored: personal fields are sealed in the file, never opened.
    const text = readFileSync(file, 'utf8');
    for (const value of plaintext) expect(text, value).to.not.include(value);
    expect(text).to.include('"sealing":');

    target = await createTestDatabase();
    await copyKeys(srv.deps.knex, target.knex);
    // A FHIR export mark of this database's earlier log: its position means nothing after the import.
    await target.knex('fhir_export_marcas').insert({ id_job: '00000000-0000-4000-8000-000000000001', transaction_time: new Date(), posicion: '00000000000000000001/00000000000000000001' });
    const r = await runImport(configFor(target.url), file);
    expect(r).to.include({ imported: exported.events, skipped: 0, reservations: exported.reservations, reservationsPresent: 0 });
    expect(await target.knex('fhir_export_marcas').select('*')).to.deep.equal([]);
    expect(await events(target.knex)).to.deep.equal(original);
    expect(await reservations(target.knex)).to.deep.equal(await reservations(srv.deps.knex));

    const { store } = await openEventStore(configFor(target.url), target.knex, target.url);
    try {
      await rebuildReadModels(target.knex, store, srv.config);
    } finally {
      await store.close();
    }
    const rebuilt = await dumpReadModels(target.knex);
    expect(rebuilt.usuarios.length).to.be.greaterThan(4);
    expect(rebuilt).to.deep.equal(await dumpReadModels(srv.deps.knex));
  });

  it('is resumable: a second import skips every event and reservation already there', async function () {
    const before = (await events(target.knex)).length;
    const r = await runImport(configFor(target.url), file);
    expect(r).to.include({ imported: 0, skipped: before, reservations: 0 });
    expect(r.reservationsPresent).to.be.greaterThan(3);
    expect(await events(target.knex)).to.have.length(before);
    // The rebuild of the first test left checkpoints: positions of a log that changed under them, so the
    // read models are emptied for a rebuild.
    expect(r.checkpoints).to.deep.equal({ reactors: 0, readModelsReset: true });
    expect(await target.knex('projection_checkpoints').select('name')).to.deep.equal([]);
    expect(await target.knex('usuarios').select('id_usuario')).to.deep.equal([]);
  });

  it('refuses a truncated file before importing anything, and a target that holds other events', async function () {
    const db = await createTestDatabase();
    extra.push(db);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const cut = join(dir, 'cut.ndjson');
    writeFileSync(cut, lines.slice(0, -3).join('\n'));
    const err1 = await runImport(configFor(db.url), cut).catch((e: Error) => e);
    expect(String(err1)).to.match(/truncated/);
    expect(await events(db.knex)).to.deep.equal([]);

    const first = JSON.parse(lines[1]);
    const other = { ...first.metadata, eventId: '00000000-0000-4000-8000-000000000001' };
    await db.knex('events').insert({ event_id: other.eventId, stream_id: first.streamId, stream_revision: 0, type: first.type, data: first.data, metadata: other });
    const err2 = await runImport(configFor(db.url), file).catch((e: Error) => e);
    expect(String(err2)).to.match(/holds another event/);
  });

  it('moves the log into the KurrentDB adapter (in-memory client) and rebuilds the same read models from it', async function () {
    const fake = new FakeKurrentClient();
    const kurrent = new KurrentEventStore(fake.asClient());
    const db = await createTestDatabase();
    extra.push(db);
    await copyKeys(srv.deps.knex, db.knex);
    try {
      const r = await importLog(kurrent, fileLines(file));
      const original = await events(srv.deps.knex);
      expect(r.imported).to.equal(original.length);
      await rebuildReadModels(db.knex, new SealingEventStore(kurrent, new KeyRing(db.knex, srv.config.masterKey), sealSpecs), srv.config);
      expect(await dumpReadModels(db.knex)).to.deep.equal(await dumpReadModels(srv.deps.knex));

      // Exported again from KurrentDB: the same events in the same order, the same reservations.
      const out: string[] = [];
      await exportLog({ kind: 'kurrentdb', store: kurrent, reservations: () => kurrent.reservationsHeld() }, async (l) => void out.push(l));
      const strip = (ls: string[]) => ls.map((l) => JSON.parse(l)).filter((l) => l.kind !== 'header').map(({ position: _p, ...rest }) => rest);
      const sortRes = (ls: Record<string, unknown>[]) => [...ls.filter((l) => l.kind !== 'reservation'), ...ls.filter((l) => l.kind === 'reservation').sort((a, b) => String(a.key).localeCompare(String(b.key)))];
      expect(sortRes(strip(out))).to.deep.equal(sortRes(strip(readFileSync(file, 'utf8').trimEnd().split('\n'))));
    } finally {
      await kurrent.close();
    }
  });
});
