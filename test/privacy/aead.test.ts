import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { open, seal } from '../../src/platform/crypto/aead.ts';

// Sealed by the implementation that wrote the events already in the log (one randomBytes call per
// IV, before IVs came from a pool): key 32 × 0x07; the layout iv | tag | ciphertext must not change.
const KEY = Buffer.alloc(32, 7);
const STORED: [string, string, string][] = [
  ['"María José"', 'usuario-42|nombre', 'UoMG7LHWBJDPQfbKmAcFrtSqYUPVJ3IPQdlirgjjTRouAnmqjQpm9Gj3'],
  ['{"calle":"Gran Vía 1","codigoPostal":"28013"}', 'usuario-42|direcciones', 'jtvXNxSINNbh8GCV6hynr9gOxVEeZZRtO6aAYr87bvNvgxuxrXtpfdbM61jMrVzD0hBhhH6RZgMZsUwTcel1DbJfVtNqAK7LInY='],
  ['""', 'usuario-42|email', 'jL9aqvLnNSUHWt2LYsqYwaUe2kZG/1WxOP2AKWJ1'],
];

describe('AES-256-GCM sealing of one field', () => {
  it('opens fields sealed before IVs were pooled (the stored format is unchanged)', () => {
    for (const [plain, aad, stored] of STORED) expect(open(KEY, Buffer.from(stored, 'base64'), aad).toString('utf8')).to.equal(plain);
  });

  it('seals in the same layout: 12-byte IV, 16-byte tag, then as many bytes as the plaintext', () => {
    for (const [plain, aad] of STORED) {
      const sealed = seal(KEY, Buffer.from(plain, 'utf8'), aad);
      expect(sealed.length).to.equal(28 + Buffer.byteLength(plain));
      expect(open(KEY, sealed, aad).toString('utf8')).to.equal(plain);
    }
  });

  it('never hands out an IV twice, across several refills of the IV pool', () => {
    const key = randomBytes(32);
    const ivs = new Set<string>();
    const count = 2000; // the pool holds 256 IVs: about eight refills
    for (let i = 0; i < count; i++) {
      const sealed = seal(key, Buffer.from(String(i)), `usuario-${i}|nombre`);
      expect(sealed.subarray(0, 12).equals(Buffer.alloc(12))).to.equal(false);
      ivs.add(sealed.subarray(0, 12).toString('hex'));
      expect(open(key, sealed, `usuario-${i}|nombre`).toString()).to.equal(String(i));
    }
    expect(ivs.size).to.equal(count);
  });

  it('refuses a sealed field whose tag, ciphertext or binding was altered', () => {
    const sealed = seal(KEY, Buffer.from('"12345678Z"'), 'usuario-42|dni');
    for (const at of [0, 12, 28, sealed.length - 1]) {
      const altered = Buffer.from(sealed);
      altered[at] ^= 1;
      expect(() => open(KEY, altered, 'usuario-42|dni'), `byte ${at}`).to.throw();
    }
    expect(() => open(KEY, sealed, 'usuario-43|dni')).to.throw();
  });
});
