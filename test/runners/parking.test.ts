import { expect } from 'chai';
import type { Knex } from 'knex';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import type { StoredEvent } from '../../src/eventstore/port.ts';
import type { Logger } from '../../src/platform/logger.ts';
import { listParked, ParkedError, retryParked, skipParked } from '../../src/projections/parked.ts';
import { CheckpointRunner, projectionHandlers, type Projection } from '../../src/projections/runner.ts';
import { parseCommand, UsageError } from '../../src/cli/projections-parked.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { appendTicks, sleep } from './support.ts';

/** A logger that keeps what it is told (pino's shape, as far as the runner uses it). */
function capture() {
  const lines: { level: string; obj: Record<string, unknown>; msg: string }[] = [];
  const at = (level: string) => (obj: Record<string, unknown>, msg: string) => void lines.push({ level, obj, msg });
  const logger = { warn: at('warn'), error: at('error'), info: at('info'), debug: at('debug') } as unknown as Logger;
  return { lines, logger };
}

function recorder(name: string, table: string, fail: (n: number) => boolean = () => false): Projection {
  return {
    name,
    tables: [table],
    readYourWrites: true,
    handles: ['Tick'],
    async apply(trx, e: StoredEvent) {
      const n = (e.data as { n: number }).n;
      if (fail(n)) throw new Error(`cannot store tick "${n}" of patient "Ana"`);
      await trx(table).insert({ n, position: e.position });
    },
  };
}

const ticks = async (knex: Knex, table: string) => (await knex(table).orderBy('seq').select('n')).map((r: { n: number }) => r.n);
async function parkedSoon(knex: Knex) {
  const deadline = Date.now() + 10_000;
  while ((await listParked(knex)).length === 0 && Date.now() < deadline) await sleep(50);
  return listParked(knex);
}
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('a consumer that fails on one event (isolation and parking)', function () {
  this.timeout(30_000);
  let db: TestDatabase;
  let store: PostgresEventStore;
  let runner: CheckpointRunner | null = null;

  beforeEach(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.knex, db.url);
    for (const t of ['rec_ok', 'rec_bad']) await db.knex.raw('create table ?? (seq bigint generated always as identity, n int not null, position text not null)', [t]);
  });
  afterEach(async () => {
    await runner?.stop();
    runner = null;
    await store.close();
    await db.drop();
  });

  it('retries it apart with backoff, parks it, and goes on; the others never wait for it; retry and skip act on it', async () => {
    let broken = new Set([5, 25]);
    const { lines, logger } = capture();
    const projections = [recorder('ok', 'rec_ok'), recorder('bad', 'rec_bad', (n) => broken.has(n))];
    const handlers = projectionHandlers(projections);
    runner = new CheckpointRunner(db.knex, store, handlers, { table: 'projection_checkpoints', pollMs: 100, retry: { attempts: 3, backoffMs: [800, 800] } }, logger);
    runner.start();
    const positions = await appendTicks(store, 20);
    const head = positions[19];

    // The healthy read model reaches the head while the other is still between its attempts.
    // (false: not every read model has the events, but the wait is over once the broken one is excused)
    expect(await runner.waitFor(head, 5_000, ['Tick'])).to.equal(false);
    expect(await ticks(db.knex, 'rec_ok')).to.deep.equal(range(0, 20));
    expect(runner.failing().map((f) => f.name)).to.deep.equal(['bad']);
    expect(await listParked(db.knex)).to.deep.equal([]);
    expect(await ticks(db.knex, 'rec_bad')).to.deep.equal(range(0, 5));

    // Out of attempts, the event is parked and the read model applies everything after it.
    const [parked] = await parkedSoon(db.knex);
    expect(parked).to.include({ kind: 'projection', consumer: 'bad', eventType: 'Tick', streamId: 'tick-5', position: positions[5], after: positions[4], attempts: 3, status: 'PARKED' });
    expect(parked.error).to.equal('cannot store tick … of patient …');
    expect(new Date(parked.lastFailureAt).getTime()).to.be.above(new Date(parked.firstFailureAt).getTime());
    runner.stop();
    runner = new CheckpointRunner(db.knex, store, handlers, { table: 'projection_checkpoints', pollMs: 100, retry: { attempts: 3, backoffMs: [800, 800] } }, logger);
    runner.start();
    expect(await runner.waitFor(head, 5_000)).to.equal(true);
    expect(await ticks(db.knex, 'rec_bad')).to.deep.equal([...range(0, 5), ...range(6, 20)]);
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors, 'one error line per parked event').to.have.length(1);
    expect(errors[0].obj).to.include({ consumer: 'bad', parkedId: parked.id, eventType: 'Tick', attempts: 3 });
    expect(JSON.stringify(lines)).to.not.include('Ana');

    // Fixed, the operator retries it: applied once, recorded as retried; a second retry is refused.
    broken = new Set([25]);
    await retryParked(db.knex, store, { projection: handlers, reactor: [] }, parked.id);
    expect(await ticks(db.knex, 'rec_bad')).to.include(5);
    expect((await listParked(db.knex, true))[0]).to.include({ id: parked.id, status: 'RETRIED' });
    expect(await retryParked(db.knex, store, { projection: handlers, reactor: [] }, parked.id).catch((e) => e)).to.be.instanceOf(ParkedError);

    // Another bad event later: parked too; a retry that fails again keeps it parked; skip closes it.
    const more = await appendTicks(store, 10, { from: 20 });
    expect(await runner.waitFor(more[9], 10_000)).to.equal(false);
    const [second] = await parkedSoon(db.knex);
    expect(second).to.include({ consumer: 'bad', position: more[5], status: 'PARKED' });
    expect(await retryParked(db.knex, store, { projection: handlers, reactor: [] }, second.id).catch((e) => e)).to.be.instanceOf(ParkedError);
    expect((await listParked(db.knex))[0]).to.include({ id: second.id, attempts: 4, status: 'PARKED' });
    await skipParked(db.knex, second.id);
    expect(await listParked(db.knex)).to.deep.equal([]);
    expect(await ticks(db.knex, 'rec_bad')).to.not.include(25);
    expect(await ticks(db.knex, 'rec_ok')).to.deep.equal(range(0, 30));
  });

  it('a database failure is not blamed on the event: nothing is parked', async () => {
    let down = true;
    const flaky: Projection = {
      name: 'bad', tables: ['rec_bad'], readYourWrites: true, handles: ['Tick'],
      async apply(trx, e) {
        if (down) throw Object.assign(new Error('Connection terminated unexpectedly'), {});
        await trx('rec_bad').insert({ n: (e.data as { n: number }).n, position: e.position });
      },
    };
    runner = new CheckpointRunner(db.knex, store, projectionHandlers([flaky]), { table: 'projection_checkpoints', pollMs: 50, retry: { attempts: 2, backoffMs: [20] } });
    runner.start();
    const positions = await appendTicks(store, 3);
    await sleep(1_500);
    expect(await listParked(db.knex)).to.deep.equal([]);
    down = false;
    expect(await runner.waitFor(positions[2], 5_000)).to.equal(true);
    expect(await ticks(db.knex, 'rec_bad')).to.deep.equal([0, 1, 2]);
  });

  it('the CLI refuses unknown arguments and names its options', () => {
    expect(parseCommand([])).to.deep.equal({ kind: 'list', all: false, json: false });
    expect(parseCommand(['--retry', '7'])).to.deep.equal({ kind: 'retry', id: 7, json: false });
    expect(parseCommand(['--skip', '3', '--json'])).to.deep.equal({ kind: 'skip', id: 3, json: true });
    expect(parseCommand(['--help'])).to.deep.equal({ kind: 'help' });
    for (const bad of [['--retyr', '1'], ['--retry'], ['--retry', 'x'], ['--retry', '1', '--skip', '2'], ['list']]) {
      expect(() => parseCommand(bad), bad.join(' ')).to.throw(UsageError);
    }
  });
});
