import { MAX_REGISTROS_POR_ENVIO, type RegistroParaEnvio } from './suministro-xml.ts';
import type { IdFactura, Persona, SistemaInformatico } from './tipos.ts';

// The port through which VERI*FACTU records reach AEAT's web service (RegFactuSistemaFacturacion):
// the real SOAP adapter (aeat-soap.ts) in production, a recording fake (aeat-fake.ts) elsewhere,
// as with push. A lote is one submission: one obligado's Cabecera and 1 to 1,000 records.

export interface Lote {
  obligado: Persona;
  sistema: SistemaInformatico;
  registros: readonly RegistroParaEnvio[];
  /** The records were made while AEAT was unreachable: the Cabecera carries Incidencia = S. */
  incidencia?: boolean;
}

export type EstadoRegistro = 'Correcto' | 'AceptadoConErrores' | 'Incorrecto';
export type EstadoEnvio = 'Correcto' | 'ParcialmenteCorrecto' | 'Incorrecto';
export type Operacion = 'Alta' | 'Anulacion';

/** AEAT's answer for one record (RespuestaLinea). */
export interface RespuestaRegistro {
  idFactura: IdFactura;
  operacion: Operacion;
  estado: EstadoRegistro;
  /** CodigoErrorRegistro / DescripcionErrorRegistro: on Incorrecto and AceptadoConErrores. */
  codigoError: string | null;
  descripcionError: string | null;
  /** AEAT already held this record (RegistroDuplicado): a resend after a lost answer. */
  duplicado: boolean;
}

/** AEAT's answer to a lote (RespuestaRegFactuSistemaFacturacion). */
export interface RespuestaLote {
  /** Código seguro de verificación of the submission; absent when nothing was accepted. */
  csv: string | null;
  estadoEnvio: EstadoEnvio;
  /** TiempoEsperaEnvio: seconds to wait before the next submission. */
  tiempoEsperaSegundos: number;
  registros: RespuestaRegistro[];
}

export interface AeatSubmitter {
  submit(lote: Lote): Promise<RespuestaLote>;
}

/**
 * A submission that got no answer to store. `reintentable`: AEAT or the way to it failed (network,
 * timeout, HTTP 5xx, a SOAP Fault of the server kind): the same lote may go again later. Otherwise
 * `causa` says whether AEAT refused the lote's content (`rechazo`, a SOAP Fault of the client kind:
 * sending it again cannot help) or this installation is misconfigured (`configuracion`: the
 * certificate, the endpoint; the records wait for an operator).
 */
export class AeatError extends Error {
  constructor(
    message: string,
    readonly causa: 'transitoria' | 'rechazo' | 'configuracion',
    readonly codigo: string | null = null,
  ) {
    super(message);
    this.name = 'AeatError';
  }

  get reintentable(): boolean {
    return this.causa === 'transitoria';
  }
}

/** AEAT's default wait between submissions when an answer does not say (seconds). */
export const ESPERA_POR_DEFECTO_S = 60;

/** Throws on a lote AEAT would refuse by its size or mixed issuers. */
export function comprobarLote(lote: Lote): void {
  const n = lote.registros.length;
  if (n < 1 || n > MAX_REGISTROS_POR_ENVIO) throw new RangeError(`a lote holds 1 to ${MAX_REGISTROS_POR_ENVIO} records, not ${n}`);
}

/** The identity of a record as AEAT's answer names it: issuer, number, date and operation. */
export const claveRegistro = (id: IdFactura, operacion: Operacion) => `${id.idEmisor}|${id.numSerie}|${id.fechaExpedicion}|${operacion}`;

export const claveDe = (r: RegistroParaEnvio) =>
  r.tipo === 'alta' ? claveRegistro(r.registro.factura, 'Alta') : claveRegistro(r.registro.anulada, 'Anulacion');
