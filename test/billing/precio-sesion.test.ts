import { expect } from 'chai';
import { precioDe, servicioPorDefecto, type ServicioView } from '../../src/queries/precio-sesion.ts';

const servicio = (over: Partial<ServicioView> = {}): ServicioView => ({
  idServicio: 1, nombre: 'Sesión individual', precioCentimos: 6000, duracionMinutos: 50, iva: 'EXENTO', activo: true, ...over,
});

describe('the fee of a session (precioDe, servicioPorDefecto)', () => {
  it('is the service\'s price when nothing overrides it, VAT-exempt by default', () => {
    expect(precioDe({ servicio: servicio(), precioPsicologoCentimos: null, reglaPaciente: null })).to.deep.equal({
      idServicio: 1, nombreServicio: 'Sesión individual', duracionMinutos: 50, iva: 'EXENTO', precioServicioCentimos: 6000,
      precioPsicologoCentimos: null, descuentoPorcentaje: null, precioFijoCentimos: null, origen: 'SERVICIO',
      precioCentimos: 6000, cuotaIvaCentimos: 0, totalCentimos: 6000,
    });
  });

  it('takes the psychologist\'s own price over the service\'s', () => {
    const p = precioDe({ servicio: servicio(), precioPsicologoCentimos: 7500, reglaPaciente: null });
    expect(p).to.include({ precioServicioCentimos: 6000, precioPsicologoCentimos: 7500, origen: 'TARIFA_PSICOLOGO', precioCentimos: 7500, totalCentimos: 7500 });
  });

  it('takes a patient\'s discount off the psychologist\'s price, rounding the discount to the cent, halves up', () => {
    const p = precioDe({ servicio: servicio(), precioPsicologoCentimos: 7500, reglaPaciente: { descuentoPorcentaje: 20, precioFijoCentimos: null } });
    expect(p).to.include({ origen: 'DESCUENTO_PACIENTE', descuentoPorcentaje: 20, precioCentimos: 6000 });
    // 33% of 0,05 € is 1.65 cents: 2 cents off.
    const odd = precioDe({ servicio: servicio({ precioCentimos: 5 }), precioPsicologoCentimos: null, reglaPaciente: { descuentoPorcentaje: 33, precioFijoCentimos: null } });
    expect(odd.precioCentimos).to.equal(3);
    // 50% of 1 cent: the half goes to the patient.
    expect(precioDe({ servicio: servicio({ precioCentimos: 1 }), precioPsicologoCentimos: null, reglaPaciente: { descuentoPorcentaje: 50, precioFijoCentimos: null } }).precioCentimos).to.equal(0);
    expect(precioDe({ servicio: servicio(), precioPsicologoCentimos: null, reglaPaciente: { descuentoPorcentaje: 100, precioFijoCentimos: null } }).precioCentimos).to.equal(0);
    expect(precioDe({ servicio: servicio(), precioPsicologoCentimos: null, reglaPaciente: { descuentoPorcentaje: 0, precioFijoCentimos: null } }).precioCentimos).to.equal(6000);
  });

  it('replaces every price with a patient\'s fixed fee', () => {
    const p = precioDe({ servicio: servicio(), precioPsicologoCentimos: 7500, reglaPaciente: { descuentoPorcentaje: null, precioFijoCentimos: 2500 } });
    expect(p).to.include({ origen: 'PRECIO_FIJO_PACIENTE', precioFijoCentimos: 2500, precioCentimos: 2500, totalCentimos: 2500 });
  });

  it('adds the VAT of a taxable service on the final price, in whole cents', () => {
    const p = precioDe({ servicio: servicio({ iva: 21, precioCentimos: 10000 }), precioPsicologoCentimos: null, reglaPaciente: { descuentoPorcentaje: 10, precioFijoCentimos: null } });
    expect(p).to.include({ iva: 21, precioCentimos: 9000, cuotaIvaCentimos: 1890, totalCentimos: 10890 });
  });

  it('stays exact at the largest amount (never floating point)', () => {
    const p = precioDe({ servicio: servicio({ iva: 21, precioCentimos: 99_999_999 }), precioPsicologoCentimos: null, reglaPaciente: { descuentoPorcentaje: 33, precioFijoCentimos: null } });
    // 99,999,999 × 67 / 100 = 66,999,999.33 → 66,999,999; its 21% = 14,069,999.79 → 14,070,000.
    expect(p).to.include({ precioCentimos: 67_000_000 - 1, cuotaIvaCentimos: 14_070_000, totalCentimos: 81_069_999 });
    expect(Number.isInteger(p.totalCentimos)).to.equal(true);
  });

  it('chooses as default for a length the oldest active service of that length', () => {
    const all = [
      servicio({ idServicio: 7, duracionMinutos: 50 }),
      servicio({ idServicio: 3, duracionMinutos: 50, activo: false }),
      servicio({ idServicio: 5, duracionMinutos: 50 }),
      servicio({ idServicio: 2, duracionMinutos: 90 }),
      servicio({ idServicio: 1, duracionMinutos: null }),
    ];
    expect(servicioPorDefecto(all, 50)?.idServicio).to.equal(5);
    expect(servicioPorDefecto(all, 90)?.idServicio).to.equal(2);
    expect(servicioPorDefecto(all, 30)).to.equal(null);
  });
});
