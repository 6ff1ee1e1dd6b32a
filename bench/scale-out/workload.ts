// The mixed load of the scale-out section, through the balancer: every patient loops over a
// booking, a diary entry, a chat message to their psychologist and a list read. Each write that is
// acknowledged (2xx) is recorded, and read back at once through the balancer with the write's
// consistency token: whichever instance and database (primary or standby) answers must show it,
// else it counts as a stale read. The first bookings of each patient start within hours, so their
// reminders fall due during the round.
import { DateTime } from 'luxon';
import { futureSlot } from '../lib/api.ts';
import type { Patient } from './practice.ts';

const TOKEN = 'X-Consistency-Token';
/** Bookings per patient that start within the next hours (their 24 h reminder is due at once). */
const SOON_PER_PATIENT = 3;
const SOON_MINUTES = 30;

export interface Acknowledged {
  citas: { idCita: number; token: string; soon: boolean }[];
  diario: { id: number; token: string }[];
  mensajes: { idMensaje: number; receiverId: number; token: string; at: number }[];
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

async function call(base: string, method: string, path: string, token: string, o: { body?: unknown; consistency?: string | null } = {}): Promise<Call> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (o.consistency) headers[TOKEN] = o.consistency;
  if (o.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body), signal: AbortSignal.timeout(15_000) });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, body, token: res.headers.get(TOKEN) };
}

/** Local datetime (practice zone) of the n-th soon slot of the psychologist's q-th patient. */
function soonSlot(base: DateTime, q: number, n: number, perPsicologo: number): string {
  return base.plus({ minutes: (n * perPsicologo + q) * SOON_MINUTES }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
}

export async function runWorkload(o: {
  url: string; patients: Patient[]; perPsicologo: number; seconds: number; zone: string; stopSignal?: { stop: boolean };
}): Promise<WorkloadResult> {
  const ack: Acknowledged = { citas: [], diario: [], mensajes: [] };
  const failures: Record<string, number> = {};
  const stale = { total: 0, checked: 0, examples: [] as string[] };
  const soonBase = DateTime.now().setZone(o.zone).plus({ hours: 2 }).startOf('hour');
  let ops = 0;
  let reads = 0;
  const fail = (what: string) => (failures[what] = (failures[what] ?? 0) + 1);
  const seen = (what: string, ok: boolean) => {
    stale.checked += 1;
    if (ok) return;
    stale.total += 1;
    if (stale.examples.length < 5) stale.examples.push(what);
  };
  const t0 = performance.now();
  const deadline = t0 + o.seconds * 1000;

  const worker = async (p: Patient) => {
    const q = Math.floor(p.index / Math.max(1, o.patients.length / o.perPsicologo));
    const me = p.session.token;
    let soon = 0;
    let far = 0;
    for (let step = 0; performance.now() < deadline; step++) {
      try {
        switch (step % 4) {
          case 0: {
            const isSoon = soon < SOON_PER_PATIENT;
            const startDatetime = isSoon ? soonSlot(soonBase, q, soon++, o.perPsicologo) : futureSlot(p.index * 400 + far++, q * 60);
            const r = await call(o.url, 'POST', '/api/citas', me, { body: { idPsicologo: p.psicologo.idPsicologo, startDatetime, durationMinutes: isSoon ? SOON_MINUTES : 50, motivo: 'Seguimiento' } });
            if (r.status !== 201) { fail(`cita ${r.status}`); break; }
            ack.citas.push({ idCita: r.body.idCita, token: r.token ?? '', soon: isSoon });
            const back = await call(o.url, 'GET', `/api/citas/${r.body.idCita}`, me, { consistency: r.token });
            seen(`cita ${r.body.idCita}: ${back.status}`, back.status === 200);
            break;
          }
          case 1: {
            const r = await call(o.url, 'POST', '/api/diario-emocional', me, { body: { emocion: 'Calma', intensidad: 4, nota: 'Paseo' } });
            if (r.status !== 201) { fail(`diario ${r.status}`); break; }
            const id = r.body.idDiario ?? r.body.id;
            ack.diario.push({ id, token: r.token ?? '' });
            const back = await call(o.url, 'GET', `/api/diario-emocional/${id}`, me, { consistency: r.token });
            seen(`diario ${id}: ${back.status}`, back.status === 200);
            break;
          }
          case 2: {
            const r = await call(o.url, 'POST', '/api/mensajes', me, { body: { receiverId: p.psicologo.idUsuario, mensaje: `hola ${step}` } });
            if (r.status !== 201) { fail(`mensaje ${r.status}`); break; }
            ack.mensajes.push({ idMensaje: r.body.idMensaje, receiverId: p.psicologo.idUsuario, token: r.token ?? '', at: performance.now() });
            const back = await call(o.url, 'GET', '/api/mensajes', me, { consistency: r.token });
            seen(`mensaje ${r.body.idMensaje}: ${back.status}`, back.status === 200 && Array.isArray(back.body) && back.body.some((m: { idMensaje: number }) => m.idMensaje === r.body.idMensaje));
            break;
          }
          default: {
            const r = await call(o.url, 'GET', '/api/citas', me);
            if (r.status !== 200) fail(`lista ${r.status}`);
            else reads += 1;
          }
        }
        ops += 1;
      } catch (err) {
        fail((err as Error).name === 'TimeoutError' ? 'timeout' : 'connection');
      }
    }
  };
  await Promise.all(o.patients.map(worker));
  return { ops, reads, seconds: (performance.now() - t0) / 1000, stale, failures, acknowledged: ack };
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
    const res = await fetch(`${base}${next}`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(15_000) });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
    for (const item of (await res.json()) as Record<string, number>[]) ids.push(item[key]);
    next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get('link') ?? '')?.[1] ?? null;
  }
  return ids;
}
