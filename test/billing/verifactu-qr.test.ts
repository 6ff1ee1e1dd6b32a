import { expect } from 'chai';
import { urlQr } from '../../src/platform/verifactu/qr.ts';

// Known answers: the example URLs of AEAT's "Detalle de las especificaciones técnicas del código
// «QR» de la factura y de la URL del servicio de cotejo o remisión de información por parte del
// receptor de la factura" (the QR characteristics document, v0.4.7 / v0.5.0):
//   https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4
//   https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678-G33&fecha=01-09-2024&importe=241.4
// cross-checked in public implementations' tests (e.g. OCA/l10n-spain's l10n_es_aeat_verifactu).
// One deliberate difference: AEAT's example writes the amount as 241.4; we write the record's
// ImporteTotal text, always with two decimals (241.40), the same decimal in the format the
// specification gives for importe (up to 12 integer digits and 2 decimals, point separator).

describe('VERI*FACTU QR URL (cotejo service)', () => {
  it("AEAT's test-host example: the & of the series percent-encoded", () => {
    const factura = { idEmisor: '89890001K', numSerie: '12345678&G33', fechaExpedicion: '2024-01-01' };
    expect(urlQr(factura, 24140, 'pruebas')).to.equal(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.40',
    );
  });

  it("AEAT's production-host example", () => {
    const factura = { idEmisor: '89890001K', numSerie: '12345678-G33', fechaExpedicion: '2024-09-01' };
    expect(urlQr(factura, 24140, 'produccion')).to.equal(
      'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678-G33&fecha=01-09-2024&importe=241.40',
    );
  });

  it('encodes every reserved character of a series, so each parameter reads back exactly', () => {
    const numSerie = "A/2025 #1?x=y+z!'()*";
    const url = new URL(urlQr({ idEmisor: 'B12345674', numSerie, fechaExpedicion: '2025-03-10' }, 6000, 'pruebas'));
    expect([...url.searchParams.keys()]).to.deep.equal(['nif', 'numserie', 'fecha', 'importe']);
    expect(url.searchParams.get('numserie')).to.equal(numSerie);
    expect(url.search).to.contain('&numserie=A%2F2025%20%231%3Fx%3Dy%2Bz%21%27%28%29%2A&');
    expect(url.searchParams.get('importe')).to.equal('60.00');
  });
});
