import { expect } from 'chai';
import { fechaAeat, fechaHoraHuso } from '../../src/platform/verifactu/fecha.ts';
import { importe, tipoImpositivo } from '../../src/platform/verifactu/importe.ts';

// The text forms the huella and the XML are made of: a different text is a different huella.

describe('VERI*FACTU text forms', () => {
  it('writes amounts from integer cents with a point and two decimals, negatives included', () => {
    expect([12345, 1235, 0, 5, 100, -5, -12345, 999_999_999_999_99].map(importe))
      .to.deep.equal(['123.45', '12.35', '0.00', '0.05', '1.00', '-0.05', '-123.45', '999999999999.99']);
    expect(tipoImpositivo(2100)).to.equal('21.00');
    expect(tipoImpositivo(1000)).to.equal('10.00');
  });

  it('refuses amounts that are not whole cents or do not fit 12 integer digits', () => {
    expect(() => importe(12.5)).to.throw(RangeError);
    expect(() => importe(Number.NaN)).to.throw(RangeError);
    expect(() => importe(1e14)).to.throw(RangeError);
    expect(() => tipoImpositivo(-100)).to.throw(RangeError);
  });

  it('writes the invoice date as dd-mm-yyyy', () => {
    expect(fechaAeat('2024-01-31')).to.equal('31-01-2024');
    expect(() => fechaAeat('31-01-2024')).to.throw(RangeError);
  });

  it("writes FechaHoraHusoGenRegistro as AEAT's example does: Madrid's wall clock with its offset", () => {
    // AEAT's examples use 2024-01-01T19:20:30+01:00: that instant is 18:20:30 UTC.
    expect(fechaHoraHuso(new Date('2024-01-01T18:20:30.987Z'))).to.equal('2024-01-01T19:20:30+01:00');
    expect(fechaHoraHuso(new Date('2024-07-15T08:00:00Z'))).to.equal('2024-07-15T10:00:00+02:00');
  });

  it('follows the daylight-saving changes and other zones (Canary Islands)', () => {
    expect(fechaHoraHuso(new Date('2024-03-31T00:59:59Z'))).to.equal('2024-03-31T01:59:59+01:00');
    expect(fechaHoraHuso(new Date('2024-03-31T01:00:00Z'))).to.equal('2024-03-31T03:00:00+02:00');
    expect(fechaHoraHuso(new Date('2024-10-27T00:30:00Z'))).to.equal('2024-10-27T02:30:00+02:00');
    expect(fechaHoraHuso(new Date('2024-10-27T01:30:00Z'))).to.equal('2024-10-27T02:30:00+01:00');
    expect(fechaHoraHuso(new Date('2024-01-01T18:20:30Z'), 'Atlantic/Canary')).to.equal('2024-01-01T18:20:30+00:00');
    expect(fechaHoraHuso(new Date('2024-07-01T18:20:30Z'), 'Atlantic/Canary')).to.equal('2024-07-01T19:20:30+01:00');
  });
});
