import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

// AES-256-GCM: 12-byte random IV, 16-byte tag; layout iv | tag | ciphertext.
export function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]);
}

/** Throws when the key is wrong or the data or its associated data were altered. */
export function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(12, 28));
  return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
}

/** The key-encryption key derived from the configured master key, and a public id of it. */
export function keyEncryptionKey(masterKey: string): { kek: Buffer; id: string } {
  const kek = Buffer.from(hkdfSync('sha256', masterKey, 'practice-kek', 'data-key-wrapping', 32));
  return { kek, id: createHash('sha256').update(kek).digest('hex').slice(0, 16) };
}
