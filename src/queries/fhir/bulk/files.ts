import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExportFile } from './jobs.ts';

// An export's files: DATA_DIR/fhir-export/<jobId>/, the folder 0700 and each file 0600 (health
// data at rest, readable by the service's user only). Names carry the attempt, so that a worker
// that lost its lease and is still finishing a page never writes into its successor's files.

export const EXPORT_ROOT = 'fhir-export';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** `<attempt>-<Type>-<n>.ndjson`, as written below: anything else is not ours to serve. */
export const FILE_NAME = /^\d{1,6}-[A-Za-z]{1,64}-\d{1,6}\.ndjson$/;

export const isJobId = (id: string) => UUID.test(id);
export const jobDir = (dataDir: string, jobId: string) => join(dataDir, EXPORT_ROOT, jobId);

export async function makeJobDir(dataDir: string, jobId: string): Promise<string> {
  const dir = jobDir(dataDir, jobId);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export async function removeJobDir(dataDir: string, jobId: string): Promise<void> {
  if (isJobId(jobId)) await rm(jobDir(dataDir, jobId), { recursive: true, force: true });
}

/** The job folders present on disk (a sweep compares them with the jobs still known). */
export async function jobDirs(dataDir: string): Promise<string[]> {
  try {
    return (await readdir(join(dataDir, EXPORT_ROOT))).filter(isJobId);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** The size of a job's files (BULK_EXPORT_MAX_KEPT_MB counts what finished exports keep). */
export async function jobBytes(dataDir: string, jobId: string): Promise<number> {
  const dir = jobDir(dataDir, jobId);
  const sizes = await Promise.all((await readdir(dir)).map(async (name) => (await stat(join(dir, name))).size));
  return sizes.reduce((a, b) => a + b, 0);
}

/**
 * One type's NDJSON, one resource per line, in files of at most `maxLines` (a client may fetch
 * them in parallel). Written as pages come, waiting for the disk when its buffer is full, so
 * memory stays flat whatever the export's size.
 */
export class NdjsonFiles {
  private stream: WriteStream | null = null;
  private readonly files: ExportFile[] = [];
  /** A stream's error (a folder removed by a cancellation, a full disk), thrown at the next write. */
  private failure: Error | null = null;

  /** `label` names the files (the type, or `deleted`, `error`); `type` is the manifest's. */
  constructor(
    private readonly dir: string, private readonly attempt: number, private readonly type: string,
    private readonly maxLines: number, private readonly label = type,
  ) {}

  async write(lines: unknown[]): Promise<void> {
    for (const line of lines) {
      if (this.failure) throw this.failure;
      if (!this.stream || this.files[this.files.length - 1].count >= this.maxLines) await this.next();
      this.files[this.files.length - 1].count++;
      const s = this.stream!;
      if (!s.write(`${JSON.stringify(line)}\n`)) await drained(s);
    }
  }

  /** The files written (none when there was nothing to write), closed and flushed. */
  async close(): Promise<ExportFile[]> {
    await this.end();
    return this.files;
  }

  /** Gives up (a cancelled or failed export): the open file is closed as it is. */
  destroy(): void {
    this.stream?.destroy();
    this.stream = null;
  }

  private async next(): Promise<void> {
    await this.end();
    const name = `${this.attempt}-${this.label}-${this.files.length + 1}.ndjson`;
    this.stream = createWriteStream(join(this.dir, name), { flags: 'wx', mode: 0o600 });
    this.stream.on('error', (err) => { this.failure ??= err; });
    this.files.push({ type: this.type, name, count: 0 });
  }

  private async end(): Promise<void> {
    const s = this.stream;
    if (!s) return;
    this.stream = null;
    if (!s.destroyed) await new Promise<void>((resolve) => s.once('close', resolve).end());
    if (this.failure) throw this.failure;
  }
}

/** Until the stream's buffer empties, or it closes on an error (the next write throws it). */
function drained(s: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      s.off('drain', done).off('close', done);
      resolve();
    };
    s.on('drain', done).on('close', done);
  });
}
