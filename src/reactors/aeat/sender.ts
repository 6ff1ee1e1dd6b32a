import type { Knex } from 'knex';
import { LeaseKeeper } from '../../projections/lease-keeper.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Logger } from '../../platform/logger.ts';
import { planEnvios, trasFallo, trasRespuesta, type Pendiente, type Plan } from '../../platform/verifactu/aeat-envios.ts';
import { AeatError, claveDe, claveRegistro, type AeatSubmitter, type RespuestaLote } from '../../platform/verifactu/aeat-tipos.ts';
import type { Persona, SistemaInformatico } from '../../platform/verifactu/tipos.ts';
import { devolverPendientes, guardarEstado, guardarResultado, leerEstado, marcarEnviados, siguientes } from './cola-store.ts';

// Sends the queued VERI*FACTU records to AEAT (docs/billing.md "Submission to AEAT"): planEnvios
// (AEAT's wait, lotes of at most 1,000 of one issuer in chain order, retries doubling from 5 s,
// Incidencia = S lotes) carried out against the persisted queue. One sender per deployment: it
// works only while it holds the `aeat-sender` consumer lease; the others stand by to take over.

const LEASE_TABLE = 'aeat_registros';
const LEASE_NAME = 'aeat-sender';

/** This software as it declares itself in each record (SistemaInformatico); its producer is the issuer. */
export const sistemaDe = (obligado: Persona): SistemaInformatico => ({
  productor: obligado, nombre: 'practice', id: 'PR', version: '1.0', numeroInstalacion: '1',
  soloVerifactu: true, multiplesObligados: true, indicadorMultiplesObligados: false,
});

export interface AeatSenderOptions {
  knex: Knex;
  submitter: AeatSubmitter;
  clock: Clock;
  lease: { instance: string; ms: number };
  logger?: Logger;
  /** How often an idle sender looks at the queue (a new record also wakes it: `nudge`). */
  reposoMs?: number;
}

export class AeatSender {
  private readonly keeper: LeaseKeeper;
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;

  constructor(private readonly o: AeatSenderOptions) {
    this.keeper = new LeaseKeeper(o.knex, LEASE_TABLE, [LEASE_NAME], { ...o.lease, pool: LEASE_NAME }, () => this.nudge(), o.logger);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    await this.keeper.start();
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.nudge();
    await this.loop;
    await this.keeper.stop();
  }

  /** Look at the queue now (new records, a lease gained, or a test's clock moved). */
  nudge(): void {
    this.wake?.();
  }

  private async run(): Promise<void> {
    const reposo = this.o.reposoMs ?? 1_000;
    while (this.running) {
      let plan: Plan = { tipo: 'nada' };
      if (this.keeper.owns(LEASE_NAME)) {
        try {
          plan = await this.paso();
        } catch (err) {
          this.o.logger?.error({ err }, 'AEAT sender step failed');
        }
      }
      if (plan.tipo === 'enviar') continue;
      await this.dormir(plan.tipo === 'esperar' ? Math.min(Math.max(0, plan.hasta - this.ahora()), 60_000) : reposo);
    }
  }

  private dormir(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => { this.wake = null; resolve(); }, ms);
      this.wake = () => { clearTimeout(t); this.wake = null; resolve(); };
    });
  }

  private ahora(): number {
    return this.o.clock.now().getTime();
  }

  /** Sends the next lote if it is due; returns the plan it followed. */
  async paso(): Promise<Plan> {
    const { knex, submitter } = this.o;
    const estado = await leerEstado(knex);
    const plan = planEnvios(await siguientes(knex), estado, this.ahora());
    if (plan.tipo !== 'enviar') return plan;
    const { lote } = plan;
    const ids = lote.map((p) => p.id);
    const obligado = lote[0].obligado;
    await marcarEnviados(knex, ids, this.o.clock.now());
    let respuesta: RespuestaLote;
    try {
      respuesta = await submitter.submit({ obligado, sistema: sistemaDe(obligado), registros: lote.map((p) => p.registro), incidencia: lote[0].incidencia });
    } catch (err) {
      const error = err instanceof AeatError ? err : new AeatError(`AEAT submission failed: ${(err as Error).message}`, 'transitoria');
      this.o.logger?.warn({ err: error.message, causa: error.causa, codigo: error.codigo, registros: lote.length }, 'AEAT submission failed');
      if (error.causa === 'rechazo') {
        for (const p of lote) await guardarResultado(knex, p, { tipo: 'rechazado', codigo: error.codigo, descripcion: error.message, incidencia: p.incidencia }, this.o.clock.now());
      } else await devolverPendientes(knex, ids);
      await guardarEstado(knex, trasFallo(estado, this.ahora(), error));
      return plan;
    }
    await this.guardarRespuesta(lote, respuesta);
    await guardarEstado(knex, trasRespuesta(this.ahora(), respuesta.tiempoEsperaSegundos));
    return plan;
  }

  private async guardarRespuesta(lote: readonly Pendiente[], respuesta: RespuestaLote): Promise<void> {
    const porClave = new Map(respuesta.registros.map((r) => [claveRegistro(r.idFactura, r.operacion), r]));
    const sinRespuesta: string[] = [];
    for (const p of lote) {
      const r = porClave.get(claveDe(p.registro));
      // A record the answer does not name waits: sent again, AEAT answers it as a duplicate.
      if (!r) sinRespuesta.push(p.id);
      else await guardarResultado(this.o.knex, p, { tipo: 'respuesta', respuesta: r, csv: r.estado === 'Incorrecto' ? null : respuesta.csv, incidencia: p.incidencia }, this.o.clock.now());
    }
    await devolverPendientes(this.o.knex, sinRespuesta);
  }
}
