// HTTP: the service's busiest endpoints under autocannon, against floors measured in the same run:
// raw node:http answering a fixed body; a minimal node:http + `pg` server running the service's own
// prepared statements for its reads (imported from src/queries, so never older SQL); for the writes, the same server parsing the same JSON body and doing one
// parameterised INSERT of it into a plain table. Server and floors are child processes; autocannon
// runs here. Then the figure of bench/extra-read-model.ts on the same database.
import { Api, futureSlot, serviceEnv, type Session } from './lib/api.ts';
import { spawnTs, type Child } from './lib/child.ts';
import { extraReadModelFigures } from './extra-read-model.ts';
import { apiRoleFigures, shifted } from './http-api-role.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { failureNote, load, type LoadOptions, type LoadResult } from './lib/load.ts';
import { pool, ratio, round } from './lib/stats.ts';

const SECTION = 'HTTP';
const PSICOLOGOS = 8;
const CITAS_PACIENTE = 50;
const AGENDA_MONTH = '2030-02';

export interface HttpFixture {
  admin: Session;
  psicologos: Session[];
  /** 50 appointments, assigned to psicologos[0] (whose blocks show in the agenda). */
  lector: Session;
  /** Book appointments during the POST /api/citas test: reservas[i] with psicologos[i] only, so a patient's bookings never overlap. */
  reservas: Session[];
  /** Writes diary entries. */
  diario: Session;
  credentials: { email: string; password: string };
}

type Url = { url: string };

/** Psychologists, patients, 50 appointments and a few blocks, all through the real endpoints. */
export async function seedHttpFixture(api: Api): Promise<HttpFixture> {
  const admin = await api.admin();
  const psicologos: Session[] = [];
  for (let i = 0; i < PSICOLOGOS; i++) psicologos.push(await api.registerPsicologo(admin.token, `http${i}`));
  const lector = await api.registerPaciente('lector');
  const reservas: Session[] = [];
  for (let i = 0; i < PSICOLOGOS; i++) reservas.push(await api.registerPaciente(`reservas${i}`));
  const diario = await api.registerPaciente('diario');
  await api.assign(admin.token, lector.idPaciente!, psicologos[0].idPsicologo!);
  // Every third day at 10:00, January to May 2030: about ten per month, as a weekly-ish patient has.
  await pool(Array.from({ length: CITAS_PACIENTE }, (_, j) => j), 8, async (j) => {
    await api.book(lector.token, psicologos[j % PSICOLOGOS].idPsicologo!, futureSlot(j * 3, 120));
  });
  for (const day of [3, 10, 17, 24]) {
    await api.ok('POST', '/api/psicologo/bloqueos', {
      token: psicologos[0].token, body: { fecha: `${AGENDA_MONTH}-${String(day).padStart(2, '0')}`, horaInicio: '18:00', horaFin: '20:00', motivo: 'Formación' },
    });
  }
  return { admin, psicologos, lector, reservas, diario, credentials: { email: 'pac.lector@bench.local', password: 'secreto123' } };
}

/**
 * The n-th booking: a different free slot each time, spread over the psychologists' agendas, made
 * by the patient of that psychologist (`bookerToken`): a patient's own appointments may not overlap
 * (the patient's day streams), so one patient booking the same hour with eight psychologists would
 * be answered 409 seven times out of eight.
 */
export function bookingBody(fx: HttpFixture, n: number) {
  const k = Math.floor(n / PSICOLOGOS);
  return {
    idPsicologo: fx.psicologos[n % PSICOLOGOS].idPsicologo, startDatetime: futureSlot(400 + Math.floor(k / 10), (k % 10) * 50),
    durationMinutes: 50, motivo: 'Primera consulta',
  };
}

export const bookerToken = (fx: HttpFixture, n: number) => fx.reservas[n % PSICOLOGOS].token;

export interface Endpoint {
  name: string;
  options: (fx: HttpFixture) => Omit<LoadOptions, 'url' | 'seconds' | 'connections'>;
  /** The db floor's path for the same rows (reads only). */
  floorPath?: (fx: HttpFixture) => string;
  /** The db floor's path for one INSERT of the same payload (writes): sent the same request as the service. */
  writeFloorPath?: string;
  /** Also measured with one client alone (concurrency 1): a write's own latency, nothing queued behind others. */
  alone?: boolean;
}

export const ENDPOINTS: Endpoint[] = [
  {
    name: 'GET /api/citas (50 citas)',
    options: (fx) => ({ path: '/api/citas', token: fx.lector.token }),
    floorPath: (fx) => `/citas/${fx.lector.idPaciente}`,
  },
  {
    name: 'GET /api/citas/paciente/{id}/agenda?month=',
    options: (fx) => ({ path: `/api/citas/paciente/${fx.lector.idPaciente}/agenda?month=${AGENDA_MONTH}`, token: fx.lector.token }),
    floorPath: (fx) => `/agenda/${fx.lector.idPaciente}?month=${AGENDA_MONTH}`,
  },
  {
    name: 'POST /api/diario-emocional',
    options: (fx) => ({ method: 'POST', path: '/api/diario-emocional', token: fx.diario.token, body: { emocion: 'Calma', intensidad: 4, nota: 'Paseo por el parque' } }),
    writeFloorPath: '/diario-emocional',
    alone: true,
  },
  {
    name: 'POST /api/citas (free slots)',
    options: (fx) => ({ method: 'POST', path: '/api/citas', tokenFor: (n) => bookerToken(fx, n), bodyFor: (n) => bookingBody(fx, n) }),
    writeFloorPath: '/citas',
    alone: true,
  },
  {
    name: 'POST /auth/login (bcrypt cost 10)',
    options: (fx) => ({ method: 'POST', path: '/auth/login', body: fx.credentials }),
  },
];

async function measure(ctx: SectionContext, url: string, o: Omit<LoadOptions, 'url' | 'seconds' | 'connections'>): Promise<LoadResult> {
  const { warmSeconds, seconds, connections } = ctx.sizes.http;
  // Warm-up bookings take other slots than the measured ones.
  await load({ ...shifted(o, 1_000_000), url, seconds: warmSeconds, connections, maxRequests: 20_000 });
  return load({ ...o, url, seconds, connections, maxRequests: 200_000 });
}

const latency = (r: LoadResult) => ({ p50Ms: r.p50Ms, p99Ms: r.p99Ms });
const WRITE_FLOOR = 'node:http + pg, one INSERT per request';

/** One client writing alone: its p50 is the write's own latency (issue 33's target: diary <= 3 ms, booking <= 8 ms). */
async function aloneFigure(ctx: SectionContext, url: string, e: Endpoint, fx: HttpFixture): Promise<void> {
  const o = e.options(fx);
  // Slots no other measurement books (the measured ones stay below 200,000, the warm-up above 1,000,000).
  const r = await load({ ...shifted(o, 500_000), url, seconds: ctx.sizes.http.seconds, connections: 1, maxRequests: 50_000 });
  ctx.add({ section: SECTION, name: `${e.name}, one client alone (concurrency 1)`, value: round(r.rps, 0), unit: 'req/s', ...latency(r), ratios: [], note: failureNote(r.failures) });
}

export async function httpSection(ctx: SectionContext): Promise<void> {
  const url = await ctx.pg.createDatabase('bench_http');
  await withTempDir('bench-http-', async (dir) => {
    const children: Child<Url>[] = [];
    let fx: HttpFixture;
    const writeFloors = new Map<string, number>();
    try {
      const service = await spawnTs<Url>('bench/lib/service-main.ts', { env: serviceEnv(url, dir) });
      children.push(service);
      ctx.log('http: seeding through the API');
      fx = await seedHttpFixture(new Api(service.ready.url));
      const raw = await spawnTs<Url>('bench/lib/floor-main.ts', { args: ['raw'] });
      const db = await spawnTs<Url>('bench/lib/floor-main.ts', { args: ['db'], env: { DATABASE_URL: url } });
      children.push(raw, db);

      const floor = await measure(ctx, raw.ready.url, { path: '/' });
      ctx.add({ section: SECTION, name: 'floor: raw node:http, fixed JSON', value: round(floor.rps, 0), unit: 'req/s', ...latency(floor), ratios: [{ to: 'itself', value: 1 }] });
      for (const e of ENDPOINTS) {
        ctx.log(`http: ${e.name}`);
        const dbFloor = e.floorPath ? await measure(ctx, db.ready.url, { path: e.floorPath(fx) }) : null;
        if (dbFloor) {
          ctx.add({
            section: SECTION, name: `floor: node:http + pg, same rows as ${e.name.split(' ')[1]}`, value: round(dbFloor.rps, 0), unit: 'req/s',
            ...latency(dbFloor), ratios: [{ to: 'raw node:http', value: ratio(dbFloor.rps, floor.rps) }],
          });
        }
        // The write floor gets the very request the service gets (headers, body, the n-th booking's slot).
        const writeFloor = e.writeFloorPath ? await measure(ctx, db.ready.url, { ...e.options(fx), path: e.writeFloorPath }) : null;
        if (writeFloor) {
          writeFloors.set(e.name, writeFloor.rps);
          ctx.add({
            section: SECTION, name: `floor: ${WRITE_FLOOR}, same payload as ${e.name.split(' ').slice(0, 2).join(' ')}`, value: round(writeFloor.rps, 0), unit: 'req/s',
            ...latency(writeFloor), ratios: [{ to: 'raw node:http', value: ratio(writeFloor.rps, floor.rps) }], note: failureNote(writeFloor.failures),
          });
        }
        const r = await measure(ctx, service.ready.url, e.options(fx));
        const ratios = [{ to: 'raw node:http', value: ratio(r.rps, floor.rps) }];
        if (dbFloor) ratios.push({ to: 'node:http + pg floor', value: ratio(r.rps, dbFloor.rps) });
        if (writeFloor) ratios.push({ to: WRITE_FLOOR, value: ratio(r.rps, writeFloor.rps) });
        ctx.add({ section: SECTION, name: e.name, value: round(r.rps, 0), unit: 'req/s', ...latency(r), ratios, note: failureNote(r.failures) });
        if (e.alone) await aloneFigure(ctx, service.ready.url, e, fx);
      }
      await apiRoleFigures(ctx, url, dir, fx, ENDPOINTS.filter((e) => e.writeFloorPath), writeFloors);
    } finally {
      for (const c of children.reverse()) await c.stop();
    }
    // Alone on the database: each of its processes owns every consumer (bench/extra-read-model.ts).
    await extraReadModelFigures(ctx, url, dir, fx.diario);
  });
}

