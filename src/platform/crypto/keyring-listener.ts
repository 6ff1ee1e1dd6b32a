import pg from 'pg';

/**
 * Announces that data keys were destroyed. The payload names no one (any login may LISTEN, and a
 * subject is a person's id): listeners forget every cached key, which is cheap since destructions
 * are rare (erasures, ends of retention) and PostgreSQL folds equal payloads of one transaction.
 */
export const KEYS_CHANNEL = 'practice_keys';
export const KEYS_DESTROYED = 'destroyed';

/**
 * One LISTEN connection on KEYS_CHANNEL for a key ring: when any process destroys a key (an erasure,
 * the retention reactor) this process's cache is emptied as soon as the commit is announced.
 * While the connection is down nothing is known to be fresh: `connected` is false, the ring then
 * serves no key from its cache, and on every (re)connection the whole cache is forgotten, since
 * announcements sent meanwhile are lost.
 */
export class KeyDestructionListener {
  connected = false;
  private client: pg.Client | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly connectionString: string,
    /** Forget every cached key: one was destroyed, or announcements may have been missed. */
    private readonly forget: () => void,
    private readonly retryMs = 1000,
  ) {}

  start(): void {
    if (this.client || this.stopped) return;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    this.connected = false;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: 'practice-key-watch' });
    this.client = client;
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.connected = false;
      void client.end().catch(() => {});
      if (this.stopped) return;
      this.timer = setTimeout(() => this.start(), this.retryMs);
      this.timer.unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (n) => {
      if (n.channel === KEYS_CHANNEL) this.forget();
    });
    try {
      await client.connect();
      await client.query(`listen ${KEYS_CHANNEL}`);
      if (this.client !== client) return;
      this.forget();
      this.connected = true;
    } catch {
      lost();
    }
  }
}
