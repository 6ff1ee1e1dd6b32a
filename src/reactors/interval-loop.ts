import type { Logger } from '../platform/logger.ts';

/**
 * A pass run at once and then every `intervalMs`, never two at a time (a slow pass delays the
 * next); a failed pass is logged and the next runs as usual. `stop` waits for the pass in flight.
 */
export class IntervalLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(private readonly pass: () => Promise<unknown>, private readonly intervalMs: number, private readonly what: string, private readonly logger?: Logger) {}

  start(): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.running.then(() => this.pass()).catch((err) => this.logger?.error({ err }, `${this.what} failed`));
    };
    tick();
    this.timer = setInterval(tick, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
