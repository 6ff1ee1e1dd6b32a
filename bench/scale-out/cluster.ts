// The scale-out section's deployment on loopback: a PostgreSQL primary with a streaming standby
// (the embedded binaries, as test/scale/replica.test.ts makes them), N service processes on one
// database, and HAProxy in front (the official load balancer of docker-compose.yml, here the
// machine's own binary) with the instances as a static list: round robin, /ready checks.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../src/platform/postgres/orphan.ts';
import { makeStandby, removeSideFiles } from '../../test/support/standby.ts';
import { serviceEnv } from '../lib/api.ts';
import { createDatabaseOn } from '../lib/postgres.ts';
import { spawnTs, type Child } from '../lib/child.ts';
import { sleep } from '../lib/stats.ts';

export interface Instance {
  index: number;
  url: string;
  child: Child<{ url: string }>;
  pushLog: string;
  killedAt?: number;
}

/** The primary and its standby, for the whole section (each round makes its own database). */
export class Databases {
  private constructor(private readonly dir: string, readonly primaryUrl: string, readonly standbyUrl: string, private readonly stopAll: () => Promise<void>) {}

  static async start(): Promise<Databases> {
    const dir = mkdtempSync(join(tmpdir(), 'practice-bench-scaleout-'));
    chmodSync(dir, 0o711); // as root the server runs as its own user, which must reach its folder
    const { primary, standby, standbyDir } = await makeStandby(join(dir, 'primary'));
    return new Databases(dir, primary.url, standby.url, async () => {
      await standby.stop();
      await primary.stop();
      rmSync(standbyDir, { recursive: true, force: true });
      removeSideFiles(standbyDir);
      removeSideFiles(join(dir, 'primary'));
    });
  }

  /** A new database on the primary (it reaches the standby by replication): the URLs of both. */
  async create(name: string): Promise<{ primary: string; standby: string }> {
    await createDatabaseOn(this.primaryUrl, name);
    const at = (url: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
    const standby = at(this.standbyUrl);
    for (let i = 0; i < 100; i++) {
      const c = new pg.Client({ connectionString: standby });
      if (await c.connect().then(() => true, () => false)) {
        await c.end();
        break;
      }
      await sleep(100);
    }
    return { primary: at(this.primaryUrl), standby };
  }

  async stop(): Promise<void> {
    await this.stopAll();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** N service processes on one database behind HAProxy. */
export class Cluster {
  readonly instances: Instance[] = [];
  private haproxy: ChildProcess | null = null;
  url = '';

  constructor(private readonly dir: string, private readonly env: Record<string, string>) {}

  async start(n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      const pushLog = join(this.dir, `push-${i}.log`);
      writeFileSync(pushLog, '');
      // One after another: the first migrates, the others find it done.
      const child = await spawnTs<{ url: string }>('bench/lib/service-main.ts', { env: { ...this.env, BENCH_PUSH_LOG: pushLog } });
      this.instances.push({ index: i, url: child.ready.url, child, pushLog });
    }
    await this.startBalancer();
  }

  live(): Instance[] {
    return this.instances.filter((i) => i.killedAt === undefined);
  }

  /** kill -9: no shutdown, no lease released, claims and sessions left as they were. */
  async kill(instance: Instance): Promise<void> {
    const exited = new Promise((r) => instance.child.proc.once('exit', r));
    instance.killedAt = performance.now();
    instance.child.proc.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    if (this.haproxy && this.haproxy.exitCode === null) {
      const exited = new Promise((r) => this.haproxy!.once('exit', r));
      this.haproxy.kill('SIGTERM');
      await exited;
    }
    for (const i of this.live().reverse()) await i.child.stop();
  }

  private async startBalancer(): Promise<void> {
    const port = await freePort();
    const cfg = join(this.dir, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig(port, this.instances.map((i) => new URL(i.url))));
    const proc = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    proc.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    process.once('exit', () => proc.exitCode === null && proc.kill('SIGKILL'));
    this.haproxy = proc;
    this.url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i++) {
      if (proc.exitCode !== null) throw new Error(`haproxy exited: ${err}`);
      const up = await fetch(`${this.url}/ready`).then((r) => r.ok, () => false);
      if (up) return;
      await sleep(100);
    }
    throw new Error(`haproxy did not answer: ${err}`);
  }
}

/** deploy/haproxy.cfg's choices (round robin, /ready checks, redispatch, tunnel timeout) with a static list. */
function haproxyConfig(port: number, servers: URL[]): string {
  return `global
  maxconn 8192
defaults
  mode http
  option redispatch
  retries 2
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout http-keep-alive 4s
  timeout http-request 20s
frontend api
  bind 127.0.0.1:${port}
  default_backend app
backend app
  balance roundrobin
  option httpchk GET /ready
  http-check expect status 200
  default-server inter 300ms fall 2 rise 1
${servers.map((u, i) => `  server app${i} ${u.hostname}:${u.port} check`).join('\n')}
`;
}

/** The services' environment: the bench's, with the replica, the SMTP sink and the lease. */
export function clusterEnv(urls: { primary: string; standby: string }, dir: string, smtpUrl: string, leaseMs: number): Record<string, string> {
  return serviceEnv(urls.primary, dir, {
    DATABASE_REPLICA_URL: urls.standby, SMTP_URL: smtpUrl, CONSUMER_LEASE_MS: String(leaseMs),
  });
}
