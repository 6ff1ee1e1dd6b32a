import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { AeatError, claveDe, comprobarLote, type AeatSubmitter, type Lote, type RespuestaLote, type RespuestaRegistro } from './aeat-tipos.ts';
import { suministroXml, type RegistroParaEnvio } from './suministro-xml.ts';

// Stands where AEAT would (no submission configured, and tests), like RecordingPush: records each
// lote, checks its XML against AEAT's schemas with xmllint when it is installed (Debian's
// libxml2-utils), and answers as AEAT does: Correcto with a CSV, or what a test asked for.

const XSD = resolve(import.meta.dirname, 'xsd/SuministroLR.xsd');

/** Whether `xmllint` can be run here; without it the fake records without validating. */
export const hayXmllint = (): boolean => !spawnSync('xmllint', ['--version']).error;

/** xmllint's verdict on a RegFactuSistemaFacturacion document: null when valid, else its message. */
export function erroresEsquema(xml: string): string | null {
  const r = spawnSync('xmllint', ['--nonet', '--noout', '--schema', XSD, '-'], { input: xml, encoding: 'utf8' });
  if (r.error) throw r.error;
  return r.status === 0 ? null : `${r.stdout}${r.stderr}`.trim();
}

const idDe = (r: RegistroParaEnvio) => (r.tipo === 'alta' ? r.registro.factura : r.registro.anulada);

export class RecordingAeat implements AeatSubmitter {
  /** Every lote received, with the document it became (schema-valid, when xmllint checked it). */
  readonly lotes: { lote: Lote; xml: string }[] = [];
  /** AEAT cannot be reached: submit fails as a network failure would (retryable). */
  inalcanzable = false;
  /** Records (claveDe) AEAT will answer Incorrecto, with its code and description. */
  readonly incorrectos = new Map<string, { codigo: string; descripcion: string }>();
  /** The TiempoEsperaEnvio of the answers (seconds). */
  tiempoEsperaSegundos = 60;
  private readonly validar: boolean;

  constructor(opciones: { validar?: boolean } = {}) {
    this.validar = opciones.validar ?? hayXmllint();
  }

  async submit(lote: Lote): Promise<RespuestaLote> {
    comprobarLote(lote);
    if (this.inalcanzable) throw new AeatError('AEAT unreachable (ECONNREFUSED)', 'transitoria', 'ECONNREFUSED');
    const xml = suministroXml(lote.obligado, lote.sistema, lote.registros, { incidencia: lote.incidencia === true });
    const errores = this.validar ? erroresEsquema(xml) : null;
    // AEAT refuses a document its schema rejects with a Client Fault (code 4102): so does the fake.
    if (errores) throw new AeatError(`AEAT SOAP Fault soapenv:Client: Codigo[4102]. ${errores}`, 'rechazo', '4102');
    this.lotes.push({ lote, xml });
    const registros = lote.registros.map((r): RespuestaRegistro => {
      const mal = this.incorrectos.get(claveDe(r));
      return {
        idFactura: idDe(r), operacion: r.tipo === 'alta' ? 'Alta' : 'Anulacion', estado: mal ? 'Incorrecto' : 'Correcto',
        codigoError: mal?.codigo ?? null, descripcionError: mal?.descripcion ?? null, duplicado: false,
      };
    });
    const bien = registros.filter((r) => r.estado !== 'Incorrecto').length;
    return {
      csv: bien > 0 ? `CSV-FAKE-${String(this.lotes.length).padStart(6, '0')}` : null,
      estadoEnvio: bien === registros.length ? 'Correcto' : bien === 0 ? 'Incorrecto' : 'ParcialmenteCorrecto',
      tiempoEsperaSegundos: this.tiempoEsperaSegundos,
      registros,
    };
  }

  /** Every record received so far, in order. */
  get registros(): RegistroParaEnvio[] {
    return this.lotes.flatMap((l) => [...l.lote.registros]);
  }
}
