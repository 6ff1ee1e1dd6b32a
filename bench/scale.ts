// Scale: how the monthly agenda, free-slot and booking latencies grow with the appointments one psychologist
// holds (quick 10/100/1,000; full 10/1,000/100,000), and the free slots of a month that holds 23,040
// one-minute appointments (16 whole days, as the attack of issue 22 booked them). Psychologists and
// the measured patients are registered through the API; the bulk of appointments is appended
// straight to the log (as an import would be), in the layout the commands read (the appointment's
// stream and the day streams of both agendas, src/events/agenda.ts), projected, and then the
// service is started again on that database.
import { allReactors } from '../src/reactors/index.ts';
import { KeyRing } from '../src/platform/crypto/keyring.ts';
import { CheckpointRunner, projectionHandlers } from '../src/projections/runner.ts';
import { Api, BENCH_MASTER_KEY, serviceEnv, type Session } from './lib/api.ts';
import { spawnTs, type Child } from './lib/child.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { appointment, LogWriter, reserveIds } from './lib/generate.ts';
import { notCaughtUp, openBenchStore, parkedRecorder, type OpenedStore } from './projections.ts';
import { percentile, ratio, round } from './lib/stats.ts';

const SECTION = 'Scale';
const MONTH = '2030-01';
const OTHERS = 19; // the measured patient holds one appointment in 20 of their psychologist's
const fmt = (n: number) => n.toLocaleString('en-US');
/** Every day 07:00–20:00: around the bulk's 08:00–18:00 slots (free slots remain) and the measured bookings. */
const HORARIO = { desde: '2029-01-01', dias: [1, 2, 3, 4, 5, 6, 7].map((dia) => ({ dia, intervalos: [{ horaInicio: '07:00', horaFin: '20:00' }] })) };

interface Practice {
  size: number;
  psicologo: Session;
  paciente: Session;
  /** One-minute appointments, every minute of the month's first days (only the free slots are measured). */
  dense?: boolean;
}

/** The dense practice: every minute of 16 days of MONTH, one appointment each. */
const DENSE = 16 * 1440;
const denseSlot = (i: number) => new Date(Date.UTC(2030, 0, 1) + i * 60_000).toISOString().slice(0, 19);

/** Slot i of the bulk: ten one-hour slots a day (08:00–17:00) from 1 January 2030. */
const bulkSlot = (i: number) => {
  const d = new Date(Date.UTC(2030, 0, 1) + Math.floor(i / 10) * 86_400_000).toISOString().slice(0, 10);
  return `${d}T${String(8 + (i % 10)).padStart(2, '0')}:00:00`;
};
/** Slots for the measured bookings, after every bulk slot (the bulk of 100,000 ends in 2057). */
const bookingSlot = (n: number) => {
  const d = new Date(Date.UTC(2070, 0, 1) + Math.floor(n / 10) * 86_400_000).toISOString().slice(0, 10);
  return `${d}T${String(8 + (n % 10)).padStart(2, '0')}:00:00`;
};

async function importAppointments(ctx: SectionContext, o: OpenedStore, practices: Practice[]): Promise<void> {
  const w = new LogWriter(o.store, 2000);
  for (const p of practices) {
    const others = await reserveIds(o.knex, 'paciente', OTHERS);
    const citas = await reserveIds(o.knex, 'cita', p.size);
    for (let i = 0; i < p.size; i++) {
      const idPaciente = i % (OTHERS + 1) === 0 ? p.paciente.idPaciente! : others[i % (OTHERS + 1) - 1];
      const slot = p.dense ? { startDatetime: denseSlot(i), durationMinutes: 1 } : { startDatetime: bulkSlot(i) };
      await appointment(w, { idCita: citas[i], idPaciente, idPsicologo: p.psicologo.idPsicologo!, ...slot, confirmada: i % 3 === 0 });
    }
    await w.flush();
    ctx.log(`scale: imported ${fmt(p.size)} ${p.dense ? 'one-minute ' : ''}appointments of one psychologist`);
  }
  // An import is history: the reactors (mail, push) start after it instead of acting on all of it.
  const head = await o.store.head();
  const reactors = allReactors(new KeyRing(o.knex, BENCH_MASTER_KEY), { practiceTimezone: 'Europe/Madrid' });
  for (const r of reactors) {
    await o.knex('reactor_checkpoints').insert({ name: r.name, position: head, updated_at: o.knex.fn.now() }).onConflict('name').merge();
  }
  const { parked, onParked } = parkedRecorder();
  const runner = new CheckpointRunner(o.knex, o.store, projectionHandlers(o.projections), { table: 'projection_checkpoints', onParked });
  runner.start();
  const t = performance.now();
  const ok = await runner.waitFor(head, 3_600_000);
  const error = ok && parked.length === 0 ? null : notCaughtUp(runner, parked, 'projections of the import', 3_600_000);
  await runner.stop();
  if (error) throw error;
  ctx.log(`scale: projections caught up in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

interface Timing {
  p50: number;
  p99: number;
  samples: number;
  note?: string;
}

/** Sequential requests (after two warm-ups), each bounded by what is left of `budgetMs`. */
async function timeRequests(api: Api, samples: number, budgetMs: number, request: (n: number, signal: AbortSignal) => Promise<Response>): Promise<Timing> {
  const deadline = Date.now() + budgetMs;
  const times: number[] = [];
  for (let n = -2; n < samples && Date.now() < deadline; n++) {
    const t = performance.now();
    try {
      const res = await request(n + 2, AbortSignal.timeout(Math.max(1, deadline - Date.now())));
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${res.status} ${text.slice(0, 200)}`);
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') break;
      throw err;
    }
    if (n >= 0) times.push(performance.now() - t);
  }
  if (times.length === 0) return { p50: NaN, p99: NaN, samples: 0, note: `no answer within ${budgetMs / 1000} s` };
  return { p50: percentile(times, 50), p99: percentile(times, 99), samples: times.length };
}

function get(api: Api, path: string, token: string) {
  return (_n: number, signal: AbortSignal) => fetch(`${api.base}${path}`, { headers: { Authorization: `Bearer ${token}` }, signal });
}

async function measureAll(ctx: SectionContext, api: Api, practices: Practice[], booker: Session): Promise<void> {
  const { samples, bookingBudgetSeconds } = ctx.sizes.scale;
  const FREE = 'GET /api/psicologos/{id}/disponibilidad (31 days)';
  const cases = [
    { name: 'GET /api/citas/paciente/{id}/agenda?month=', run: (p: Practice) => get(api, `/api/citas/paciente/${p.paciente.idPaciente}/agenda?month=${MONTH}`, p.paciente.token), budget: 60_000 },
    { name: 'GET /api/psicologo/agenda?month=', run: (p: Practice) => get(api, `/api/psicologo/agenda?month=${MONTH}`, p.psicologo.token), budget: 60_000 },
    {
      name: FREE, budget: 60_000,
      run: (p: Practice) => get(api, `/api/psicologos/${p.psicologo.idPsicologo}/disponibilidad?desde=${MONTH}-01&hasta=${MONTH}-31&duracion=50`, p.paciente.token),
    },
    {
      name: 'POST /api/citas (booking)', budget: bookingBudgetSeconds * 1000,
      run: (p: Practice) => (n: number, signal: AbortSignal) => fetch(`${api.base}/api/citas`, {
        method: 'POST', signal, headers: { Authorization: `Bearer ${booker.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ idPsicologo: p.psicologo.idPsicologo, startDatetime: bookingSlot(n + practices.indexOf(p) * 1000), durationMinutes: 50, motivo: 'Consulta' }),
      }),
    },
  ];
  const results = new Map<string, Timing[]>();
  // Smallest first and booking last in each size: a booking that outlives its budget keeps the
  // server busy, and only the largest size can do that.
  for (const p of practices) {
    for (const c of cases.filter((x) => !p.dense || x.name === FREE)) {
      ctx.log(`scale: ${c.name} at ${fmt(p.size)} appointments`);
      const t = await timeRequests(api, samples, c.budget, c.run(p));
      const list = results.get(c.name) ?? [];
      list.push(t);
      results.set(c.name, list);
      const first = list[0];
      ctx.add({
        section: SECTION, name: `${c.name}, ${fmt(p.size)} ${p.dense ? 'one-minute appointments in the window' : 'appointments/psychologist'}`, value: round(t.p50, 1), unit: 'ms p50',
        p50Ms: round(t.p50, 1), p99Ms: round(t.p99, 1),
        ratios: [{ to: `p50 at ${fmt(practices[0].size)}`, value: ratio(t.p50, first.p50) }],
        note: t.note ?? `${t.samples} sequential requests`,
      });
    }
  }
}

/** A psychologist with working hours and the measured patient, assigned to them, through the API. */
async function register(api: Api, admin: string, size: number, dense = false): Promise<Practice> {
  const name = dense ? 'scale-dense' : `scale${size}`;
  const psicologo = await api.registerPsicologo(admin, name);
  const paciente = await api.registerPaciente(name);
  await api.assign(admin, paciente.idPaciente!, psicologo.idPsicologo!);
  await api.ok('PUT', '/api/psicologo/horario', { token: psicologo.token, body: HORARIO });
  return { size, psicologo, paciente, dense };
}

export async function scaleSection(ctx: SectionContext): Promise<void> {
  const sizes = ctx.sizes.scale.appointments;
  const url = await ctx.pg.createDatabase('bench_scale');
  await withTempDir('bench-scale-', async (dir) => {
    const env = serviceEnv(url, dir);
    let service: Child<{ url: string }> | null = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env });
    try {
      let api = new Api(service.ready.url);
      const admin = await api.admin();
      const practices: Practice[] = [];
      for (const size of sizes) practices.push(await register(api, admin.token, size));
      practices.push(await register(api, admin.token, DENSE, true));
      const booker = await api.registerPaciente('scale-booker');
      await service.stop();
      service = null;
      // The service adopted its inline read models: the import's appends write them too (else refused, PR428).
      const o = await openBenchStore(url, dir, { inline: true });
      try {
        await importAppointments(ctx, o, practices);
      } finally {
        await o.close();
      }
      service = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env });
      api = new Api(service.ready.url);
      await measureAll(ctx, api, practices, booker);
    } finally {
      await service?.stop();
    }
  });
}
