// Safety alerts (issue 34, docs/care.md "Safety alert"): (1) a patient's PHQ-9 answer with item 9
// >= 1 → the alert on the assigned psychologist's STOMP session (/user/queue/alertas), measured from
// the POST's start to the MESSAGE's arrival, one at a time (target p99 <= 200 ms); (2) a volume of
// submissions from 50 patients (10,000; 1,000 quick), about a quarter raising an alert, then every
// alert counted where it lands: STOMP messages received and the outbox's mail and push rows. None
// lost, none doubled. Through the real endpoints of a service child; the psychologist has a device.
import { loadavg } from 'node:os';
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import pg from 'pg';
import { Api, serviceEnv, type Session } from './lib/api.ts';
import { spawnTs } from './lib/child.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { percentile, pool, ratio, round } from './lib/stats.ts';

const SECTION = 'Care alerts';
const TARGET_P99_MS = 200;
const PACIENTES = 50;
const todas = (v: number) => Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i + 1), v]));

/** The psychologist's STOMP session; `arrived` maps idRespuesta → arrival times (all of them, to see doubles). */
async function connect(base: string, token: string) {
  const arrived = new Map<number, number[]>();
  const waiters = new Map<number, () => void>();
  const client = new Client({
    webSocketFactory: () => new WebSocket(`${base.replace(/^http/, 'ws')}/ws`, ['v12.stomp']),
    connectHeaders: { Authorization: `Bearer ${token}` }, reconnectDelay: 0, heartbeatIncoming: 0, heartbeatOutgoing: 0, debug: () => undefined,
  });
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => {
      client.subscribe('/user/queue/alertas', (m) => {
        const id = JSON.parse(m.body).idRespuesta as number;
        arrived.set(id, [...(arrived.get(id) ?? []), performance.now()]);
        waiters.get(id)?.();
      });
      resolve();
    };
    client.onStompError = (f) => reject(new Error(f.headers.message));
    client.activate();
  });
  await new Promise((r) => setTimeout(r, 100)); // the SUBSCRIBE is on the wire before the first alert
  const wait = (id: number, ms: number) => new Promise<void>((resolve, reject) => {
    if (arrived.has(id)) return resolve();
    const t = setTimeout(() => reject(new Error(`alert ${id} not delivered within ${ms} ms`)), ms);
    waiters.set(id, () => { clearTimeout(t); waiters.delete(id); resolve(); });
  });
  return { arrived, wait, close: () => client.deactivate() };
}

async function seed(api: Api) {
  const admin = await api.admin();
  const psicologo = await api.registerPsicologo(admin.token, 'alerts');
  await api.ok('POST', '/api/dispositivos', { token: psicologo.token, body: { token: 'bench-alerts-device' } });
  const pacientes: Session[] = [];
  await pool(Array.from({ length: PACIENTES }, (_, i) => i), 4, async (i) => {
    const p = await api.registerPaciente(`alerts-${i}`);
    await api.assign(admin.token, p.idPaciente!, psicologo.idPsicologo!);
    pacientes.push(p);
  });
  return { psicologo, pacientes };
}

/** An assignment, then the answer (the assignment is not timed): the answer's start, its id and whether it alerted. */
async function submit(api: Api, psicologo: Session, paciente: Session, item9: number) {
  await api.ok('POST', '/api/psicologo/cuestionarios/asignaciones', { token: psicologo.token, body: { idPaciente: paciente.idPaciente, instrumento: 'PHQ-9', pauta: { tipo: 'UNA_VEZ' } } });
  const t0 = performance.now();
  const r = await api.ok<{ idRespuesta: number; alertaSeguridad: boolean }>('POST', '/api/cuestionarios/PHQ-9/respuestas', { token: paciente.token, body: { respuestas: { ...todas(1), 9: item9 } } });
  return { t0, idRespuesta: r.idRespuesta, alerta: r.alertaSeguridad };
}

async function latency(ctx: SectionContext, api: Api, psicologo: Session, pacientes: Session[], stomp: Awaited<ReturnType<typeof connect>>) {
  const n = ctx.quick ? 40 : 300;
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = await submit(api, psicologo, pacientes[i % pacientes.length], 1 + (i % 3));
    await stomp.wait(s.idRespuesta, 10_000);
    samples.push(stomp.arrived.get(s.idRespuesta)![0] - s.t0);
  }
  const [p50, p99] = [percentile(samples, 50), percentile(samples, 99)];
  ctx.log(`care-alerts: submit → STOMP p50 ${round(p50)} ms, p99 ${round(p99)} ms over ${n}`);
  ctx.add({
    section: SECTION, name: 'PHQ-9 submit with item 9 ≥ 1 → alert on the psychologist\'s STOMP session', value: round(p99), unit: 'ms (p99, one at a time)',
    p50Ms: round(p50), p99Ms: round(p99), ratios: [{ to: `target p99 ${TARGET_P99_MS} ms`, value: ratio(p99, TARGET_P99_MS) }],
    note: `${n} submissions from the POST's start to the MESSAGE; load ${round(loadavg()[0], 1)}; target ${p99 <= TARGET_P99_MS ? 'met' : 'NOT met'}`,
  });
}

/** Rows of the outbox per alert and channel (mail, push) once they stop growing. */
async function outboxCounts(databaseUrl: string, expected: number, ms: number) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const until = Date.now() + ms;
    for (;;) {
      const { rows } = await db.query(`select kind, count(*)::int as n, count(distinct split_part(dedupe_key, ':', 2))::int as alertas
        from outbox where dedupe_key like 'cuestionario:alerta-%' group by kind`);
      const by = Object.fromEntries(rows.map((r) => [r.kind, r as { n: number; alertas: number }]));
      if ((by.mail?.n === expected && by.push?.n === expected) || Date.now() > until) return { mail: by.mail ?? { n: 0, alertas: 0 }, push: by.push ?? { n: 0, alertas: 0 } };
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await db.end();
  }
}

async function volume(ctx: SectionContext, api: Api, databaseUrl: string, psicologo: Session, pacientes: Session[], stomp: Awaited<ReturnType<typeof connect>>) {
  const n = ctx.quick ? 1_000 : 10_000;
  const before = new Set(stomp.arrived.keys());
  const alerted: number[] = [];
  const t0 = performance.now();
  // Each patient answers in turn (8 at once); item 9 is >= 1 for every fourth submission.
  await pool(Array.from({ length: n }, (_, i) => i), 8, async (i) => {
    const s = await submit(api, psicologo, pacientes[i % pacientes.length], i % 4 === 0 ? 1 : 0);
    if (s.alerta) alerted.push(s.idRespuesta);
  });
  const seconds = (performance.now() - t0) / 1000;
  await Promise.all(alerted.map((id) => stomp.wait(id, 30_000).catch(() => undefined)));
  await new Promise((r) => setTimeout(r, 1000)); // late doubles would arrive by now
  const mine = [...stomp.arrived].filter(([id]) => !before.has(id));
  const stompLost = alerted.filter((id) => !stomp.arrived.has(id)).length;
  const stompDoubled = mine.filter(([, times]) => times.length > 1).length;
  const total = before.size + alerted.length; // the latency phase's alerts are in the outbox too
  const outbox = await outboxCounts(databaseUrl, total, 120_000);
  const ok = stompLost === 0 && stompDoubled === 0 && mine.length === alerted.length
    && outbox.mail.n === total && outbox.mail.alertas === total && outbox.push.n === total && outbox.push.alertas === total;
  const note = `${n} submissions from ${PACIENTES} patients in ${round(seconds, 1)} s (8 at a time), ${alerted.length} with item 9 >= 1; `
    + `STOMP: ${mine.length} received, ${stompLost} lost, ${stompDoubled} doubled; outbox (all ${total} alerts of the section): `
    + `${outbox.mail.n} mail rows for ${outbox.mail.alertas} alerts, ${outbox.push.n} push rows for ${outbox.push.alertas}; ${ok ? 'none lost or doubled' : 'LOST OR DOUBLED'}`;
  ctx.log(`care-alerts: ${note}`);
  ctx.add({ section: SECTION, name: `${n} PHQ-9 submissions: alerts lost or doubled`, value: ok ? 0 : 1, unit: 'failures (0: none lost or doubled)', ratios: [], note });
  if (!ok) throw new Error(`alerts lost or doubled: ${note}`);
}

export async function careAlertsSection(ctx: SectionContext): Promise<void> {
  await withTempDir('practice-bench-alerts-', async (dir) => {
    const databaseUrl = await ctx.pg.createDatabase('care_alerts');
    const child = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env: serviceEnv(databaseUrl, dir) });
    try {
      const api = new Api(child.ready.url);
      const { psicologo, pacientes } = await seed(api);
      const stomp = await connect(api.base, psicologo.token);
      try {
        await latency(ctx, api, psicologo, pacientes, stomp);
        await volume(ctx, api, databaseUrl, psicologo, pacientes, stomp);
      } finally {
        await stomp.close();
      }
    } finally {
      await child.stop();
    }
  });
}
