import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { huellaAlta, huellaAnulacion } from '../../src/platform/verifactu/huella.ts';
import { MAX_REGISTROS_POR_ENVIO, suministroXml, type RegistroParaEnvio } from '../../src/platform/verifactu/suministro-xml.ts';
import type { Persona, RegistroAlta, RegistroAnulacion, SistemaInformatico } from '../../src/platform/verifactu/tipos.ts';
import { escapar } from '../../src/platform/verifactu/xml.ts';

// The submission XML against AEAT's own schemas (the repository's copy in
// src/platform/verifactu/xsd), validated offline by xmllint (Debian's libxml2-utils, which .ci/run
// installs). Without xmllint the schema checks report themselves skipped.
const XSD = resolve(import.meta.dirname, '../../src/platform/verifactu/xsd/SuministroLR.xsd');
const hasXmllint = !spawnSync('xmllint', ['--version']).error;
const skipReason = hasXmllint ? null : 'xmllint not found (install Debian\'s libxml2-utils to run it)';

let dir: string;
function xmllint(xml: string, ...args: string[]): { ok: boolean; out: string } {
  const file = join(dir, 'doc.xml');
  writeFileSync(file, xml);
  const r = spawnSync('xmllint', ['--nonet', ...args, file], { encoding: 'utf8' });
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}` };
}
const validate = (xml: string) => xmllint(xml, '--noout', '--schema', XSD);
const xpath = (xml: string, expr: string) => xmllint(xml, '--xpath', expr).out.replace(/\n$/, '');

const EMISOR: Persona = { nombreRazon: 'Consulta Peña & Asociados <Psicología> "Ñandú"', nif: 'B12345674' };
const SISTEMA: SistemaInformatico = {
  productor: { nombreRazon: 'Productor del software', nif: 'A58818501' }, nombre: 'practice-backend', id: 'PB',
  version: '1.0.0', numeroInstalacion: 'instalacion-1', soloVerifactu: true, multiplesObligados: true, indicadorMultiplesObligados: false,
};

const exenta: RegistroAlta = {
  factura: { idEmisor: EMISOR.nif, numSerie: 'A-2025/0001', fechaExpedicion: '2025-03-10' },
  nombreRazonEmisor: EMISOR.nombreRazon, tipoFactura: 'F1', descripcionOperacion: 'Sesión de psicología',
  destinatario: { nombreRazon: 'José Müller-Łukasiewicz & <hijos>', nif: '12345678Z' },
  desglose: [{ tipo: 'exenta', causa: 'E1', baseCentimos: 6000 }],
  cuotaTotalCentimos: 0, importeTotalCentimos: 6000, anterior: null, fechaHoraHusoGenRegistro: '2025-03-10T10:00:00+01:00',
};
const sujeta: RegistroAlta = {
  factura: { idEmisor: EMISOR.nif, numSerie: 'A-2025/0002', fechaExpedicion: '2025-03-11' },
  nombreRazonEmisor: EMISOR.nombreRazon, tipoFactura: 'F2', descripcionOperacion: 'Informe pericial',
  desglose: [
    { tipo: 'sujeta', tipoImpositivo: 2100, baseCentimos: 10000, cuotaCentimos: 2100 },
    { tipo: 'exenta', causa: 'E1', baseCentimos: 5005 },
  ],
  cuotaTotalCentimos: 2100, importeTotalCentimos: 17105,
  anterior: { ...exenta.factura, huella: huellaAlta(exenta) }, fechaHoraHusoGenRegistro: '2025-03-11T09:30:00+01:00',
};
const anulacion: RegistroAnulacion = {
  anulada: sujeta.factura, anterior: { ...sujeta.factura, huella: huellaAlta(sujeta) }, fechaHoraHusoGenRegistro: '2025-03-12T12:00:00+01:00',
};
const rectificativa: RegistroAlta = {
  ...exenta, factura: { ...exenta.factura, numSerie: 'R-2025/0001', fechaExpedicion: '2025-03-12' }, tipoFactura: 'R1',
  rectificadas: [exenta.factura], desglose: [{ tipo: 'exenta', causa: 'E1', baseCentimos: -1000 }],
  importeTotalCentimos: -1000, anterior: { ...anulacion.anulada, huella: huellaAnulacion(anulacion) },
  fechaHoraHusoGenRegistro: '2025-03-12T12:05:00+01:00',
};
const lote: RegistroParaEnvio[] = [
  { tipo: 'alta', registro: exenta }, { tipo: 'alta', registro: sujeta },
  { tipo: 'anulacion', registro: anulacion }, { tipo: 'alta', registro: rectificativa },
];

describe('VERI*FACTU submission XML', () => {
  it('escapes the five XML specials and refuses characters XML 1.0 cannot carry', () => {
    expect(escapar(`a&b<c>d"e'f Ñ`)).to.equal('a&amp;b&lt;c&gt;d&quot;e&apos;f Ñ');
    expect(() => escapar('bell\u0007')).to.throw(RangeError);
    expect(() => escapar('lone \uD800 surrogate')).to.throw(RangeError);
  });

  it('writes each record with its own huella and its chain link, amounts from cents', () => {
    const xml = suministroXml(EMISOR, SISTEMA, lote);
    expect(xml).to.contain(`<sum1:Huella>${huellaAlta(exenta)}</sum1:Huella>`);
    expect(xml).to.contain(`<sum1:Huella>${huellaAnulacion(anulacion)}</sum1:Huella>`);
    expect(xml).to.contain('<sum1:Encadenamiento><sum1:PrimerRegistro>S</sum1:PrimerRegistro></sum1:Encadenamiento>');
    expect(xml).to.contain('<sum1:OperacionExenta>E1</sum1:OperacionExenta><sum1:BaseImponibleOimporteNoSujeto>60.00<');
    expect(xml).to.contain('<sum1:CalificacionOperacion>S1</sum1:CalificacionOperacion><sum1:TipoImpositivo>21.00</sum1:TipoImpositivo>');
    expect(xml).to.contain('<sum1:ImporteTotal>171.05</sum1:ImporteTotal>');
    expect(xml).to.contain('<sum1:FechaExpedicionFactura>10-03-2025</sum1:FechaExpedicionFactura>');
    expect(xml).to.contain('José Müller-Łukasiewicz &amp; &lt;hijos&gt;');
  });

  it('holds 1 to 1,000 records, all of the obligado named in the Cabecera', () => {
    expect(() => suministroXml(EMISOR, SISTEMA, [])).to.throw(RangeError);
    const mil = Array.from({ length: MAX_REGISTROS_POR_ENVIO + 1 }, () => lote[0]);
    expect(() => suministroXml(EMISOR, SISTEMA, mil)).to.throw(RangeError, /1 to 1000/);
    expect(() => suministroXml(EMISOR, SISTEMA, mil.slice(1))).to.not.throw();
    expect(() => suministroXml({ ...EMISOR, nif: '12345678Z' }, SISTEMA, lote)).to.throw(RangeError, /issuer/);
  });

  describe(skipReason ? `against AEAT's schemas (skipped: ${skipReason})` : "against AEAT's schemas (xmllint)", function () {
    before(function () {
      if (skipReason) this.skip();
      dir = mkdtempSync(join(tmpdir(), 'verifactu-xml-'));
    });
    after(() => dir && rmSync(dir, { recursive: true, force: true }));

    it('validates an alta (exempt and taxable), an anulación and a rectifying alta in one submission', () => {
      const r = validate(suministroXml(EMISOR, SISTEMA, lote));
      expect(r.ok, r.out).to.equal(true);
    });

    it('gives back names with & < > " and non-ASCII letters exactly as they were', () => {
      const xml = suministroXml(EMISOR, SISTEMA, lote);
      expect(xpath(xml, 'string(//*[local-name()="Cabecera"]//*[local-name()="NombreRazon"])')).to.equal(EMISOR.nombreRazon);
      expect(xpath(xml, 'string(//*[local-name()="IDDestinatario"]/*[local-name()="NombreRazon"])')).to.equal(exenta.destinatario!.nombreRazon);
    });

    it('is a real check: the schema rejects a record it does not allow (a 10-character NIF)', () => {
      const r = validate(suministroXml({ ...EMISOR, nif: 'B123456740' }, SISTEMA,
        [{ tipo: 'alta', registro: { ...exenta, factura: { ...exenta.factura, idEmisor: 'B123456740' } } }]));
      expect(r.ok).to.equal(false);
      expect(r.out).to.match(/NIF/);
    });
  });
});
