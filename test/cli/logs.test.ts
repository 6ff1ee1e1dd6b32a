import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { ROOT } from './support.ts';
import { freePort } from '../../src/platform/postgres/orphan.ts';

// The start and stop lines of src/main.ts, written for the person who started the server.

describe('server logs: JSON lines with the request id, probes below info', function () {
  this.timeout(90_000);
  let db: TestDatabase;
  let dataDir: string;
  let child: ChildProcess | null = null;

  before(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'practice-logs-'));
  });
  after(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stdout is one JSON object a line; request lines carry requestId; /health, /ready, /metrics are not at info', async () => {
    const port = await freePort();
    const env = {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port),
      DATABASE_URL: db.url, DATA_DIR: dataDir, ADMIN_EMAIL: 'admin@logs.test', ADMIN_PASSWORD: 'Admin12345', BCRYPT_COST: '4', LOG_LEVEL: 'info',
    };
    // stdout is a pipe here, not a terminal: JSON without LOG_FORMAT.
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    let stdout = '';
    let stderr = '';
    proc.stdout!.on('data', (d: Buffer) => { stdout += d.toString(); });
    proc.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
    const url = `http://127.0.0.1:${port}`;
    for (const deadline = Date.now() + 60_000; !(await fetch(`${url}/health`).then((r) => r.ok, () => false)); ) {
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${stdout}${stderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    for (const path of ['/health', '/ready', '/metrics']) expect((await fetch(`${url}${path}`)).status, path).to.be.below(500);
    expect((await fetch(`${url}/api/pacientes/admin`, { headers: { 'X-Request-Id': 'logs-test-1' } })).status).to.equal(401);
    expect((await fetch(`${url}/api/situaciones`)).status).to.be.below(500);
    for (const deadline = Date.now() + 10_000; !stdout.includes('/api/situaciones') && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
    proc.kill('SIGTERM');
    await new Promise((r) => (proc.exitCode !== null ? r(null) : proc.once('exit', r)));

    const lines = stdout.split('\n').filter((l) => l !== '');
    // Not a terminal: the start banner and the shutdown lines are JSON too (announce()).
    const plain = lines.filter((l) => !l.startsWith('{'));
    expect(plain, 'plain-text lines on stdout').to.deep.equal([]);
    const entries = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    const requests = entries.filter((e) => e.msg === 'request');
    expect(requests.length, stdout).to.be.at.least(2);
    for (const r of requests) expect(r.requestId, JSON.stringify(r)).to.be.a('string').and.not.equal('');
    expect(requests.find((r) => r.requestId === 'logs-test-1')).to.include({ level: 30, method: 'GET', path: '/api/pacientes/admin', status: 401 });
    expect(requests.some((r) => r.path === '/api/situaciones')).to.equal(true);
    expect(requests.filter((r) => ['/health', '/ready', '/metrics'].includes(r.path))).to.deep.equal([]);
    expect(entries.find((e) => e.msg === 'API listening')).to.have.property('url', url);
  });
});
