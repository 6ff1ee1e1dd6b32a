import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { spawnTs } from '../../bench/lib/child.ts';
import { Api, futureSlot, serviceEnv } from '../../bench/lib/api.ts';

/** What a service child with BENCH_QUERY_LOG sent while `work` ran: statements by their first 70 characters. */
async function statements(db: TestDatabase, dir: string, work: (api: Api) => Promise<void>): Promise<Record<string, number>> {
  const log = join(dir, `queries-${Date.now()}.json`);
  const child = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env: serviceEnv(db.url, dir, { BENCH_QUERY_LOG: log, BCRYPT_COST: '4' }) });
  try {
    await work(new Api(child.ready.url));
    await new Promise((r) => setTimeout(r, 1500)); // the reactors' and outbox's share of the writes
  } finally {
    await child.stop();
  }
  return JSON.parse(readFileSync(log, 'utf8')) as Record<string, number>;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, n) => a + n, 0);
const matching = (counts: Record<string, number>, re: RegExp) => Object.entries(counts).filter(([q]) => re.test(q)).reduce((a, [, n]) => a + n, 0);

// bench/lib/service-main.ts's BENCH_QUERY_LOG (read by the profile) counts every statement the
// service sends, the event store's own (named, on connections taken from knex's pool) included.
describe("the bench's query log: every statement of a request", function () {
  this.timeout(120_000);
  let db: TestDatabase;
  let dir: string;
  before(async () => {
    db = await createTestDatabase();
    dir = mkdtempSync(join(tmpdir(), 'bench-query-log-'));
  });
  after(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("counts the event store's appends and reads beside knex's statements, per diary entry and per booking", async () => {
    const N = 20;
    let tokens = { diario: '', reservas: '', idPsicologo: 0 };
    await statements(db, dir, async (api) => {
      const admin = await api.admin();
      const psi = await api.registerPsicologo(admin.token, 'log');
      tokens = { diario: (await api.registerPaciente('diario')).token, reservas: (await api.registerPaciente('reservas')).token, idPsicologo: psi.idPsicologo! };
    });
    const diario = await statements(db, dir, async (api) => {
      for (let i = 0; i < N; i++) await api.ok('POST', '/api/diario-emocional', { token: tokens.diario, body: { emocion: 'Calma', intensidad: 4, nota: null } });
    });
    expect(matching(diario, /practice_append/), JSON.stringify(diario, null, 1)).to.equal(N);
    const citas = await statements(db, dir, async (api) => {
      for (let i = 0; i < N; i++) await api.book(tokens.reservas, tokens.idPsicologo, futureSlot(i));
    });
    expect(matching(citas, /practice_append/)).to.equal(N);
    console.log(`      statements per diary entry: ${(total(diario) / N).toFixed(1)}, per booking: ${(total(citas) / N).toFixed(1)}`);
  });
});
