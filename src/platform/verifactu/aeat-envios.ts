import { AeatError, ESPERA_POR_DEFECTO_S, type RespuestaRegistro } from './aeat-tipos.ts';
import { MAX_REGISTROS_POR_ENVIO, type RegistroParaEnvio } from './suministro-xml.ts';
import type { Persona } from './tipos.ts';

// When records go to AEAT. AEAT's flow control: after each submission wait the answer's
// TiempoEsperaEnvio (60 s unless it says otherwise) before the next, except that 1,000 waiting
// records may go at once. A failure of AEAT or the network keeps the records and retries with a
// growing wait; records made while AEAT is unreachable go later in lotes whose Cabecera says
// Incidencia = S. The plan is a pure function of the queue, the state and the time (planEnvios);
// AeatSender (src/reactors/aeat/sender.ts) carries it out on the persisted queue with an injected clock.

export interface Pendiente {
  /** The caller's id of the record (e.g. its event's). */
  id: string;
  obligado: Persona;
  registro: RegistroParaEnvio;
  /** Made while AEAT could not be reached. */
  incidencia: boolean;
}

export interface EstadoEnvios {
  /** The earliest time (ms) the next submission may go. */
  proximoEnvio: number;
  /** Failures since the last answer: the retry wait grows with them. */
  fallosSeguidos: number;
  /** Since when (ms) AEAT has not been reached; null while it answers. */
  caidaDesde: number | null;
}

export const ESTADO_INICIAL: EstadoEnvios = { proximoEnvio: 0, fallosSeguidos: 0, caidaDesde: null };

export type Plan = { tipo: 'enviar'; lote: Pendiente[] } | { tipo: 'esperar'; hasta: number } | { tipo: 'nada' };

/** The retry wait after `fallos` failures in a row: 5 s, doubling, at most 15 min. */
export const esperaReintento = (fallos: number) => Math.min(5_000 * 2 ** Math.max(0, fallos - 1), 15 * 60_000);

/**
 * The next lote: the oldest waiting record's obligado, its records in order while they share the
 * incidencia mark, at most 1,000. It goes when the wait is over, or at once if it is full and the
 * wait is AEAT's (not a retry's).
 */
export function planEnvios(pendientes: readonly Pendiente[], estado: EstadoEnvios, ahora: number): Plan {
  if (pendientes.length === 0) return { tipo: 'nada' };
  const primero = pendientes[0];
  const lote: Pendiente[] = [];
  for (const p of pendientes) {
    if (p.obligado.nif !== primero.obligado.nif) continue;
    if (p.incidencia !== primero.incidencia || lote.length === MAX_REGISTROS_POR_ENVIO) break;
    lote.push(p);
  }
  const lleno = lote.length === MAX_REGISTROS_POR_ENVIO && estado.fallosSeguidos === 0;
  if (ahora >= estado.proximoEnvio || lleno) return { tipo: 'enviar', lote };
  return { tipo: 'esperar', hasta: estado.proximoEnvio };
}

/** The state after AEAT answered, waiting what it asked. */
export const trasRespuesta = (ahora: number, esperaSegundos: number): EstadoEnvios =>
  ({ proximoEnvio: ahora + esperaSegundos * 1000, fallosSeguidos: 0, caidaDesde: null });

/** The state after a failed submission: a refusal is an answer; anything else is retried later. */
export function trasFallo(estado: EstadoEnvios, ahora: number, error: AeatError): EstadoEnvios {
  if (error.causa === 'rechazo') return trasRespuesta(ahora, ESPERA_POR_DEFECTO_S);
  const fallosSeguidos = estado.fallosSeguidos + 1;
  return { proximoEnvio: ahora + esperaReintento(fallosSeguidos), fallosSeguidos, caidaDesde: estado.caidaDesde ?? ahora };
}

/** What is stored of a record's submission: AEAT's answer, or AEAT's refusal of the whole lote. */
export type ResultadoEnvio =
  | { tipo: 'respuesta'; respuesta: RespuestaRegistro; csv: string | null; incidencia: boolean }
  | { tipo: 'rechazado'; codigo: string | null; descripcion: string; incidencia: boolean };

