import { registroAltaXml, registroAnulacionXml } from './registro-xml.ts';
import type { Persona, RegistroAlta, RegistroAnulacion, SistemaInformatico } from './tipos.ts';
import { nodo, texto } from './xml.ts';

// A RegFactuSistemaFacturacion submission (SuministroLR.xsd): a Cabecera naming the issuer and 1 to
// 1,000 RegistroFactura, each an alta or an anulación. This is the body AEAT's web service takes
// inside its SOAP envelope; the transport (adapter) is not this module's job.

export const NS_SUMINISTRO_LR =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd';
export const NS_SUMINISTRO_INFORMACION =
  'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';

/** AEAT's limit of records per submission (RegistroFactura maxOccurs). */
export const MAX_REGISTROS_POR_ENVIO = 1000;

export type RegistroParaEnvio = { tipo: 'alta'; registro: RegistroAlta } | { tipo: 'anulacion'; registro: RegistroAnulacion };

const emisorDe = (r: RegistroParaEnvio) => (r.tipo === 'alta' ? r.registro.factura.idEmisor : r.registro.anulada.idEmisor);

/**
 * The whole document, XML declaration included. Every record must be the obligado's own.
 * `incidencia`: the records were made while AEAT could not be reached (a technical incident) and
 * go late: the Cabecera says so with RemisionVoluntaria/Incidencia = S.
 */
export function suministroXml(
  obligado: Persona, sistema: SistemaInformatico, registros: readonly RegistroParaEnvio[], opciones: { incidencia?: boolean } = {},
): string {
  if (registros.length < 1 || registros.length > MAX_REGISTROS_POR_ENVIO) {
    throw new RangeError(`a submission holds 1 to ${MAX_REGISTROS_POR_ENVIO} records, not ${registros.length}`);
  }
  const ajeno = registros.find((r) => emisorDe(r) !== obligado.nif);
  if (ajeno) throw new RangeError(`a record of issuer ${emisorDe(ajeno)} in a submission of ${obligado.nif}`);
  const cabecera = nodo('sum:Cabecera', [
    nodo('sum1:ObligadoEmision', [texto('sum1:NombreRazon', obligado.nombreRazon), texto('sum1:NIF', obligado.nif)]),
    opciones.incidencia === true && nodo('sum1:RemisionVoluntaria', [texto('sum1:Incidencia', 'S')]),
  ]);
  const cuerpo = registros.map((r) => nodo('sum:RegistroFactura', [
    r.tipo === 'alta' ? registroAltaXml(r.registro, sistema) : registroAnulacionXml(r.registro, sistema),
  ]));
  return '<?xml version="1.0" encoding="UTF-8"?>\n'
    + `<sum:RegFactuSistemaFacturacion xmlns:sum="${NS_SUMINISTRO_LR}" xmlns:sum1="${NS_SUMINISTRO_INFORMACION}">`
    + cabecera + cuerpo.join('') + '</sum:RegFactuSistemaFacturacion>\n';
}
