import pg from 'pg';

/** Announces a destroyed data key (payload `subject|purpose`: ids and a purpose, no personal data). */
export const KEYS_CHANNEL = 'practice_keys';

/**
 * One LISTEN connection on KEYS_CHANNEL for a key ring: a key destroyed by any process (an erasure,
 * the retention reactor) is evicted from this process's cache as soon as the commit is announced.
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
    private readonly onDestroyed: (cacheKey: string) => void,
    private readonly onGap: () => void,
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
      if (n.channel === KEYS_CHANNEL && n.payload) this.onDestroyed(n.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${KEYS_CHANNEL}`);
      if (this.client !== client) return;
      this.onGap();
      this.connected = true;
    } catch {
      lost();
    }
  }
}
