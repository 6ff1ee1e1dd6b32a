import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomFillSync } from 'node:crypto';

const IV = 12;
const TAG = 16;

// IVs are drawn from the CSPRNG a few hundred at a time (one call instead of one per sealed field,
// the largest cost of sealing a short field after the cipher itself) and each is handed out once:
// the pool is zeroed as it goes, so an IV is never reused even if a fill were skipped by a bug.
const ivPool = Buffer.alloc(IV * 256);
let ivAt = ivPool.length;

function takeIv(into: Buffer): void {
  if (ivAt === ivPool.length) {
    randomFillSync(ivPool);
    ivAt = 0;
  }
  ivPool.copy(into, 0, ivAt, ivAt + IV);
  ivPool.fill(0, ivAt, ivAt + IV);
  ivAt += IV;
}

// AES-256-GCM: 12-byte random IV, 16-byte tag; layout iv | tag | ciphertext, built in one buffer.
export function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const out = Buffer.allocUnsafe(IV + TAG + plaintext.length);
  const iv = out.subarray(0, IV);
  takeIv(iv);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = cipher.update(plaintext);
  const rest = cipher.final(); // empty for GCM (a stream cipher), copied anyway for certainty
  cipher.getAuthTag().copy(out, IV);
  ct.copy(out, IV + TAG);
  rest.copy(out, IV + TAG + ct.length);
  return out;
}

/** Throws when the key is wrong or the data or its associated data were altered. */
export function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(IV, IV + TAG));
  const plain = decipher.update(sealed.subarray(IV + TAG));
  const rest = decipher.final(); // checks the tag: throws on any alteration
  return rest.length ? Buffer.concat([plain, rest]) : plain;
}

/** The key-encryption key derived from the configured master key, and a public id of it. */
export function keyEncryptionKey(masterKey: string): { kek: Buffer; id: string } {
  const kek = Buffer.from(hkdfSync('sha256', masterKey, 'practice-kek', 'data-key-wrapping', 32));
  return { kek, id: createHash('sha256').update(kek).digest('hex').slice(0, 16) };
}
