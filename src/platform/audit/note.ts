import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';

// Signed notes (c2sp.org/signed-note) with Ed25519, and their keys in the text forms of
// golang.org/x/mod/sumdb/note, which the transparency tools read:
//   verifier key  <name>+<key id, 8 hex digits>+<base64(0x01 || 32-byte public key)>
//   signer key    PRIVATE+KEY+<name>+<key id>+<base64(0x01 || 32-byte seed)>
// key id = SHA-256(name || 0x0A || 0x01 || public key)[:4], big-endian.

const ED25519 = 0x01;
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const EM_DASH = '\u2014';
/** Verifiers must accept 16 signatures; like Go's note.Open we take up to 100 (witness cosignatures). */
const MAX_SIGNATURES = 100;
const MAX_NOTE_BYTES = 1_000_000;

export class NoteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoteError';
  }
}

export interface VerifierKey {
  name: string;
  id: number;
  publicKey: Buffer;
  /** The key in its text form. */
  text: string;
}

export interface SignerKey extends VerifierKey {
  seed: Buffer;
}

/** Key names: non-empty, no Unicode spaces, no '+'. */
export function validKeyName(name: string): boolean {
  return name.length > 0 && !/[\s+\u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u.test(name) && !/[\x00-\x1f]/.test(name);
}

export function keyId(name: string, publicKey: Buffer): number {
  const h = createHash('sha256').update(name, 'utf8').update(Buffer.from([0x0a, ED25519])).update(publicKey).digest();
  return h.readUInt32BE(0);
}

const hex8 = (id: number) => id.toString(16).padStart(8, '0');

function publicFromSeed(seed: Buffer): Buffer {
  const jwk = createPublicKey(privateKeyObject(seed)).export({ format: 'jwk' });
  return Buffer.from(jwk.x!, 'base64url');
}

function privateKeyObject(seed: Buffer): KeyObject {
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

function publicKeyObject(pub: Buffer): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, pub]), format: 'der', type: 'spki' });
}

export function verifierKeyText(name: string, publicKey: Buffer): string {
  return `${name}+${hex8(keyId(name, publicKey))}+${Buffer.concat([Buffer.from([ED25519]), publicKey]).toString('base64')}`;
}

/** A new Ed25519 signer key named `name`, in its text form. */
export function generateSignerKey(name: string): string {
  if (!validKeyName(name)) throw new NoteError(`invalid key name: ${JSON.stringify(name)}`);
  const { privateKey } = generateKeyPairSync('ed25519');
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d!, 'base64url');
  const id = keyId(name, publicFromSeed(seed));
  return `PRIVATE+KEY+${name}+${hex8(id)}+${Buffer.concat([Buffer.from([ED25519]), seed]).toString('base64')}`;
}

function keyBytes(b64: string, what: string): Buffer {
  const raw = Buffer.from(b64, 'base64');
  if (raw.toString('base64') !== b64 || raw.length !== 33 || raw[0] !== ED25519) throw new NoteError(`${what}: not an Ed25519 key`);
  return raw.subarray(1);
}

/** The key's '+'-separated fields; the last one (base64) may itself hold '+'. */
function splitKey(text: string, fields: number): string[] | null {
  const parts = text.split('+');
  if (parts.length < fields) return null;
  return [...parts.slice(0, fields - 1), parts.slice(fields - 1).join('+')];
}

export function parseSignerKey(text: string): SignerKey {
  const parts = splitKey(text.trim(), 5);
  if (!parts || parts[0] !== 'PRIVATE' || parts[1] !== 'KEY') throw new NoteError('signer key: expected PRIVATE+KEY+<name>+<id>+<key>');
  const [, , name, idHex, b64] = parts;
  if (!validKeyName(name) || !/^[0-9a-fA-F]{8}$/.test(idHex)) throw new NoteError('signer key: invalid name or key id');
  const seed = keyBytes(b64, 'signer key');
  const publicKey = publicFromSeed(seed);
  const id = keyId(name, publicKey);
  if (hex8(id) !== idHex.toLowerCase()) throw new NoteError('signer key: the key id does not match the key');
  return { name, id, publicKey, seed, text: verifierKeyText(name, publicKey) };
}

export function parseVerifierKey(text: string): VerifierKey {
  const t = text.trim();
  const parts = splitKey(t, 3);
  if (!parts) throw new NoteError('verifier key: expected <name>+<id>+<key>');
  const [name, idHex, b64] = parts;
  if (!validKeyName(name) || !/^[0-9a-fA-F]{8}$/.test(idHex)) throw new NoteError('verifier key: invalid name or key id');
  const publicKey = keyBytes(b64, 'verifier key');
  const id = keyId(name, publicKey);
  if (hex8(id) !== idHex.toLowerCase()) throw new NoteError('verifier key: the key id does not match the key');
  return { name, id, publicKey, text: t };
}

function checkNoteText(text: string): void {
  if (!text.endsWith('\n')) throw new NoteError('note text must end with a newline');
  if (/[\x00-\x09\x0b-\x1f]/.test(text)) throw new NoteError('note text must not contain control characters');
  if (text.isWellFormed && !text.isWellFormed()) throw new NoteError('note text must be valid UTF-8');
}

/** A signature line of `key` over `text` (the note text, final newline included). */
export function signatureLine(key: SignerKey, text: string): string {
  const sig = sign(null, Buffer.from(text, 'utf8'), privateKeyObject(key.seed));
  const idBytes = Buffer.alloc(4);
  idBytes.writeUInt32BE(key.id);
  return `${EM_DASH} ${key.name} ${Buffer.concat([idBytes, sig]).toString('base64')}\n`;
}

/** The note: the text, a blank line, one signature line per key. */
export function signNote(text: string, keys: SignerKey[]): string {
  checkNoteText(text);
  return `${text}\n${keys.map((k) => signatureLine(k, text)).join('')}`;
}

export interface NoteSignature {
  name: string;
  id: number;
  signature: Buffer;
}

export interface ParsedNote {
  text: string;
  signatures: NoteSignature[];
}

/** Splits a signed note into its text and signatures (nothing verified yet). */
export function parseNote(note: string | Buffer): ParsedNote {
  const raw = typeof note === 'string' ? Buffer.from(note, 'utf8') : note;
  if (raw.length > MAX_NOTE_BYTES) throw new NoteError('note too large');
  const s = raw.toString('utf8');
  if (!Buffer.from(s, 'utf8').equals(raw)) throw new NoteError('note is not valid UTF-8');
  if (/[\x00-\x09\x0b-\x1f]/.test(s)) throw new NoteError('note contains control characters');
  const split = s.lastIndexOf('\n\n');
  if (split < 0 || !s.endsWith('\n')) throw new NoteError('malformed note: no signature block');
  const text = s.slice(0, split + 1);
  const lines = s.slice(split + 2, -1).split('\n');
  if (lines.length > MAX_SIGNATURES) throw new NoteError('too many signatures');
  const signatures = lines.map((line) => {
    const m = /^\u2014 (\S+) (\S+)$/u.exec(line);
    if (!m || !validKeyName(m[1])) throw new NoteError(`malformed signature line: ${JSON.stringify(line.slice(0, 80))}`);
    const bytes = Buffer.from(m[2], 'base64');
    // Any well-formed base64 (as Go's decoder takes it), not only the canonical form.
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(m[2]) || m[2].length % 4 !== 0 || bytes.length < 5) throw new NoteError('malformed signature');
    return { name: m[1], id: bytes.readUInt32BE(0), signature: bytes.subarray(4) };
  });
  return { text, signatures };
}

/**
 * The note's text when a signature by one of `keys` verifies. Signatures by unknown keys are
 * ignored; a known key's signature that fails rejects the note (as the spec recommends).
 */
export function openNote(note: string | Buffer, keys: VerifierKey[]): { text: string; verifiedBy: VerifierKey[] } {
  const { text, signatures } = parseNote(note);
  const verifiedBy: VerifierKey[] = [];
  for (const sig of signatures) {
    const key = keys.find((k) => k.name === sig.name && k.id === sig.id);
    if (!key) continue;
    if (!verify(null, Buffer.from(text, 'utf8'), publicKeyObject(key.publicKey), sig.signature)) {
      throw new NoteError(`the signature by ${key.name}+${hex8(key.id)} does not verify`);
    }
    verifiedBy.push(key);
  }
  if (verifiedBy.length === 0) throw new NoteError('no signature by a known key');
  return { text, verifiedBy };
}
