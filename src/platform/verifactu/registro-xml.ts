import { fechaAeat } from './fecha.ts';
import { huellaAlta, huellaAnulacion } from './huella.ts';
import { importe, tipoImpositivo } from './importe.ts';
import type { IdFactura, LineaDesglose, RegistroAlta, RegistroAnterior, RegistroAnulacion, SistemaInformatico } from './tipos.ts';
import { nodo, texto } from './xml.ts';

// RegistroAlta and RegistroAnulacion as SuministroInformacion.xsd orders them, every element in
// its namespace (prefix `sum1`, declared on the envelope: suministro-xml.ts). The Huella written is
// computed here from the same fields (huella.ts), so the XML cannot disagree with its own huella.

const sf = (nombre: string) => `sum1:${nombre}`;
const t = (nombre: string, valor: string) => texto(sf(nombre), valor);
const n = (nombre: string, hijos: ReadonlyArray<string | false | undefined>) => nodo(sf(nombre), hijos);
const siNo = (b: boolean) => (b ? 'S' : 'N');

/** Impuesto 01 (IVA), ClaveRegimen 01 (general regime); exempt lines E1..E6, taxable S1. */
function detalle(l: LineaDesglose): string {
  const comun = [t('Impuesto', '01'), t('ClaveRegimen', '01')];
  if (l.tipo === 'exenta') {
    return n('DetalleDesglose', [...comun, t('OperacionExenta', l.causa), t('BaseImponibleOimporteNoSujeto', importe(l.baseCentimos))]);
  }
  return n('DetalleDesglose', [
    ...comun, t('CalificacionOperacion', 'S1'), t('TipoImpositivo', tipoImpositivo(l.tipoImpositivo)),
    t('BaseImponibleOimporteNoSujeto', importe(l.baseCentimos)), t('CuotaRepercutida', importe(l.cuotaCentimos)),
  ]);
}

function desglose(lineas: readonly LineaDesglose[]): string {
  if (lineas.length < 1 || lineas.length > 12) throw new RangeError('Desglose holds 1 to 12 lines (DesgloseType)');
  return n('Desglose', lineas.map(detalle));
}

const idFactura = (id: IdFactura) => [
  t('IDEmisorFactura', id.idEmisor), t('NumSerieFactura', id.numSerie), t('FechaExpedicionFactura', fechaAeat(id.fechaExpedicion)),
];

const encadenamiento = (anterior: RegistroAnterior | null) => n('Encadenamiento', [
  anterior === null ? t('PrimerRegistro', 'S') : n('RegistroAnterior', [...idFactura(anterior), t('Huella', anterior.huella)]),
]);

export const sistemaInformaticoXml = (s: SistemaInformatico) => n('SistemaInformatico', [
  t('NombreRazon', s.productor.nombreRazon), t('NIF', s.productor.nif),
  t('NombreSistemaInformatico', s.nombre), t('IdSistemaInformatico', s.id), t('Version', s.version),
  t('NumeroInstalacion', s.numeroInstalacion), t('TipoUsoPosibleSoloVerifactu', siNo(s.soloVerifactu)),
  t('TipoUsoPosibleMultiOT', siNo(s.multiplesObligados)), t('IndicadorMultiplesOT', siNo(s.indicadorMultiplesObligados)),
]);

/** Rectifying invoices (R1–R5) are written "por diferencias" (I): they carry only the difference. */
function rectificacion(r: RegistroAlta): string[] {
  if (!r.tipoFactura.startsWith('R')) return [];
  if (!r.rectificadas?.length) throw new RangeError(`${r.tipoFactura} needs the invoices it rectifies`);
  return [t('TipoRectificativa', 'I'), n('FacturasRectificadas', r.rectificadas.map((id) => n('IDFacturaRectificada', idFactura(id))))];
}

export function registroAltaXml(r: RegistroAlta, sistema: SistemaInformatico): string {
  return n('RegistroAlta', [
    t('IDVersion', '1.0'), n('IDFactura', idFactura(r.factura)), t('NombreRazonEmisor', r.nombreRazonEmisor),
    t('TipoFactura', r.tipoFactura), ...rectificacion(r), t('DescripcionOperacion', r.descripcionOperacion),
    r.destinatario && n('Destinatarios', [n('IDDestinatario', [t('NombreRazon', r.destinatario.nombreRazon), t('NIF', r.destinatario.nif)])]),
    desglose(r.desglose), t('CuotaTotal', importe(r.cuotaTotalCentimos)), t('ImporteTotal', importe(r.importeTotalCentimos)),
    encadenamiento(r.anterior), sistemaInformaticoXml(sistema), t('FechaHoraHusoGenRegistro', r.fechaHoraHusoGenRegistro),
    t('TipoHuella', '01'), t('Huella', huellaAlta(r)),
  ]);
}

export function registroAnulacionXml(r: RegistroAnulacion, sistema: SistemaInformatico): string {
  return n('RegistroAnulacion', [
    t('IDVersion', '1.0'),
    n('IDFactura', [
      t('IDEmisorFacturaAnulada', r.anulada.idEmisor), t('NumSerieFacturaAnulada', r.anulada.numSerie),
      t('FechaExpedicionFacturaAnulada', fechaAeat(r.anulada.fechaExpedicion)),
    ]),
    encadenamiento(r.anterior), sistemaInformaticoXml(sistema), t('FechaHoraHusoGenRegistro', r.fechaHoraHusoGenRegistro),
    t('TipoHuella', '01'), t('Huella', huellaAnulacion(r)),
  ]);
}
