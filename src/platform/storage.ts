import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Stored files are named by the server only: 128 random bits and a known image extension. */
export const FILE_NAME = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export type FileExtension = 'jpg' | 'png' | 'webp';

export const CONTENT_TYPES: Record<FileExtension, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export const newFileName = (ext: FileExtension) => `${randomBytes(16).toString('hex')}.${ext}`;

/** Where uploaded files live. Names must match FILE_NAME; anything else is treated as absent. */
export interface FileStorage {
  save(name: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read(name: string): Promise<Buffer | null>;
  /** Removing a file that is not there is not an error. */
  remove(name: string): Promise<void>;
}

/** One folder on local disk (`<DATA_DIR>/files`). */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  private path(name: string): string {
    // The strict pattern is the path-traversal guard: no separators, no dots but the extension's.
    if (!FILE_NAME.test(name)) throw new Error('invalid stored file name');
    return join(this.dir, name);
  }

  async save(name: string, data: Buffer): Promise<void> {
    const target = this.path(name);
    await mkdir(this.dir, { recursive: true });
    // Write then rename: a reader never sees half a file, and a crash leaves only a .tmp behind.
    const temp = join(this.dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    try {
      await writeFile(temp, data, { mode: 0o600 });
      await rename(temp, target);
    } finally {
      await rm(temp, { force: true });
    }
  }

  async read(name: string): Promise<Buffer | null> {
    if (!FILE_NAME.test(name)) return null;
    try {
      return await readFile(this.path(name));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(name: string): Promise<void> {
    if (!FILE_NAME.test(name)) return;
    await rm(this.path(name), { force: true });
  }
}

/** The storage of a server: `<dataDir>/files`. */
export const localStorageIn = (dataDir: string): FileStorage => new LocalFileStorage(join(dataDir, 'files'));
