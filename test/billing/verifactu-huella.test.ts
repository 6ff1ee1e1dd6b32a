import { expect } from 'chai';
import { anteriorDe, primeraRotura, type RegistroEncadenado } from '../../src/platform/verifactu/cadena.ts';
import { cadenaHuellaAlta, cadenaHuellaAnulacion, huellaAlta, huellaAnulacion } from '../../src/platform/verifactu/huella.ts';
import type { RegistroAlta, RegistroAnulacion } from '../../src/platform/verifactu/tipos.ts';

// Known answers: the three worked examples of section 6 ("Ejemplos") of AEAT's "Detalle de las
// especificaciones técnicas para generación de la huella o hash de los registros de facturación"
// (v0.1.2, 27-08-2024), strings and expected huellas. The expected values were cross-checked in
// public implementations that test against the same document: OCA/l10n-spain
// (l10n_es_aeat_verifactu/tests/test_l10n_es_aeat_verifactu.py, example 1) and several VERI*FACTU
// SDKs' test suites (all three). Not copied from any of them.
const HUELLA_1 = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';
const HUELLA_2 = 'F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97';
const HUELLA_3 = '177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68';

/** AEAT's example 1: the first registro de alta of the system (no previous huella). */
const ejemplo1: RegistroAlta = {
  factura: { idEmisor: '89890001K', numSerie: '12345678/G33', fechaExpedicion: '2024-01-01' },
  nombreRazonEmisor: 'Emisor de ejemplo',
  tipoFactura: 'F1',
  descripcionOperacion: 'Sesión de psicología',
  destinatario: { nombreRazon: 'Paciente', nif: '12345678Z' },
  desglose: [{ tipo: 'sujeta', tipoImpositivo: 1100, baseCentimos: 11110, cuotaCentimos: 1235 }],
  cuotaTotalCentimos: 1235,
  importeTotalCentimos: 12345,
  anterior: null,
  fechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
};

/** AEAT's example 2: a registro de alta chained to example 1. */
const ejemplo2: RegistroAlta = {
  ...ejemplo1,
  factura: { ...ejemplo1.factura, numSerie: '12345679/G34' },
  anterior: { ...ejemplo1.factura, huella: HUELLA_1 },
  fechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
};

/** AEAT's example 3: the registro de anulación of example 2's invoice, chained to it. */
const ejemplo3: RegistroAnulacion = {
  anulada: ejemplo2.factura,
  anterior: { ...ejemplo2.factura, huella: HUELLA_2 },
  fechaHoraHusoGenRegistro: '2024-01-01T19:20:40+01:00',
};

describe('VERI*FACTU huella (AEAT known answers)', () => {
  it("example 1, a first registro de alta: AEAT's text and huella, with an empty previous huella", () => {
    expect(cadenaHuellaAlta(ejemplo1)).to.equal(
      'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1'
      + '&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00',
    );
    expect(huellaAlta(ejemplo1)).to.equal(HUELLA_1);
  });

  it("example 2, a registro de alta chained to the previous one: AEAT's huella", () => {
    expect(cadenaHuellaAlta(ejemplo2)).to.contain(`&Huella=${HUELLA_1}&`);
    expect(huellaAlta(ejemplo2)).to.equal(HUELLA_2);
  });

  it("example 3, a registro de anulación: AEAT's text and huella", () => {
    expect(cadenaHuellaAnulacion(ejemplo3)).to.equal(
      'IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345679/G34&FechaExpedicionFacturaAnulada=01-01-2024'
      + `&Huella=${HUELLA_2}&FechaHoraHusoGenRegistro=2024-01-01T19:20:40+01:00`,
    );
    expect(huellaAnulacion(ejemplo3)).to.equal(HUELLA_3);
  });

  it('trims leading and trailing spaces of each value, as the specification says', () => {
    const conEspacios = { ...ejemplo1, factura: { ...ejemplo1.factura, numSerie: '  12345678/G33   ', idEmisor: ' 89890001K' } };
    expect(huellaAlta(conEspacios)).to.equal(HUELLA_1);
  });

  it('covers no recipient, description or breakdown: those can change (or be erased) without touching it', () => {
    const otro = { ...ejemplo1, destinatario: undefined, descripcionOperacion: 'Otra', nombreRazonEmisor: 'Otro', desglose: [] };
    expect(huellaAlta(otro)).to.equal(HUELLA_1);
  });

  it('changes with any field it covers (total, type, time, previous huella)', () => {
    const variantes: RegistroAlta[] = [
      { ...ejemplo1, importeTotalCentimos: 12346 },
      { ...ejemplo1, cuotaTotalCentimos: 1236 },
      { ...ejemplo1, tipoFactura: 'F2' },
      { ...ejemplo1, factura: { ...ejemplo1.factura, fechaExpedicion: '2024-01-02' } },
      { ...ejemplo1, fechaHoraHusoGenRegistro: '2024-01-01T19:20:31+01:00' },
      { ...ejemplo1, anterior: { ...ejemplo1.factura, huella: HUELLA_2 } },
    ];
    for (const v of variantes) expect(huellaAlta(v)).to.not.equal(HUELLA_1);
  });
});

describe('VERI*FACTU chain', () => {
  const cadena: RegistroEncadenado[] = [
    { tipo: 'alta', registro: ejemplo1, huella: HUELLA_1 },
    { tipo: 'alta', registro: ejemplo2, huella: HUELLA_2 },
    { tipo: 'anulacion', registro: ejemplo3, huella: HUELLA_3 },
  ];

  it("AEAT's three examples form a valid chain, each naming the one before", () => {
    expect(anteriorDe(cadena[0])).to.deep.equal(ejemplo2.anterior);
    expect(anteriorDe(cadena[1])).to.deep.equal(ejemplo3.anterior);
    expect(primeraRotura(cadena)).to.equal(null);
  });

  it('names the first record whose fields no longer give its huella', () => {
    const alterada = [...cadena];
    alterada[1] = { ...cadena[1], registro: { ...ejemplo2, importeTotalCentimos: 100 } } as RegistroEncadenado;
    expect(primeraRotura(alterada)).to.deep.equal({ indice: 1, motivo: 'huella' });
  });

  it('names the record after a removed one, and a first record that claims a predecessor', () => {
    expect(primeraRotura([cadena[0], cadena[2]])).to.deep.equal({ indice: 1, motivo: 'encadenamiento' });
    expect(primeraRotura([cadena[1], cadena[2]])).to.deep.equal({ indice: 0, motivo: 'encadenamiento' });
  });
});
