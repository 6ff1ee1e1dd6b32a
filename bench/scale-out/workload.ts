// The mixed load of the scale-out section, through the balancer: every patient loops over a
// booking, a diary entry, a chat message to their psychologist and a list read. Each write that is
// acknowledged (2xx) is recorded, and read back at once through the balancer with the write's
// consistency token: whichever instance and database (primary or standby) answers must show it,
// else it counts as a stale read. The first bookings of each patient start within hours, so their
// reminders fall due during the round.
import { DateTime } from 'luxon';
import { Api, futureSlot } from '../lib/api.ts';
import type { Patient } from './practice.ts';

const TOKEN = 'X-Consistency-Token';
/** Bookings per patient that start within the next hours (their 24 h reminder is due at once). */
const SOON_PER_PATIENT = 3;
const SOON_MINUTES = 30;

export interface Acknowledged {
  citas: { idCita: number; soon: boolean }[];
  diario: { id: number }[];
  mensajes: { idMensaje: number; receiverId: number; at: number }[];
}

export interface WorkloadResult {
  ops: number;
  reads: number;
  seconds: number;
  stale: { total: number; checked: number; examples: string[] };
  failures: Record<string, number>;
  acknowledged: Acknowledged;
}

interface Call {
  status: number;
  body: any;
  token: string | null;
}

function call(base: string, method: string, path: string, token: string, o: { body?: unknown; consistency?: string | null } = {}): Promise<Call> {
  const headers: Record<string, string> = o.consistency ? { [TOKEN]: o.consistency } : {};
  return new Api(base).call(method, path, { token, body: o.body, headers, timeoutMs: 15_000 })
    .then((r) => ({ status: r.status, body: r.body, token: r.headers.get(TOKEN) }));
}

/** Local datetime (practice zone) of the n-th soon slot of the psychologist's q-th patient. */
function soonSlot(base: DateTime, q: number, n: number, perPsicologo: number): string {
  return base.plus({ minutes: (n * perPsicologo + q) * SOON_MINUTES }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
}

interface WorkloadOptions {
  url: string;
  patients: Patient[];
  perPsicologo: number;
  seconds: number;
  zone: string;
}

/** One round's tallies, and one method per operation of a patient's loop. */
class Round {
  readonly ack: Acknowledged = { citas: [], diario: [], mensajes: [] };
  readonly failures: Record<string, number> = {};
  readonly stale = { total: 0, checked: 0, examples: [] as string[] };
  ops = 0;
  reads = 0;
  private readonly soonBase: DateTime;

  constructor(private readonly o: WorkloadOptions) {
    this.soonBase = DateTime.now().setZone(o.zone).plus({ hours: 2 }).startOf('hour');
  }

  fail(what: string): void {
    this.failures[what] = (this.failures[what] ?? 0) + 1;
  }

  private seen(what: string, ok: boolean): void {
    this.stale.checked += 1;
    if (ok) return;
    this.stale.total += 1;
    if (this.stale.examples.length < 5) this.stale.examples.push(what);
  }

  /** The n-th booking of the psychologist's q-th patient: soon (reminder due) for the first few, years ahead after. */
  async book(p: Patient, q: number, n: number): Promise<void> {
    const soon = n < SOON_PER_PATIENT;
    const startDatetime = soon ? soonSlot(this.soonBase, q, n, this.o.perPsicologo) : futureSlot(p.index * 400 + n, q * 60);
    const body = { idPsicologo: p.psicologo.idPsicologo, startDatetime, durationMinutes: soon ? SOON_MINUTES : 50, motivo: 'Seguimiento' };
    const r = await call(this.o.url, 'POST', '/api/citas', p.session.token, { body });
    if (r.status !== 201) return this.fail(`cita ${r.status}`);
    this.ack.citas.push({ idCita: r.body.idCita, soon });
    const back = await call(this.o.url, 'GET', `/api/citas/${r.body.idCita}`, p.session.token, { consistency: r.token });
    this.seen(`cita ${r.body.idCita}: ${back.status}`, back.status === 200);
  }

  async diary(p: Patient): Promise<void> {
    const r = await call(this.o.url, 'POST', '/api/diario-emocional', p.session.token, { body: { emocion: 'Calma', intensidad: 4, nota: 'Paseo' } });
    if (r.status !== 201) return this.fail(`diario ${r.status}`);
    const id = r.body.idDiario as number;
    this.ack.diario.push({ id });
    const back = await call(this.o.url, 'GET', `/api/diario-emocional/${id}`, p.session.token, { consistency: r.token });
    this.seen(`diario ${id}: ${back.status}`, back.status === 200);
  }

  async chat(p: Patient, step: number): Promise<void> {
    const r = await call(this.o.url, 'POST', '/api/mensajes', p.session.token, { body: { receiverId: p.psicologo.idUsuario, mensaje: `hola ${step}` } });
    if (r.status !== 201) return this.fail(`mensaje ${r.status}`);
    const idMensaje = r.body.idMensaje as number;
    this.ack.mensajes.push({ idMensaje, receiverId: p.psicologo.idUsuario, at: performance.now() });
    const back = await call(this.o.url, 'GET', '/api/mensajes', p.session.token, { consistency: r.token });
    const listed = back.status === 200 && Array.isArray(back.body) && back.body.some((m: { idMensaje: number }) => m.idMensaje === idMensaje);
    this.seen(`mensaje ${idMensaje}: ${back.status}`, listed);
  }

  async read(p: Patient): Promise<void> {
    const r = await call(this.o.url, 'GET', '/api/citas', p.session.token);
    if (r.status !== 200) this.fail(`lista ${r.status}`);
    else this.reads += 1;
  }

  /** A patient's loop until the deadline: booking, diary entry, chat message, list read. */
  async loop(p: Patient, deadline: number): Promise<void> {
    const q = Math.floor(p.index / Math.max(1, this.o.patients.length / this.o.perPsicologo));
    let bookings = 0;
    for (let step = 0; performance.now() < deadline; step++) {
      try {
        const kind = step % 4;
        if (kind === 0) await this.book(p, q, bookings++);
        else if (kind === 1) await this.diary(p);
        else if (kind === 2) await this.chat(p, step);
        else await this.read(p);
        this.ops += 1;
      } catch (err) {
        this.fail((err as Error).name === 'TimeoutError' ? 'timeout' : 'connection');
      }
    }
  }
}

export async function runWorkload(o: WorkloadOptions): Promise<WorkloadResult> {
  const round = new Round(o);
  const t0 = performance.now();
  await Promise.all(o.patients.map((p) => round.loop(p, t0 + o.seconds * 1000)));
  return { ops: round.ops, reads: round.reads, seconds: (performance.now() - t0) / 1000, stale: round.stale, failures: round.failures, acknowledged: round.ack };
}

/** The acknowledged writes the read models do not show once the round has settled (lists read page by page). */
export async function lostWrites(base: string, patients: Patient[], ack: Acknowledged): Promise<{ lost: number; examples: string[] }> {
  const examples: string[] = [];
  let lost = 0;
  const shown = { citas: new Set<number>(), diario: new Set<number>(), mensajes: new Set<number>() };
  for (const p of patients) {
    for (const id of await listIds(base, '/api/citas', p.session.token, 'idCita')) shown.citas.add(id);
    for (const id of await listIds(base, '/api/diario-emocional', p.session.token, 'idDiario')) shown.diario.add(id);
    for (const id of await listIds(base, '/api/mensajes', p.session.token, 'idMensaje')) shown.mensajes.add(id);
  }
  const check = (what: string, ids: number[], set: Set<number>) => {
    for (const id of ids) {
      if (set.has(id)) continue;
      lost += 1;
      if (examples.length < 5) examples.push(`${what} ${id}`);
    }
  };
  check('cita', ack.citas.map((c) => c.idCita), shown.citas);
  check('diario', ack.diario.map((d) => d.id), shown.diario);
  check('mensaje', ack.mensajes.map((m) => m.idMensaje), shown.mensajes);
  return { lost, examples };
}

/** Every id of a list, following its `Link: rel="next"` pages. */
export async function listIds(base: string, path: string, token: string, key: string): Promise<number[]> {
  const ids: number[] = [];
  let next: string | null = `${path}?limit=500`;
  for (let page = 0; next && page < 1000; page++) {
    const r: { status: number; body: Record<string, number>[]; headers: Headers } = await new Api(base).call('GET', next, { token, timeoutMs: 15_000 });
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status}`);
    for (const item of r.body) ids.push(item[key]);
    next = /<([^>]+)>;\s*rel="next"/.exec(r.headers.get('link') ?? '')?.[1] ?? null;
  }
  return ids;
}
