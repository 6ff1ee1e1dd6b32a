import { AeatError, ESPERA_POR_DEFECTO_S, comprobarLote, type EstadoEnvio, type EstadoRegistro, type Lote, type Operacion, type RespuestaLote, type RespuestaRegistro } from './aeat-tipos.ts';
import { buscar, hijos, leerXml, textoDe, type Elemento } from './aeat-xml-lectura.ts';
import { suministroXml } from './suministro-xml.ts';

// The SOAP 1.1 messages of AEAT's RegFactuSistemaFacturacion operation (SistemaFacturacion.wsdl,
// document/literal): the envelope around suministroXml's document, and the reading of the answer,
// RespuestaRegFactuSistemaFacturacion (RespuestaSuministro.xsd) or a SOAP Fault.

export const NS_SOAP_11 = 'http://schemas.xmlsoap.org/soap/envelope/';

/** The request body: the lote's RegFactuSistemaFacturacion inside a SOAP 1.1 envelope. */
export function sobreSoap(lote: Lote): string {
  comprobarLote(lote);
  const documento = suministroXml(lote.obligado, lote.sistema, lote.registros, { incidencia: lote.incidencia === true })
    .replace(/^<\?xml[^?]*\?>\s*/, '');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<soapenv:Envelope xmlns:soapenv="${NS_SOAP_11}"><soapenv:Header/><soapenv:Body>`
    + `${documento.trimEnd()}</soapenv:Body></soapenv:Envelope>\n`;
}

const ESTADOS_REGISTRO: readonly string[] = ['Correcto', 'AceptadoConErrores', 'Incorrecto'];
const ESTADOS_ENVIO: readonly string[] = ['Correcto', 'ParcialmenteCorrecto', 'Incorrecto'];

/** dd-mm-yyyy (AEAT) -> YYYY-MM-DD (ours). */
function fechaIso(fecha: string): string {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(fecha);
  if (!m) throw new SyntaxError(`FechaExpedicionFactura ${JSON.stringify(fecha)} is not dd-mm-yyyy`);
  return `${m[3]}-${m[2]}-${m[1]}`;
}

function obligatorio(el: Elemento, nombre: string): string {
  const v = textoDe(el, nombre);
  if (v === null || v === '') throw new SyntaxError(`${el.nombre} without ${nombre}`);
  return v;
}

function linea(el: Elemento): RespuestaRegistro {
  const id = el.hijos.find((h) => h.nombre === 'IDFactura');
  const op = el.hijos.find((h) => h.nombre === 'Operacion');
  if (!id || !op) throw new SyntaxError('RespuestaLinea without IDFactura or Operacion');
  const operacion = obligatorio(op, 'TipoOperacion');
  const estado = obligatorio(el, 'EstadoRegistro');
  if (operacion !== 'Alta' && operacion !== 'Anulacion') throw new SyntaxError(`unknown TipoOperacion ${operacion}`);
  if (!ESTADOS_REGISTRO.includes(estado)) throw new SyntaxError(`unknown EstadoRegistro ${estado}`);
  return {
    idFactura: {
      idEmisor: obligatorio(id, 'IDEmisorFactura'), numSerie: obligatorio(id, 'NumSerieFactura'),
      fechaExpedicion: fechaIso(obligatorio(id, 'FechaExpedicionFactura')),
    },
    operacion: operacion as Operacion,
    estado: estado as EstadoRegistro,
    codigoError: textoDe(el, 'CodigoErrorRegistro'),
    descripcionError: textoDe(el, 'DescripcionErrorRegistro'),
    duplicado: el.hijos.some((h) => h.nombre === 'RegistroDuplicado'),
  };
}

/**
 * A SOAP Fault as an AeatError. faultcode Client (the message: schema, signature, data) is AEAT
 * refusing the content; Server, or anything else, is AEAT failing, and the lote may go again.
 */
function falta(fault: Elemento): AeatError {
  const code = textoDe(fault, 'faultcode') ?? '';
  const texto = textoDe(fault, 'faultstring') ?? '';
  const codigo = /Codigo\[(\d+)\]/.exec(texto)?.[1] ?? null;
  const cliente = /(^|:)Client(\.|$)/.test(code);
  return new AeatError(`AEAT SOAP Fault ${code}: ${texto}`.slice(0, 500), cliente ? 'rechazo' : 'transitoria', codigo);
}

/** The answer of a submission, or the AeatError its Fault means. Throws SyntaxError on anything else. */
export function leerRespuesta(xml: string): RespuestaLote | AeatError {
  const raiz = leerXml(xml);
  const fault = buscar(raiz, 'Fault');
  if (fault) return falta(fault);
  const r = raiz.nombre === 'RespuestaRegFactuSistemaFacturacion' ? raiz : buscar(raiz, 'RespuestaRegFactuSistemaFacturacion');
  if (!r) throw new SyntaxError('the answer holds neither RespuestaRegFactuSistemaFacturacion nor a Fault');
  const estadoEnvio = obligatorio(r, 'EstadoEnvio');
  if (!ESTADOS_ENVIO.includes(estadoEnvio)) throw new SyntaxError(`unknown EstadoEnvio ${estadoEnvio}`);
  const espera = Number(textoDe(r, 'TiempoEsperaEnvio') ?? ESPERA_POR_DEFECTO_S);
  return {
    csv: textoDe(r, 'CSV') || null,
    estadoEnvio: estadoEnvio as EstadoEnvio,
    tiempoEsperaSegundos: Number.isInteger(espera) && espera >= 0 ? espera : ESPERA_POR_DEFECTO_S,
    registros: hijos(r, 'RespuestaLinea').map(linea),
  };
}
