import { expect } from 'chai';
import { validarNif } from '../../src/platform/verifactu/nif.ts';

// Check characters worked by hand in the comments, not with the code under test.

describe('validarNif (Spanish NIF, NIE and legal-entity NIF check characters)', () => {
  it('accepts DNI-based NIFs whose letter is the number mod 23', () => {
    // 12345678 mod 23 = 14 -> Z; 89890001 mod 23 = 21 -> K (AEAT's example NIF); 0 -> T.
    for (const nif of ['12345678Z', '89890001K', '00000000T']) expect(validarNif(nif)).to.deep.equal({ nif, tipo: 'DNI' });
  });

  it('accepts NIEs, X/Y/Z read as 0/1/2', () => {
    // 01234567 mod 23 = 19 -> L; 11234567 mod 23 = 10 -> X; 21234567 mod 23 = 1 -> R.
    for (const nif of ['X1234567L', 'Y1234567X', 'Z1234567R']) expect(validarNif(nif)).to.deep.equal({ nif, tipo: 'NIE' });
  });

  it('accepts K/L/M NIFs (persons without DNI or NIE) by the same rule on their 7 digits', () => {
    // 1234567 mod 23 = 19 -> L.
    expect(validarNif('K1234567L')).to.deep.equal({ nif: 'K1234567L', tipo: 'KLM' });
    expect(validarNif('M1234567A')).to.equal(null);
  });

  it('accepts legal-entity NIFs with the right control digit or letter for their kind', () => {
    // B1234567: odd positions 1,3,5,7 doubled -> 2+6+(1+0)+(1+4) = 14, even 2+4+6 = 12, 26 -> control 4.
    // A5881850: 10->1, 16->7, 16->7, 0 -> 15; 8+1+5 = 14; 29 -> control 1.
    // Q2826000 (AEAT itself): 4+4+0+0 = 8; 8+6+0 = 14; 22 -> control 8 -> letter H (J A B ... I).
    expect(validarNif('B12345674')).to.deep.equal({ nif: 'B12345674', tipo: 'CIF' });
    expect(validarNif('A58818501')).to.deep.equal({ nif: 'A58818501', tipo: 'CIF' });
    expect(validarNif('Q2826000H')).to.deep.equal({ nif: 'Q2826000H', tipo: 'CIF' });
  });

  it('normalizes case and separators', () => {
    expect(validarNif(' 12.345.678-z ')).to.deep.equal({ nif: '12345678Z', tipo: 'DNI' });
    expect(validarNif('b-12345674')).to.deep.equal({ nif: 'B12345674', tipo: 'CIF' });
  });

  it('rejects wrong check characters, the wrong form of control for the kind, and malformed ids', () => {
    for (const bad of [
      '12345678A', 'X1234567A', 'Y1234567L', 'B12345675',
      'A5881850A', // A (company) takes the digit 1, not its letter form A
      'Q28260008', // Q (public body) takes the letter H, not the digit 8
      '1234567Z', '123456789', 'I1234567A', 'ABCDEFGHI', '', '12345678ZZ',
    ]) expect(validarNif(bad), bad).to.equal(null);
  });
});
