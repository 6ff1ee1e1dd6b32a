import { expect } from 'chai';
import { porcentajeDe } from '../../src/platform/importe.ts';

describe('a percentage of an amount in cents (porcentajeDe: VAT, discounts)', () => {
  it('rounds to the cent, halves up', () => {
    // 21% of 0,10 € is 2.1 cents: 2; of 0,50 € 10.5 cents: 11; 10% of 0,05 € 0.5 cents: 1.
    expect(porcentajeDe(10, 21)).to.equal(2);
    expect(porcentajeDe(50, 21)).to.equal(11);
    expect(porcentajeDe(5, 10)).to.equal(1);
    expect(porcentajeDe(6000, 0)).to.equal(0);
    expect(porcentajeDe(0, 21)).to.equal(0);
  });

  it('mirrors a negative amount (a rectifying difference): the half goes away from zero too', () => {
    expect(porcentajeDe(-50, 21)).to.equal(-11);
    expect(porcentajeDe(-5, 10)).to.equal(-1);
    expect(porcentajeDe(-10, 21)).to.equal(-2);
    for (const c of [1, 7, 49, 50, 51, 12345, 99_999_999]) expect(porcentajeDe(-c, 21)).to.equal(-porcentajeDe(c, 21));
  });

  it('stays exact at the largest amount', () => {
    // 99,999,999 × 21 / 100 = 20,999,999.79 → 21,000,000.
    expect(porcentajeDe(99_999_999, 21)).to.equal(21_000_000);
    expect(porcentajeDe(-99_999_999, 21)).to.equal(-21_000_000);
  });
});
