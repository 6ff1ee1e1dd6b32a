import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { Writable } from 'node:stream';
import { loadConfig } from '../../src/platform/config.ts';
import { RecordingPush } from '../../src/reactors/push/push.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { createPracticeClient } from '../../client/src/index.ts';
import { pacienteBody } from '../http/helpers.ts';
import { UNTHROTTLED } from '../support/limits.ts';
import { startSmtpServer } from '../support/smtp.ts';

import { makeStandby, applyDelay, removeSideFiles } from '../support/standby.ts';

const ADMIN = { email: 'admin@replica.local', password: 'Admin12345' };
const TOKEN = 'x-consistency-token';

describe('read replica (DATABASE_REPLICA_URL): list reads on a streaming standby, read-your-writes with the token', function () {
  this.timeout(180_000);
  const primaryDir = mkdtempSync(join(tmpdir(), 'practice-primary-'));
  let db: Awaited<ReturnType<typeof makeStandby>>;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const warnings: string[] = [];
  let dataDir: string;

  async function start(env: Record<string, string>): Promise<RunningServer> {
    const logger = pino({ level: 'warn' }, new Writable({ write: (chunk, _e, cb) => void (warnings.push(String(chunk)), cb()) }));
    const config = loadConfig({
      NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: db.primary.url, DATABASE_REPLICA_URL: db.standby.url,
      SMTP_URL: smtp.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, BCRYPT_COST: '4', PRACTICE_TIMEZONE: 'Europe/Madrid',
      ...UNTHROTTLED, ...env,
    });
    return startServer({ config, push: new RecordingPush(), logger: logger as never });
  }

  async function call(srv: RunningServer, method: string, path: string, o: { token?: string; body?: unknown; consistency?: string | null } = {}) {
    const headers: Record<string, string> = {};
    if (o.token) headers.Authorization = `Bearer ${o.token}`;
    if (o.consistency) headers[TOKEN] = o.consistency;
    if (o.body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${srv.url}${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as any, token: res.headers.get(TOKEN) };
  }

  async function adminToken(srv: RunningServer): Promise<string> {
    const r = await call(srv, 'POST', '/auth/login', { body: ADMIN });
    return r.body.token;
  }

  let n = 0;
  const create = (srv: RunningServer, admin: string) =>
    call(srv, 'POST', '/api/admin/situaciones', { token: admin, body: { nombre: `Situación ${++n}`, categoria: 'Relacional' } });
  const listed = async (srv: RunningServer, admin: string, consistency: string | null) => {
    const r = await call(srv, 'GET', '/api/admin/situaciones', { token: admin, consistency });
    expect(r.status).to.equal(200);
    return (r.body as { nombre: string }[]).map((s) => s.nombre);
  };

  /** What a failure of the lag assertions needs to be understood: the standby's delay, lag and stream, and the server's warnings. */
  async function standbyState(): Promise<string> {
    const c = new pg.Client({ connectionString: db.standby.url });
    await c.connect();
    try {
      const { rows } = await c.query("select current_setting('recovery_min_apply_delay') as delay, now() - pg_last_xact_replay_timestamp() as lag, (select status from pg_stat_wal_receiver) as receiver");
      return `standby ${JSON.stringify(rows[0])}; warnings: ${warnings.join(' ').slice(0, 1500)}`;
    } finally {
      await c.end();
    }
  }

  before(async () => {
    db = await makeStandby(primaryDir);
    smtp = await startSmtpServer();
    dataDir = mkdtempSync(join(tmpdir(), 'practice-replica-data-'));
  });

  after(async () => {
    await db?.standby.stop();
    await db?.primary.stop();
    await smtp?.close();
    for (const d of [primaryDir, db?.standbyDir, dataDir]) if (d) rmSync(d, { recursive: true, force: true });
    for (const d of [primaryDir, db?.standbyDir]) if (d) removeSideFiles(d);
  });

  // 1 s behind: a write answers well within that even on a loaded machine (at 200 ms a slow write's
  // answer came after the standby had replayed it, and reads without the token looked fresh).
  describe('a standby 1 s behind, REPLICA_WAIT_MS 3000', () => {
    let srv: RunningServer;
    let admin: string;
    before(async () => {
      srv = await start({ REPLICA_WAIT_MS: '3000' });
      admin = await adminToken(srv);
    });
    after(() => srv?.close());

    it('a write answers a consistency token; a read sending it back is never stale (20 rounds), a read without it is (served by the standby)', async () => {
      await applyDelay(db.standby.url, 1000);
      let stale = 0;
      let staleWithout = 0;
      for (let i = 0; i < 20; i++) {
        const w = await create(srv, admin);
        expect(w.status).to.equal(201);
        expect(w.token).to.match(/^[A-Za-z0-9_-]+$/);
        if (!(await listed(srv, admin, null)).includes(w.body.nombre)) staleWithout++;
        if (!(await listed(srv, admin, w.token)).includes(w.body.nombre)) stale++;
      }
      expect(stale).to.equal(0);
      // Without the token the standby answers at once, before it has replayed the write.
      expect(staleWithout, staleWithout > 15 ? '' : await standbyState()).to.be.greaterThan(15);
    });

    it('the typed client sends its last write\'s token back: its lists are never stale (10 rounds); without it they are', async () => {
      await applyDelay(db.standby.url, 1000);
      const client = createPracticeClient({ baseUrl: srv.url, token: admin });
      const eventual = createPracticeClient({ baseUrl: srv.url, token: admin, readYourWrites: false });
      let stale = 0;
      let staleEventual = 0;
      for (let i = 0; i < 10; i++) {
        const created = await client.POST('/api/admin/situaciones', { body: { nombre: `Situación ${++n}`, categoria: 'Relacional' } });
        expect(created.response.status).to.equal(201);
        const nombre = created.data!.nombre;
        if (!(await eventual.GET('/api/admin/situaciones')).data!.some((x) => x.nombre === nombre)) staleEventual++;
        if (!(await client.GET('/api/admin/situaciones')).data!.some((x) => x.nombre === nombre)) stale++;
      }
      expect(stale).to.equal(0);
      expect(staleEventual, staleEventual > 7 ? '' : await standbyState()).to.be.greaterThan(7);
    });

    it('a clinical list read on the standby writes its access log on the primary (the standby stays in use)', async () => {
      const reg = await call(srv, 'POST', '/auth/register-paciente', { body: pacienteBody() });
      expect(reg.status).to.be.within(200, 201);
      const w = await call(srv, 'POST', '/api/diario-emocional', { token: reg.body.token, body: { emocion: 'Calma', intensidad: 4, nota: 'bien' } });
      expect(w.status).to.equal(201);
      warnings.length = 0;
      const r = await call(srv, 'GET', '/api/admin/diario-emocional', { token: admin, consistency: w.token });
      expect(r.status).to.equal(200);
      expect(r.body.map((e: { idPaciente: number }) => e.idPaciente)).to.include(reg.body.idPaciente);
      expect(warnings.join('\n')).not.to.match(/read replica unavailable/);
      const primary = new pg.Client({ connectionString: db.primary.url });
      await primary.connect();
      const logged = await primary.query('select 1 from accesos_clinicos where id_paciente = $1 and recurso = $2', [reg.body.idPaciente, 'DIARIO']);
      await primary.end();
      expect(logged.rowCount).to.equal(1);
    });

    it('a token that is not one of ours is a 400 in the error body', async () => {
      for (const bad of ['not/base64!', Buffer.from('x/1').toString('base64url'), 'A'.repeat(300)]) {
        const r = await call(srv, 'GET', '/api/admin/situaciones', { token: admin, consistency: bad });
        expect(r.status, bad).to.equal(400);
        expect(r.body.mensaje).to.match(/X-Consistency-Token/);
      }
    });
  });

  describe('a standby 4 s behind, REPLICA_WAIT_MS 100', () => {
    let srv: RunningServer;
    let admin: string;
    before(async () => {
      // Far behind, so that a loaded machine's slow requests still finish long before the standby catches up.
      await applyDelay(db.standby.url, 4_000);
      srv = await start({ REPLICA_WAIT_MS: '100' });
      admin = await adminToken(srv);
    });
    after(() => srv?.close());

    it('past REPLICA_WAIT_MS the primary answers a read with the token: fresh, without waiting for the standby', async () => {
      for (let i = 0; i < 5; i++) {
        const w = await create(srv, admin);
        const t0 = Date.now();
        expect(await listed(srv, admin, w.token)).to.include(w.body.nombre);
        expect(Date.now() - t0).to.be.below(3_000); // waiting for the standby would take ~4 s
        expect(await listed(srv, admin, null)).not.to.include(w.body.nombre); // the standby is still behind
      }
    });

    it('a standby that is down: the primary answers with a warning, never a 500', async () => {
      const w = await create(srv, admin);
      await db.standby.stop();
      warnings.length = 0;
      for (let i = 0; i < 5; i++) {
        expect(await listed(srv, admin, null)).to.include(w.body.nombre);
        expect(await listed(srv, admin, w.token)).to.include(w.body.nombre);
      }
      const lines = warnings.map((l) => JSON.parse(l) as { level: number; msg: string });
      expect(lines.filter((l) => /read replica unavailable/.test(l.msg))).to.have.length(1);
      expect(warnings.join('\n')).not.to.include(decodeURIComponent(new URL(db.primary.url).password));
    });
  });
});
