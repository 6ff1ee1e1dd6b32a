import { NoteError, openNote, signNote, type SignerKey, type VerifierKey } from './note.ts';

// Checkpoints in the c2sp.org/tlog-checkpoint format: a signed note whose text is
//   <origin>\n<tree size, decimal, no leading zeroes>\n<base64 root hash>\n
// (no extension lines are written; any present are kept as read).

export interface Checkpoint {
  origin: string;
  size: number;
  root: Buffer;
  extensions: string[];
}

export function checkpointText(origin: string, size: number, root: Buffer): string {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`invalid tree size ${size}`);
  if (root.length !== 32) throw new RangeError('a root hash has 32 bytes');
  return `${origin}\n${size}\n${root.toString('base64')}\n`;
}

export function signCheckpoint(origin: string, size: number, root: Buffer, keys: SignerKey[]): string {
  return signNote(checkpointText(origin, size, root), keys);
}

export function parseCheckpointText(text: string): Checkpoint {
  const lines = text.split('\n');
  if (lines.pop() !== '' || lines.length < 3) throw new NoteError('checkpoint: expected origin, size and root lines');
  const [origin, sizeText, rootText, ...extensions] = lines;
  if (origin.length === 0) throw new NoteError('checkpoint: empty origin');
  if (!/^(0|[1-9][0-9]*)$/.test(sizeText) || !Number.isSafeInteger(Number(sizeText))) throw new NoteError('checkpoint: invalid tree size');
  const root = Buffer.from(rootText, 'base64');
  if (root.length !== 32 || root.toString('base64') !== rootText) throw new NoteError('checkpoint: invalid root hash');
  if (extensions.some((l) => l.length === 0)) throw new NoteError('checkpoint: empty extension line');
  return { origin, size: Number(sizeText), root, extensions };
}

/** A checkpoint whose signature by one of `keys` verifies; its origin must be the key's name. */
export function openCheckpoint(note: string | Buffer, keys: VerifierKey[]): Checkpoint & { verifiedBy: VerifierKey[] } {
  const { text, verifiedBy } = openNote(note, keys);
  const cp = parseCheckpointText(text);
  const byOrigin = verifiedBy.filter((k) => k.name === cp.origin);
  if (byOrigin.length === 0) throw new NoteError(`checkpoint: origin ${cp.origin} is not the name of the key that signed it`);
  return { ...cp, verifiedBy: byOrigin };
}
