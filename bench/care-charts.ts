// Charts (issue 34: a chart of 5 years of weekly scores, p50 ≤ 30 ms as SVG and ≤ 100 ms as PNG),
// measured through HTTP: a patient with 260 weekly progress records (2020-2024, through the real
// endpoint), whose chart their psychologist asks for one request at a time after a warm-up. That
// chart draws three series (stress, anxiety, mood): 780 points, three times the target's; so it is
// also asked for its first 87 weeks (261 points). Beside
// it, the instrument chart (one series, five bands, alert markers) of 260 scores rendered in this
// process, without HTTP: its scores come from submissions dated when they are made, which no
// endpoint can backdate five years.
import { loadavg } from 'node:os';
import { Api, serviceEnv, type Session } from './lib/api.ts';
import { spawnTs } from './lib/child.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { percentile, pool, ratio, round, timedLoop } from './lib/stats.ts';
import { graficoPng, graficoSvg } from '../src/platform/charts/render.ts';
import { graficoPuntuaciones, type SeriePuntuaciones } from '../src/http/routes/graficos-series.ts';

const SECTION = 'Care charts';
const SEMANAS = 260;
const TARGET = { svg: 30, png: 100 };
const semana = (i: number) => new Date(Date.UTC(2020, 0, 6) + i * 7 * 86_400_000).toISOString().slice(0, 10);
const nivel = (i: number, fase: number) => Math.max(0, Math.min(10, Math.round(5 + 4 * Math.sin(i / 8 + fase))));

async function seed(api: Api): Promise<{ psicologo: Session; paciente: Session }> {
  const admin = await api.admin();
  const psicologo = await api.registerPsicologo(admin.token, 'charts');
  const paciente = await api.registerPaciente('charts');
  await api.assign(admin.token, paciente.idPaciente!, psicologo.idPsicologo!);
  await pool(Array.from({ length: SEMANAS }, (_, i) => i), 8, async (i) => {
    await api.ok('POST', '/api/progreso-emocional', { token: paciente.token, body: { fecha: semana(i), nivelEstres: nivel(i, 0), nivelAnsiedad: nivel(i, 1), nivelAnimo: nivel(i, 2) } });
  });
  return { psicologo, paciente };
}

async function measure(ctx: SectionContext, call: () => Promise<number>) {
  for (let i = 0; i < 10; i++) await call(); // warm-up: the compiled spec, the JIT, the font files
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  const r = await timedLoop({ writers: 1, count: ctx.quick ? 40 : 300, ms: ctx.quick ? 5_000 : 30_000 }, async () => void (bytes = await call()));
  const cpu = process.cpuUsage(cpu0);
  // This process's CPU per call (the renderer's, resvg's threads included): steadier than the wall clock on a busy machine.
  return { ...r, bytes, p50: percentile(r.latencies, 50), p99: percentile(r.latencies, 99), cpuMs: (cpu.user + cpu.system) / 1000 / r.done };
}

function figure(ctx: SectionContext, name: string, formato: 'svg' | 'png', s: Awaited<ReturnType<typeof measure>>, note: string) {
  ctx.log(`care-charts: ${name}: p50 ${round(s.p50)} ms, p99 ${round(s.p99)} ms over ${s.done}`);
  ctx.add({
    section: SECTION, name, value: round(s.p50), unit: 'ms (p50, one at a time)', p50Ms: round(s.p50), p99Ms: round(s.p99),
    ratios: [{ to: `target p50 ${TARGET[formato]} ms`, value: ratio(s.p50, TARGET[formato]) }],
    note: `${s.done} after 10 to warm up; ${round(s.bytes / 1024, 1)} KiB each; ${note}; load ${round(loadavg()[0], 1)}; target ${s.p50 <= TARGET[formato] ? 'met' : 'NOT met'}`,
  });
}

/** 260 weekly PHQ-9 scores with the instrument's bands and an alert every 13th week. */
function serieInstrumento(): SeriePuntuaciones {
  const bandas = [['Mínima', 0, 4], ['Leve', 5, 9], ['Moderada', 10, 14], ['Moderadamente grave', 15, 19], ['Grave', 20, 27]] as const;
  return {
    instrumento: { codigo: 'PHQ-9', minimo: 0, maximo: 27, bandas: bandas.map(([es, desde, hasta]) => ({ codigo: es, desde, hasta, etiqueta: { es } })) },
    puntos: Array.from({ length: SEMANAS }, (_, i) => ({ fecha: `${semana(i)}T10:00:00`, puntuacion: Math.round(13 + 12 * Math.sin(i / 9)), banda: '', alerta: i % 13 === 0 })),
  };
}

export async function careChartsSection(ctx: SectionContext): Promise<void> {
  await withTempDir('practice-bench-charts-', async (dir) => {
    const child = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env: serviceEnv(await ctx.pg.createDatabase('care_charts'), dir) });
    try {
      const api = new Api(child.ready.url);
      const { psicologo, paciente } = await seed(api);
      ctx.log(`care-charts: seeded ${SEMANAS} weekly progress records`);
      // The whole history (780 points), and its first 87 weeks (261 points: the target's size over HTTP).
      const variantes = [
        { query: '', que: `5 years weekly (${SEMANAS} records, 3 series: 780 points)` },
        { query: `&desde=${semana(0)}&hasta=${semana(86)}`, que: '87 weeks of it (3 series: 261 points)' },
      ];
      for (const { query, que } of variantes) for (const formato of ['svg', 'png'] as const) {
        const path = `/api/pacientes/${paciente.idPaciente}/graficos/progreso?formato=${formato}${query}`;
        const s = await measure(ctx, async () => {
          const res = await fetch(`${api.base}${path}`, { headers: { Authorization: `Bearer ${psicologo.token}` } });
          const body = Buffer.from(await res.arrayBuffer());
          if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.toString()}`);
          return body.length;
        });
        figure(ctx, `GET .../graficos/progreso, ${que}, ${formato.toUpperCase()} over HTTP`, formato, s, 'the psychologist asking, access logged, 800x400');
      }
    } finally {
      await child.stop();
    }
  });
  const g = graficoPuntuaciones(serieInstrumento(), {});
  const tamano = { ancho: 800, alto: 400 };
  const svg = await measure(ctx, async () => (await graficoSvg(g, tamano)).length);
  figure(ctx, `PHQ-9 chart, ${SEMANAS} weekly scores with bands and alerts, SVG in process`, 'svg', svg, `renderer alone, no HTTP; ${round(svg.cpuMs, 1)} ms of CPU each`);
  const png = await measure(ctx, async () => (await graficoPng(await graficoSvg(g, tamano))).length);
  figure(ctx, `PHQ-9 chart, ${SEMANAS} weekly scores with bands and alerts, PNG in process`, 'png', png, `renderer alone, no HTTP; ${round(png.cpuMs, 1)} ms of CPU each`);
}
