import { ESTADO_INICIAL, planEnvios, trasFallo, trasRespuesta, type DependenciasEnviador, type EstadoEnvios, type Pendiente, type Plan } from './aeat-envios.ts';
import { AeatError, claveDe, claveRegistro, type RespuestaLote } from './aeat-tipos.ts';

// Carries out planEnvios: one step at a time (paso), so that tests drive it with their own clock;
// `ejecutar` is the loop a reactor runs, sleeping through the plan's waits.

export class EnviadorAeat {
  private cola: Pendiente[] = [];
  private estado: EstadoEnvios = ESTADO_INICIAL;

  constructor(private readonly deps: DependenciasEnviador) {}

  /** Queues a record; `incidencia` defaults to whether AEAT is unreachable now (the last submission failed). */
  encolar(p: Omit<Pendiente, 'incidencia'> & { incidencia?: boolean }): void {
    this.cola.push({ ...p, incidencia: p.incidencia ?? this.aeatCaida });
  }

  get aeatCaida(): boolean {
    return this.estado.caidaDesde !== null;
  }

  get pendientes(): readonly Pendiente[] {
    return this.cola;
  }

  get estadoActual(): EstadoEnvios {
    return this.estado;
  }

  /** Sends the next lote if it is due; returns the plan it followed (the wait, when nothing was due). */
  async paso(): Promise<Plan> {
    const ahora = this.deps.reloj();
    const plan = planEnvios(this.cola, this.estado, ahora);
    if (plan.tipo !== 'enviar') return plan;
    const { lote } = plan;
    const primero = lote[0];
    let respuesta: RespuestaLote;
    try {
      respuesta = await this.deps.submitter.submit({
        obligado: primero.obligado, sistema: this.deps.sistema, registros: lote.map((p) => p.registro), incidencia: primero.incidencia,
      });
    } catch (err) {
      const error = err instanceof AeatError ? err : new AeatError(`AEAT submission failed: ${(err as Error).message}`, 'transitoria');
      this.estado = trasFallo(this.estado, this.deps.reloj(), error);
      this.deps.alFallar?.(error, lote);
      if (error.causa === 'rechazo') await this.rechazados(lote, error);
      return plan;
    }
    this.estado = trasRespuesta(this.deps.reloj(), respuesta.tiempoEsperaSegundos);
    await this.guardarRespuesta(lote, respuesta);
    return plan;
  }

  private async guardarRespuesta(lote: readonly Pendiente[], respuesta: RespuestaLote): Promise<void> {
    const porClave = new Map(respuesta.registros.map((r) => [claveRegistro(r.idFactura, r.operacion), r]));
    const hechos = new Set<Pendiente>();
    for (const p of lote) {
      const r = porClave.get(claveDe(p.registro));
      // A record the answer does not name stays queued: a resend is answered as a duplicate.
      if (!r) continue;
      await this.deps.guardar(p, { tipo: 'respuesta', respuesta: r, csv: r.estado === 'Incorrecto' ? null : respuesta.csv, incidencia: p.incidencia });
      hechos.add(p);
    }
    this.cola = this.cola.filter((p) => !hechos.has(p));
  }

  private async rechazados(lote: readonly Pendiente[], error: AeatError): Promise<void> {
    for (const p of lote) await this.deps.guardar(p, { tipo: 'rechazado', codigo: error.codigo, descripcion: error.message, incidencia: p.incidencia });
    const fuera = new Set(lote);
    this.cola = this.cola.filter((p) => !fuera.has(p));
  }

  /** Runs until `senal` aborts: sends what is due, sleeps until the next is (or `reposoMs` when idle). */
  async ejecutar(senal: AbortSignal, dormir: (ms: number) => Promise<void>, reposoMs = 1_000): Promise<void> {
    while (!senal.aborted) {
      const plan = await this.paso();
      if (plan.tipo === 'enviar') continue;
      await dormir(plan.tipo === 'esperar' ? Math.max(0, plan.hasta - this.deps.reloj()) : reposoMs);
    }
  }
}
