// FHIR free-Slot searches against other users (issue 31, item 7): one self-registered patient sends
// `Slot?schedule=<10 agendas>&status=free` (now to 31 days ahead, every agenda open 07:00–20:00
// every day), 4 at a time back to back, while other users read their appointments
// (GET /api/citas) and log in, one request at a time each. Figures: those users' p50 quiet and
// while the searches run, and the ratio (target: within 2×). The searcher is run twice: honouring
// the Retry-After of a 429 (a client as documented) and ignoring it (resending at once: a flood of
// refusals). For reference, the same patient flooding a cheap read nobody limits (its own
// GET /api/citas, 4 at a time back to back): what any signed-in user can do to the others. The
// service is a child process, the load runs here.
import { Api, serviceEnv, type Session } from './lib/api.ts';
import { spawnTs } from './lib/child.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { percentile, pool, ratio, round, sleep } from './lib/stats.ts';

const SECTION = 'FHIR Slot';
const AGENDAS = 10;
const SEARCHERS = 4;
const HORARIO = { desde: '2020-01-01', hasta: null, dias: [1, 2, 3, 4, 5, 6, 7].map((dia) => ({ dia, intervalos: [{ horaInicio: '07:00', horaFin: '20:00' }] })) };

export interface SlotFixture {
  psicologos: Session[];
  /** Self-registered, assigned to nobody: the searcher. */
  buscador: Session;
  /** Assigned to psicologos[0], with appointments: reads its list. */
  lector: Session;
  credentials: { email: string; password: string };
}

/** A local date `days` from today in Madrid, as `YYYY-MM-DD`. */
const localDate = (days: number) => new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' });

export async function seedSlotFixture(api: Api): Promise<SlotFixture> {
  const admin = await api.admin();
  const psicologos: Session[] = [];
  for (let i = 0; i < AGENDAS; i++) psicologos.push(await api.registerPsicologo(admin.token, `slots${i}`));
  for (const p of psicologos) await api.ok('PUT', '/api/psicologo/horario', { token: p.token, body: HORARIO });
  const lector = await api.registerPaciente('slotlector');
  await api.assign(admin.token, lector.idPaciente!, psicologos[0].idPsicologo!);
  // Booked time in the window searched, so the free time is not a plain template: the reader's
  // appointments, one a day at a different psychologist's and hour.
  await pool(Array.from({ length: 30 }, (_, j) => j), 4, async (j) => {
    await api.book(lector.token, psicologos[j % AGENDAS].idPsicologo!, `${localDate(j + 1)}T${String(8 + (j % 10)).padStart(2, '0')}:00:00`);
  });
  const buscador = await api.registerPaciente('slotbuscador');
  return { psicologos, buscador, lector, credentials: { email: 'pac.slotlector@bench.local', password: 'secreto123' } };
}

export const slotSearchPath = (fx: SlotFixture) => `/fhir/R4/Slot?schedule=${fx.psicologos.map((p) => p.idPsicologo).join(',')}&status=free`;

/** Other users' requests, one at a time each, for `ms`: p50 of GET /api/citas and of a login. */
async function others(api: Api, fx: SlotFixture, ms: number): Promise<{ citas: number[]; login: number[] }> {
  const out = { citas: [] as number[], login: [] as number[] };
  const until = performance.now() + ms;
  const loop = async (into: number[], send: () => Promise<{ status: number }>) => {
    while (performance.now() < until) {
      const t = performance.now();
      const r = await send();
      if (r.status !== 200) throw new Error(`other user's request: ${r.status}`);
      into.push(performance.now() - t);
    }
  };
  await Promise.all([
    loop(out.citas, () => api.call('GET', '/api/citas', { token: fx.lector.token })),
    loop(out.login, () => api.call('POST', '/auth/login', { body: fx.credentials })),
  ]);
  return out;
}

interface Searching {
  stop(): Promise<{ statuses: Record<string, number>; ok: number[] }>;
}

/** SEARCHERS loops of `path`, back to back; on a 429, waiting its Retry-After or not. */
function search(api: Api, fx: SlotFixture, path: string, honourRetryAfter: boolean): Searching {
  let running = true;
  const statuses: Record<string, number> = {};
  const ok: number[] = [];
  const loops = Array.from({ length: SEARCHERS }, async () => {
    while (running) {
      const t = performance.now();
      const r = await api.call('GET', path, { token: fx.buscador.token });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.status === 200) ok.push(performance.now() - t);
      else if (r.status !== 429) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
      else if (honourRetryAfter) await sleep(Math.min(5, Number(r.headers.get('retry-after') ?? 1)) * 1000);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { statuses, ok };
    },
  };
}

const p50 = (xs: number[]) => round(percentile(xs, 50), 1);

export async function fhirSlotsSection(ctx: SectionContext): Promise<void> {
  const seconds = ctx.quick ? 4 : 15;
  await withTempDir('practice-bench-fhir-slots-', async (dir) => {
    const url = await ctx.pg.createDatabase('fhir_slots');
    const child = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env: serviceEnv(url, dir) });
    try {
      const api = new Api(child.ready.url);
      const fx = await seedSlotFixture(api);
      const one = await api.call('GET', slotSearchPath(fx), { token: fx.buscador.token });
      if (one.status !== 200) throw new Error(`Slot search: ${one.status} ${JSON.stringify(one.body)}`);
      ctx.log(`fhir-slots: seeded; ${one.body.total ?? '?'} free slots in the first search`);
      await others(api, fx, 1000); // warm-up
      const quiet = await others(api, fx, seconds * 1000);
      const variants = [
        { path: slotSearchPath(fx), honour: true, who: `another patient's ${SEARCHERS} Slot searches at once (honouring Retry-After)` },
        { path: slotSearchPath(fx), honour: false, who: `another patient's ${SEARCHERS} Slot searches at once (ignoring Retry-After)` },
        { path: '/api/citas', honour: false, who: `reference: another patient's ${SEARCHERS} GET /api/citas at once, back to back` },
      ];
      for (const { path, honour, who } of variants) {
        const searching = search(api, fx, path, honour);
        await sleep(500);
        const loaded = await others(api, fx, seconds * 1000);
        const s = await searching.stop();
        const note = `the other patient's requests answered ${JSON.stringify(s.statuses)}, p50 of a 200 ${p50(s.ok)} ms; ${seconds} s a side`;
        for (const [name, q, l] of [['GET /api/citas', quiet.citas, loaded.citas], ['POST /auth/login', quiet.login, loaded.login]] as const) {
          ctx.add({
            section: SECTION, name: `${name} p50, ${who}`, value: p50(l), unit: 'ms',
            p50Ms: p50(l), p99Ms: round(percentile(l, 99), 1),
            ratios: [{ to: `quiet (p50 ${p50(q)} ms; target ≤ 2)`, value: ratio(percentile(l, 50), percentile(q, 50)) }],
            note: `${l.length} requests loaded, ${q.length} quiet; ${note}`,
          });
        }
      }
    } finally {
      await child.stop();
    }
  });
}
