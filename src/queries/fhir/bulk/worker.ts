import type { Clock } from '../../../platform/clock.ts';
import { jobBytes, jobDirs, removeJobDir } from './files.ts';
import { claimJob, deleteExpired, failJob, findJob, finishJob, liveJobIds, withdrawErased, type ExportJob } from './jobs.ts';
import { ExportAbandoned, runExport, type ExportRunOptions } from './export-run.ts';
import { purgeMarks } from './marks.ts';

// The export worker of each instance: one job at a time (an export is a long read; several at
// once would only share the same two cores), claimed under a lease so that any instance may run
// any job and a dead instance's job is taken over. Expired jobs and their files are swept here too.

export interface ExportWorkerOptions extends Omit<ExportRunOptions, 'afterPage'> {
  clock: Clock;
  /** This instance's name in the jobs' owner column. */
  owner: string;
  ttlHours: number;
  /** How often an idle worker looks for a job (a kick-off in this instance wakes it at once). */
  pollMs: number;
  sweepMs: number;
  /** Writes the access log of a finished export (one row per patient exported; filled in by the composition root). */
  recordAccess: (job: ExportJob, patients: Set<number>) => Promise<void>;
}

/** The workers of this process, woken by a kick-off here (another instance's find it at their next poll). */
const running = new Set<FhirExportWorker>();
export const nudgeExportWorkers = () => { for (const w of running) w.nudge(); };

export class FhirExportWorker {
  /** Tests: called after each page is written (see export-run.ts). */
  afterPage?: (job: ExportJob) => Promise<void>;
  private stopped = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private lastSweep = 0;

  constructor(private readonly o: ExportWorkerOptions) {}

  start(): void {
    running.add(this);
    this.loop ??= this.run();
  }

  /** A job was queued here: look now rather than at the next poll. */
  nudge(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    running.delete(this);
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let worked = false;
      try {
        if (Date.now() - this.lastSweep >= this.o.sweepMs) await this.sweep();
        const job = await claimJob(this.o.knex, this.o.owner, this.o.leaseMs, this.o.clock.now());
        if (job) {
          await this.runOne(job);
          worked = true;
        }
      } catch (err) {
        this.o.logger.error({ err }, 'bulk export worker');
      }
      if (!worked && !this.stopped) await this.sleep(this.o.pollMs);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    }).then(() => { this.wake = null; });
  }

  private async runOne(job: ExportJob): Promise<void> {
    // A takeover starts from scratch: the previous attempt's files go.
    if (job.intento > 1) await removeJobDir(this.o.dataDir, job.id);
    try {
      const { salida, patients } = await runExport({ ...this.o, afterPage: this.afterPage }, job);
      const now = this.o.clock.now();
      const kept = { ...salida, pacientes: [...patients], bytes: await jobBytes(this.o.dataDir, job.id) };
      if (!(await finishJob(this.o.knex, job, kept, now, new Date(now.getTime() + this.o.ttlHours * 3_600_000)))) throw new ExportAbandoned();
      await this.o.recordAccess(job, patients);
    } catch (err) {
      if (err instanceof ExportAbandoned) {
        // Cancelled (the row is gone): nothing of it stays. Taken over: the new owner's business.
        if (!(await findJob(this.o.knex, job.id))) await removeJobDir(this.o.dataDir, job.id);
        return;
      }
      this.o.logger.error({ err, jobId: job.id }, 'bulk export failed');
      await failJob(this.o.knex, job, { status: 500, text: 'The export failed; start a new one' }, this.o.clock.now());
      await removeJobDir(this.o.dataDir, job.id);
    }
  }

  /** Expired jobs and their files, those holding a patient erased since, and the marks of jobs gone; folders of jobs nobody knows any more (cancelled on another instance). */
  async sweep(): Promise<void> {
    this.lastSweep = Date.now();
    for (const id of await deleteExpired(this.o.knex, this.o.clock.now())) await removeJobDir(this.o.dataDir, id);
    for (const id of await withdrawErased(this.o.knex)) await removeJobDir(this.o.dataDir, id);
    await purgeMarks(this.o.knex, this.o.clock.now());
    const onDisk = await jobDirs(this.o.dataDir);
    const live = await liveJobIds(this.o.knex, onDisk);
    for (const id of onDisk) if (!live.has(id)) await removeJobDir(this.o.dataDir, id);
  }
}
