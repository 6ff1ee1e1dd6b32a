// npm run bench:sealing [-- --events N] — the cost of sealing personal fields: event appends and a
// projection rebuild, each with the sealing layer and without, on the same PostgreSQL in one run.
// `npm run bench` runs it too, through `sealingSection`.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EventStore } from '../src/eventstore/port.ts';
import { PostgresEventStore } from '../src/eventstore/postgres.ts';
import { SealingEventStore } from '../src/eventstore/sealing.ts';
import { sealSpecs } from '../src/events/personal-data.ts';
import { KeyRing } from '../src/platform/crypto/keyring.ts';
import { createKnex, migrate, startEmbeddedPostgres } from '../src/platform/database.ts';
import { CheckpointRunner, projectionHandlers, resetProjections } from '../src/projections/runner.ts';
import { usuariosProjection } from '../src/projections/usuarios.ts';
import type { SectionContext } from './lib/context.ts';
import { notCaughtUp, parkedRecorder } from './projections.ts';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

function usuario(id: number) {
  return {
    type: 'UsuarioRegistrado',
    data: { idUsuario: id, nombre: 'Nombre', apellido: 'Apellido Apellido', email: `u${id}@example.org`, emailHash: `h${id}`, passwordHash: '$2b$10$abcdefghijklmnopqrstuv', dni: '12345678Z', rol: 'PACIENTE' },
    metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: null }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
  };
}

interface Variant {
  label: string;
  knex: ReturnType<typeof createKnex>;
  raw: PostgresEventStore;
  store: EventStore;
  appendMs: number;
}

async function variant(label: string, url: string, wrap: (raw: EventStore, keys: KeyRing) => EventStore): Promise<Variant> {
  const knex = createKnex(url, 10);
  await migrate(knex);
  const raw = new PostgresEventStore(knex, url);
  return { label, knex, raw, store: wrap(raw, new KeyRing(knex, 'b'.repeat(40))), appendMs: 0 };
}

async function appendChunk(v: Variant, from: number, to: number) {
  const t0 = performance.now();
  for (let i = from; i < to; i++) await v.store.append([{ streamId: `usuario-${i}`, expected: 'noStream', events: [usuario(i)] }]);
  v.appendMs += performance.now() - t0;
}

/** Events per second of a rebuild of the usuarios read model from the variant's log. */
async function rebuild(v: Variant, N: number): Promise<number> {
  await resetProjections(v.knex, [usuariosProjection]);
  const { parked, onParked } = parkedRecorder();
  const runner = new CheckpointRunner(v.knex, v.store, projectionHandlers([usuariosProjection]), { table: 'projection_checkpoints', onParked });
  const t1 = performance.now();
  runner.start();
  const ok = await runner.waitFor(await v.store.head(), 600_000);
  const rebuildMs = performance.now() - t1;
  const error = ok && parked.length === 0 ? null : notCaughtUp(runner, parked, `${v.label}: rebuild`, 600_000);
  await runner.stop();
  if (error) throw error;
  return Math.round((N / rebuildMs) * 1000);
}

// The two variants append in alternating chunks of at most 50, the order flipped every round: a
// change of load on a shared machine falls on both alike, so the ratio compares like with like
// (measured one after the other, three runs of the same code minutes apart gave 0.74x, 0.85x, 1.17x).
const CHUNK = 50;

async function appendBoth(plain: Variant, sealed: Variant, N: number): Promise<void> {
  const chunk = Math.min(CHUNK, Math.ceil(N / 10));
  for (let r = 0, from = 1; from <= N; r++, from += chunk) {
    const to = Math.min(N + 1, from + chunk);
    for (const v of r % 2 === 0 ? [plain, sealed] : [sealed, plain]) await appendChunk(v, from, to);
  }
}

export interface SealingRow {
  label: string;
  appendsPerSecond: number;
  rebuildEventsPerSecond: number;
  appendRatio: number;
  rebuildRatio: number;
}

/** Both measurements, each variant on its own fresh database from `createDatabase`. */
export async function measureSealing(createDatabase: (name: string) => Promise<string>, N: number): Promise<SealingRow[]> {
  const plain = await variant('without sealing', await createDatabase('bench_plain'), (raw) => raw);
  const sealed = await variant('with sealing', await createDatabase('bench_sealed'), (raw, keys) => new SealingEventStore(raw, keys, sealSpecs));
  try {
    await appendBoth(plain, sealed, N);
    const rows = [];
    for (const v of [plain, sealed]) rows.push({ label: v.label, appendsPerSecond: Math.round((N / v.appendMs) * 1000), rebuildEventsPerSecond: await rebuild(v, N) });
    const [p] = rows;
    return rows.map((r) => ({ ...r, appendRatio: +(r.appendsPerSecond / p.appendsPerSecond).toFixed(2), rebuildRatio: +(r.rebuildEventsPerSecond / p.rebuildEventsPerSecond).toFixed(2) }));
  } finally {
    for (const v of [plain, sealed]) {
      await v.raw.close();
      await v.knex.destroy();
    }
  }
}

export async function sealingSection(ctx: SectionContext): Promise<void> {
  const N = ctx.sizes.sealing.events;
  const [plain, sealed] = await measureSealing((name) => ctx.pg.createDatabase(name), N);
  const section = 'Sealing';
  ctx.add({ section, name: `append UsuarioRegistrado, 1/tx, ${N} events: sealed`, value: sealed.appendsPerSecond, unit: 'appends/s', ratios: [{ to: 'without sealing', value: sealed.appendRatio }] });
  ctx.add({ section, name: 'append UsuarioRegistrado: without sealing', value: plain.appendsPerSecond, unit: 'appends/s', ratios: [{ to: 'itself', value: 1 }] });
  ctx.add({ section, name: `rebuild usuarios read model, ${N} events: sealed`, value: sealed.rebuildEventsPerSecond, unit: 'events/s', ratios: [{ to: 'without sealing', value: sealed.rebuildRatio }] });
  ctx.add({ section, name: 'rebuild usuarios read model: without sealing', value: plain.rebuildEventsPerSecond, unit: 'events/s', ratios: [{ to: 'itself', value: 1 }] });
}

async function main() {
  const N = arg('events', 2000);
  const dir = mkdtempSync(join(tmpdir(), 'bench-sealing-'));
  const pg = await startEmbeddedPostgres(dir, false);
  try {
    const base = new URL(pg.url).toString();
    const { default: pgLib } = await import('pg');
    const at = (db: string) => { const u = new URL(base); u.pathname = `/${db}`; return u.toString(); };
    const createDatabase = async (db: string) => {
      const c = new pgLib.Client({ connectionString: base });
      await c.connect();
      await c.query(`create database ${db}`);
      await c.end();
      return at(db);
    };
    const rows = await measureSealing(createDatabase, N);
    console.table(rows);
    mkdirSync(join('bench', 'results'), { recursive: true });
    writeFileSync(join('bench', 'results', 'sealing.json'), JSON.stringify({ events: N, at: new Date().toISOString(), rows }, null, 2));
  } finally {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

// Run as a script (npm run bench:sealing), not when the runner imports it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(() => process.exit(0), (err) => { console.error(err); process.exit(1); });
}
