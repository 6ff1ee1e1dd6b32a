// billing:verify at scale (issue 32: 100,000 records in ≤ 10 s): a log of VERI*FACTU records of
// five issuers (quick: 10,000 records), appended straight through the production event store
// (sealing over PostgreSQL, the recipient sealed as the service seals it) as issuing writes them:
// each chain a stream `registros-facturacion-{nif}` of altas with one anulación in twenty, every
// huella computed and chained, the issuers' batches interleaved in the log. Then `npm run -s
// billing:verify` as an operator runs it (a child process with the bench database's environment):
// its wall time against the target, its peak RSS, and as floors the same command's `--help` (npm,
// tsx and module loading) and verificarRegistros in this process (the verification alone).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '../src/eventstore/port.ts';
import { verificarRegistros } from '../src/cli/billing-verify.ts';
import { fechaHoraHuso } from '../src/platform/verifactu/fecha.ts';
import { huellaAlta, huellaAnulacion } from '../src/platform/verifactu/huella.ts';
import type { RegistroAlta, RegistroAnterior, RegistroAnulacion } from '../src/platform/verifactu/tipos.ts';
import { serviceEnv } from './lib/api.ts';
import { withTempDir, type SectionContext } from './lib/context.ts';
import { ratio, round } from './lib/stats.ts';
import { openBenchStore } from './projections.ts';

const SECTION = 'Billing verify';
const TARGET_S = 10;
const ISSUERS = 5;
const BATCH = 500;
const PATIENTS = 200;
const MiB = 1024 * 1024;
const fmt = (n: number) => n.toLocaleString('en-US');

/** A valid DNI-style NIF (number and its check letter), for issuer k. */
const nif = (k: number) => {
  const n = 40_000_000 + k * 1_234_567;
  return `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;
};

const meta = (occurredAt: string): NewEvent['metadata'] => ({
  eventId: randomUUID(), actor: { idUsuario: 1, rol: 'ADMIN' }, correlationId: randomUUID(), causationId: null, occurredAt,
});

/** One issuer's chain, made record by record as issuing and cancelling make them. */
class Chain {
  anterior: RegistroAnterior | null = null;
  revision: bigint | 'noStream' = 'noStream';
  numero = 0;
  readonly altas: { numSerie: string; fechaExpedicion: string; idFactura: number }[] = [];

  constructor(readonly nif: string, readonly k: number, private readonly perIssuer: number) {}

  /** The i-th record: an anulación of an earlier alta every 20th, an alta otherwise. */
  next(i: number, nextId: () => number): NewEvent {
    const at = new Date(Date.UTC(2025, 0, 2, 8) + Math.floor((i * 360 * 86_400_000) / this.perIssuer));
    const fechaHoraHusoGenRegistro = fechaHoraHuso(at, 'Europe/Madrid');
    if (i % 20 === 19) {
      const anulada = this.altas[(i * 7) % this.altas.length];
      const registro: RegistroAnulacion = { anulada: { idEmisor: this.nif, numSerie: anulada.numSerie, fechaExpedicion: anulada.fechaExpedicion }, anterior: this.anterior, fechaHoraHusoGenRegistro };
      const huella = huellaAnulacion(registro);
      this.anterior = { ...registro.anulada, huella };
      return { type: 'RegistroFacturacionAnulacionGenerado', data: { idFactura: anulada.idFactura, registro, huella }, metadata: meta(at.toISOString()) };
    }
    const idFactura = nextId();
    const numSerie = `2025-A/${String(++this.numero).padStart(6, '0')}`;
    const fechaExpedicion = fechaHoraHusoGenRegistro.slice(0, 10);
    const base = 6000 + (i % 5) * 500;
    const registro: Omit<RegistroAlta, 'destinatario'> = {
      factura: { idEmisor: this.nif, numSerie, fechaExpedicion }, nombreRazonEmisor: `Consulta ${this.k} S.L.`, tipoFactura: 'F1',
      descripcionOperacion: 'Sesión de psicología', desglose: [{ tipo: 'exenta', causa: 'E1', baseCentimos: base }],
      cuotaTotalCentimos: 0, importeTotalCentimos: base, anterior: this.anterior, fechaHoraHusoGenRegistro,
    };
    const destinatario = { nombreRazon: `Ana Pérez ${i}`, nif: '12345678Z' };
    const huella = huellaAlta({ ...registro, destinatario });
    this.anterior = { ...registro.factura, huella };
    this.altas.push({ numSerie, fechaExpedicion, idFactura });
    const idPaciente = 1 + (idFactura % PATIENTS);
    return { type: 'RegistroFacturacionAltaGenerado', data: { idFactura, idPaciente, registro, destinatario, huella }, metadata: meta(at.toISOString()) };
  }
}

/** `records` records over the issuers, appended in batches of BATCH per chain, issuers taking turns. */
async function writeRecords(store: EventStore, records: number): Promise<number> {
  const perIssuer = Math.ceil(records / ISSUERS);
  const chains = Array.from({ length: ISSUERS }, (_, k) => new Chain(nif(k), k, perIssuer));
  let id = 0;
  const t = performance.now();
  for (let from = 0; from < perIssuer; from += BATCH) {
    for (const c of chains) {
      const events = Array.from({ length: Math.min(BATCH, perIssuer - from) }, (_, j) => c.next(from + j, () => ++id));
      const r = await store.append([{ streamId: `registros-facturacion-${c.nif}`, expected: c.revision, events }]);
      c.revision = r.revisions[`registros-facturacion-${c.nif}`];
    }
  }
  return (performance.now() - t) / 1000;
}

interface CliRun { seconds: number; maxRssKiB: number; stdout: string; code: number | null }

/** `npm run -s billing:verify [args]` under /usr/bin/time (its peak RSS: the largest process's), bounded in time. */
function cli(args: string[], env: Record<string, string>, timeoutMs: number): Promise<CliRun> {
  const t = performance.now();
  const proc = spawn('/usr/bin/time', ['-f', 'BENCH_MAXRSS_KIB %M', 'npm', 'run', '-s', 'billing:verify', '--', ...args], {
    env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-20_000)));
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  return new Promise((done, fail) => {
    proc.once('exit', (code) => {
      clearTimeout(timer);
      const rss = /BENCH_MAXRSS_KIB (\d+)/.exec(stderr);
      if (!rss) return fail(new Error(`billing:verify ${args.join(' ')}: exit ${code}: ${stderr.slice(-2000)}`));
      done({ seconds: (performance.now() - t) / 1000, maxRssKiB: Number(rss[1]), stdout, code });
    });
  });
}

export async function billingVerifySection(ctx: SectionContext): Promise<void> {
  const records = ctx.quick ? 10_000 : 100_000;
  const url = await ctx.pg.createDatabase('bench_billing_verify');
  await withTempDir('bench-billing-verify-', async (dir) => {
    const o = await openBenchStore(url, dir);
    let inProcess: number;
    try {
      ctx.log(`billing-verify: appending ${fmt(records)} records of ${ISSUERS} issuers`);
      const written = await writeRecords(o.store, records);
      ctx.log(`billing-verify: written in ${round(written, 1)} s; verifying in this process`);
      const t = performance.now();
      const informe = await verificarRegistros(o.store);
      inProcess = (performance.now() - t) / 1000;
      if (!informe.valido || informe.registros < records) throw new Error(`billing-verify: the generated log does not verify: ${JSON.stringify({ ...informe, emisores: undefined })}`);
    } finally {
      await o.close();
    }
    const env = serviceEnv(url, dir);
    const help = await cli(['--help'], env, 60_000);
    ctx.log('billing-verify: npm run -s billing:verify');
    const run = await cli([], env, 300_000);
    const informe = run.code === 0 ? JSON.parse(run.stdout) as { valido: boolean; registros: number } : null;
    if (!informe?.valido) throw new Error(`billing:verify exited ${run.code}: ${run.stdout.slice(0, 2000)}`);
    ctx.add({
      section: SECTION, name: `npm run -s billing:verify, ${fmt(informe.registros)} records of ${ISSUERS} issuers: wall time`, value: round(run.seconds, 1), unit: 's',
      ratios: [{ to: `target ${TARGET_S} s`, value: ratio(run.seconds, TARGET_S) }, { to: 'the same command\'s --help (start-up)', value: ratio(run.seconds, help.seconds) }],
      note: `target ${run.seconds <= TARGET_S ? 'met' : 'NOT met'}; --help ${round(help.seconds, 1)} s; verificarRegistros in the bench's process ${round(inProcess, 1)} s (through the sealing store, every recipient opened; `
        + `${fmt(Math.round(informe.registros / inProcess))} records/s); peak RSS ${round(run.maxRssKiB / 1024, 0)} MiB (--help ${round(help.maxRssKiB / 1024, 0)} MiB); one anulación in 20`,
    });
    ctx.add({
      section: SECTION, name: `billing:verify peak RSS, ${fmt(informe.registros)} records`, value: round(run.maxRssKiB / 1024, 0), unit: 'MiB',
      ratios: [{ to: '--help', value: ratio(run.maxRssKiB, help.maxRssKiB) }],
      note: `${round((run.maxRssKiB - help.maxRssKiB) * 1024 / informe.registros, 0)} bytes per record above start-up`,
    });
  });
}
