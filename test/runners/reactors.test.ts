import { expect } from 'chai';
import { createServer } from 'node:net';
import type { Knex } from 'knex';
import { openEventStore } from '../../src/eventstore/open.ts';
import type { EventStore, Position } from '../../src/eventstore/port.ts';
import { createKnex } from '../../src/platform/database.ts';
import { CheckpointRunner } from '../../src/projections/runner.ts';
import { createMailer, type MailMessage } from '../../src/reactors/mail/mailer.ts';
import { welcomeMailReactor } from '../../src/reactors/mail/welcome.ts';
import { OutboxWorker } from '../../src/reactors/outbox.ts';
import { enqueue, reactorHandlers, type Reactor } from '../../src/reactors/reactor.ts';
import { rebuildProjections } from '../../src/cli/rebuild-projections.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { newEvent, sleep, testConfig } from './support.ts';

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;

async function deadPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function registerUsers(store: EventStore, ids: number[]): Promise<Position[]> {
  const positions: Position[] = [];
  for (const id of ids) {
    const r = await store.append([{
      streamId: `usuario-${id}`, expected: 'noStream',
      events: [newEvent('UsuarioRegistrado', { idUsuario: id, nombre: `Nombre${id}`, apellido: 'Prueba', email: `u${id}@example.com`, emailHash: `h${id}`, passwordHash: 'x', dni: null, rol: 'PACIENTE' })],
    }]);
    positions.push(r.position);
  }
  return positions;
}

async function outboxRows(knex: Knex) {
  const { rows } = await knex.raw('select id::int, dedupe_key, status, attempts, payload, last_error, sent_at, next_attempt_at, extract(epoch from next_attempt_at - now())::float as due_in from outbox order by id');
  return rows as { id: number; dedupe_key: string; status: string; attempts: number; payload: any; last_error: string | null; sent_at: Date | null; due_in: number }[];
}

async function waitUntil(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

const recipients = (smtp: Smtp, from = 0) => smtp.mails.slice(from).flatMap((m) => m.to).sort();

describe('reactors and the outbox (PostgreSQL, real SMTP)', function () {
  this.timeout(30_000);
  let db: TestDatabase;
  let smtp: Smtp;
  let store: EventStore;
  const stoppers: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    db = await createTestDatabase();
    smtp = await startSmtpServer();
    ({ store } = await openEventStore(testConfig(db.url), db.knex, db.url));
  });
  afterEach(async () => {
    for (const stop of stoppers.splice(0).reverse()) await stop();
    await store.close();
    await smtp.close();
    await db.drop();
  });

  const mailerFor = (url: string) => createMailer({ smtpUrl: url, from: 'Consulta <no-reply@test.local>', dataDir: '/nonexistent-practice-test' });

  it('a reactor that crashes mid-batch, then restarts, enqueues and sends each mail exactly once', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => i + 1);
    const positions = await registerUsers(store, ids);
    let fault = true;
    const crashing: Reactor = {
      name: welcomeMailReactor.name,
      handles: welcomeMailReactor.handles,
      async react(trx, event) {
        if (fault && (event.data as { idUsuario: number }).idUsuario === 8) throw new Error('crash mid-batch');
        await welcomeMailReactor.react(trx, event);
      },
    };
    const worker = new OutboxWorker(db.knex, { mail: (p: MailMessage) => mailerFor(smtp.url).send(p) }, undefined, 25);
    worker.start();
    stoppers.push(() => worker.stop());

    const first = new CheckpointRunner(db.knex, store, reactorHandlers([crashing]), { table: 'reactor_checkpoints', batchSize: 5 });
    expect(await first.runBatch(first.handlers[0])).to.equal(true);
    const crashed = await first.runBatch(first.handlers[0]).then(() => null, (err: Error) => err);
    expect(crashed?.message).to.equal('crash mid-batch');
    expect((await outboxRows(db.knex)).map((r) => r.dedupe_key)).to.have.length(5);
    expect(await db.knex('reactor_processed').count({ n: '*' }).first()).to.deep.equal({ n: '5' });
    expect((await db.knex('reactor_checkpoints').where({ name: crashing.name }).first())?.position).to.equal(positions[4]);

    fault = false;
    const restarted = new CheckpointRunner(db.knex, store, reactorHandlers([crashing]), { table: 'reactor_checkpoints', batchSize: 5 });
    restarted.start();
    stoppers.push(() => restarted.stop());
    expect(await restarted.waitFor(positions[11], 10_000)).to.equal(true);
    await smtp.waitFor(12);
    await waitUntil(async () => (await outboxRows(db.knex)).every((r) => r.status === 'SENT'), 5_000, 'all SENT');
    await sleep(300);
    expect(recipients(smtp)).to.deep.equal(ids.map((i) => `u${i}@example.com`).sort());

    // Even a lost reactor checkpoint replays nothing: the processed-event table dedupes by event id.
    await db.knex('reactor_checkpoints').delete();
    expect(await restarted.waitFor(positions[11], 5_000)).to.equal(true);
    expect(await db.knex('outbox').count({ n: '*' }).first()).to.deep.equal({ n: '12' });
    await sleep(200);
    expect(smtp.mails).to.have.length(12);

    const rows = await outboxRows(db.knex);
    expect(rows.map((r) => r.status)).to.deep.equal(Array(12).fill('SENT'));
    expect(rows.map((r) => r.attempts)).to.deep.equal(Array(12).fill(1));
    // Sent rows keep no personal data.
    for (const r of rows) {
      expect(r.payload).to.deep.equal({});
      expect(r.last_error).to.equal(null);
      expect(r.dedupe_key).to.not.match(/@/);
    }
  });

  it('OutboxWorker retries a failing send with backoff, marks it SENT once, and gives up after its attempts', async () => {
    let target = mailerFor(`smtp://127.0.0.1:${await deadPort()}`); // connection refused, a real transport error
    const worker = new OutboxWorker(db.knex, { mail: (p: MailMessage) => target.send(p) });
    const mail = { to: 'ana@example.com', subject: 'Hola', text: 'Texto' };
    await db.knex.transaction((trx) => enqueue(trx, 'mail', 'k-1', mail));
    const due = () => db.knex('outbox').update({ next_attempt_at: db.knex.raw("now() - interval '1 second'") });

    expect(await worker.drainOnce()).to.equal(1);
    let [row] = await outboxRows(db.knex);
    expect(row).to.include({ status: 'PENDING', attempts: 1 });
    expect(row.due_in).to.be.within(1.5, 2.1);
    expect(row.payload).to.deep.equal(mail);
    expect(row.last_error).to.be.a('string').and.not.match(/ana|example/);
    expect(await worker.drainOnce(), 'not due before its backoff').to.equal(0);

    await due();
    expect(await worker.drainOnce()).to.equal(1);
    [row] = await outboxRows(db.knex);
    expect(row).to.include({ status: 'PENDING', attempts: 2 });
    expect(row.due_in).to.be.within(3.5, 4.1);

    target = mailerFor(smtp.url);
    await due();
    expect(await worker.drainOnce()).to.equal(1);
    [row] = await outboxRows(db.knex);
    expect(row).to.include({ status: 'SENT', attempts: 3, last_error: null });
    expect(row.sent_at).to.be.instanceOf(Date);
    expect(row.payload).to.deep.equal({});
    await due();
    expect(await worker.drainOnce(), 'a SENT row is never claimed again').to.equal(0);
    await sleep(100);
    expect(recipients(smtp)).to.deep.equal(['ana@example.com']);

    // A row that keeps failing ends FAILED, its payload emptied too.
    target = mailerFor(`smtp://127.0.0.1:${await deadPort()}`);
    await db.knex.transaction((trx) => enqueue(trx, 'mail', 'k-2', { ...mail, to: 'luis@example.com' }));
    await db.knex('outbox').where({ dedupe_key: 'k-2' }).update({ attempts: 9 });
    expect(await worker.drainOnce()).to.equal(1);
    const failed = (await outboxRows(db.knex)).find((r) => r.dedupe_key === 'k-2')!;
    expect(failed).to.include({ status: 'FAILED', attempts: 10 });
    expect(failed.payload).to.deep.equal({});
    expect(smtp.mails).to.have.length(1);
  });

  it('a delivery that outlives its claim does not undo the worker that took the row over', async () => {
    let releaseSlow: (err?: Error) => void = () => {};
    const slow = new OutboxWorker(db.knex, {
      mail: () => new Promise<void>((resolve, reject) => { releaseSlow = (err) => (err ? reject(err) : resolve()); }),
    }, undefined, 250, 60_000); // renewed only every 20 s: the claim expired by hand below stays expired
    const fast = new OutboxWorker(db.knex, { mail: (p: MailMessage) => mailerFor(smtp.url).send(p) });
    await db.knex.transaction((trx) => enqueue(trx, 'mail', 'k-1', { to: 'ana@example.com', subject: 'Hola', text: 'Texto' }));
    const slowDrain = slow.drainOnce();
    await waitUntil(async () => (await outboxRows(db.knex))[0].status === 'SENDING', 5_000, 'claimed');
    await db.knex('outbox').update({ next_attempt_at: db.knex.raw("now() - interval '1 second'") }); // the claim expires
    expect(await fast.drainOnce()).to.equal(1);
    expect((await outboxRows(db.knex))[0]).to.include({ status: 'SENT', attempts: 2 });
    releaseSlow(new Error('timed out'));
    await slowDrain;
    const [row] = await outboxRows(db.knex);
    expect(row).to.include({ status: 'SENT', attempts: 2, last_error: null });
    expect(row.payload).to.deep.equal({});
    expect(smtp.mails).to.have.length(1);
  });

  it('two workers (two processes) share the outbox and send each row once', async () => {
    const otherKnex = createKnex(db.url, 4);
    stoppers.push(() => otherKnex.destroy());
    const send = (p: MailMessage) => mailerFor(smtp.url).send(p);
    const a = new OutboxWorker(db.knex, { mail: send });
    const b = new OutboxWorker(otherKnex, { mail: send });
    await db.knex.transaction(async (trx) => {
      for (let i = 0; i < 20; i++) await enqueue(trx, 'mail', `k-${i}`, { to: `r${i}@example.com`, subject: 's', text: 't' });
      await enqueue(trx, 'mail', 'k-0', { to: 'again@example.com', subject: 's', text: 't' }); // same key: ignored
    });
    const drain = async (w: OutboxWorker) => { while ((await w.drainOnce(3)) > 0); };
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    await sleep(100);
    expect(recipients(smtp)).to.deep.equal(Array.from({ length: 20 }, (_, i) => `r${i}@example.com`).sort());
    expect((await outboxRows(db.knex)).every((r) => r.status === 'SENT' && r.attempts === 1)).to.equal(true);
  });

  it("keeps a live worker's claims past their expiry, and takes a dead one's over within the claim: each mail once", async () => {
    const claimMs = 600;
    const otherKnex = createKnex(db.url, 4);
    stoppers.push(() => otherKnex.destroy());
    await db.knex.transaction(async (trx) => {
      for (let i = 0; i < 3; i++) await enqueue(trx, 'mail', `k-${i}`, { to: `r${i}@example.com`, subject: 's', text: 't' });
    });
    // A claims the three and hangs in its first send (a slow SMTP server), alive: it renews its claims.
    const a = new OutboxWorker(db.knex, { mail: () => new Promise<void>(() => {}) }, undefined, 25, claimMs);
    a.start();
    await waitUntil(async () => (await outboxRows(db.knex)).every((r) => r.status === 'SENDING'), 5_000, 'A claims all');
    const b = new OutboxWorker(otherKnex, { mail: (p: MailMessage) => mailerFor(smtp.url).send(p) }, undefined, 25, claimMs);
    b.start();
    stoppers.push(() => b.stop());
    await sleep(3 * claimMs);
    expect(smtp.mails, 'B leaves a live holder its rows').to.have.length(0);
    expect((await outboxRows(db.knex)).map((r) => r.attempts)).to.deep.equal([1, 1, 1]);
    // A dies mid-claim: its renewals stop and nothing is released.
    const diedAt = Date.now();
    a.abandon();
    await waitUntil(async () => smtp.mails.length >= 3, 10_000, 'B sends them');
    expect(Date.now() - diedAt, 'taken over within the claim and a poll').to.be.below(2 * claimMs + 500);
    await sleep(2 * claimMs);
    expect(recipients(smtp)).to.deep.equal(['r0@example.com', 'r1@example.com', 'r2@example.com']);
    expect((await outboxRows(db.knex)).map((r) => [r.status, r.attempts])).to.deep.equal([['SENT', 2], ['SENT', 2], ['SENT', 2]]);
  });
  it('sends pushes while a slow mail server takes its time: each kind in its own order, side by side', async () => {
    await db.knex.transaction(async (trx) => {
      for (let i = 0; i < 3; i++) {
        await enqueue(trx, 'mail', `slow-${i}:mail`, { to: `r${i}@example.com`, subject: 's', text: 't' });
        await enqueue(trx, 'push', `slow-${i}:push`, { token: `t${i}`, title: 't', body: 'b' });
      }
    });
    const sent: string[] = [];
    const t0 = Date.now();
    const pushedAt: number[] = [];
    const worker = new OutboxWorker(db.knex, {
      mail: async (p: MailMessage) => { await sleep(400); sent.push(p.to); },
      push: async (p: { token: string }) => { sent.push(p.token); pushedAt.push(Date.now() - t0); },
    }, undefined, 25);
    worker.start();
    stoppers.push(() => worker.stop());
    await waitUntil(async () => sent.length === 6, 10_000, 'all sent');
    expect(Math.max(...pushedAt), 'the three pushes before the first slow mail is done').to.be.below(400);
    expect(sent.filter((x) => x.startsWith('r'))).to.deep.equal(['r0@example.com', 'r1@example.com', 'r2@example.com']);
    expect(sent.filter((x) => x.startsWith('t'))).to.deep.equal(['t0', 't1', 't2']);
  });

  it('gives a notice re-sent after a crash the Message-ID of the first send, so mail clients show it once', async () => {
    const claimMs = 400;
    const otherKnex = createKnex(db.url, 4);
    stoppers.push(() => otherKnex.destroy());
    await db.knex.transaction(async (trx) => {
      await enqueue(trx, 'mail', 'cita:1:mail:7', { to: 'r0@example.com', subject: 's', text: 't' });
      await enqueue(trx, 'mail', 'cita:2:mail:7', { to: 'r1@example.com', subject: 's', text: 't' });
    });
    // A sends both, then dies before marking them sent: B sends them again after the claim.
    const first = new OutboxWorker(db.knex, { mail: async (p: MailMessage, row) => {
      await mailerFor(smtp.url).send({ ...p, noticeId: row.noticeId });
      await new Promise<void>(() => {});
    } }, undefined, 25, claimMs);
    first.start();
    await waitUntil(async () => smtp.mails.length >= 1, 5_000, 'A sends the first');
    first.abandon();
    const b = new OutboxWorker(otherKnex, { mail: (p: MailMessage, row) => mailerFor(smtp.url).send({ ...p, noticeId: row.noticeId }) }, undefined, 25, claimMs);
    b.start();
    stoppers.push(() => b.stop());
    await waitUntil(async () => smtp.mails.length >= 3, 10_000, 'B re-sends');
    const ids = smtp.mails.map((m) => [m.to[0], /^Message-ID: *(.*)$/im.exec(m.raw)?.[1]]);
    expect(ids[0][1], 'a Message-ID on the mail').to.match(/^<[0-9a-f]{32}@/);
    expect(ids.filter(([to]) => to === 'r0@example.com').map(([, id]) => id)).to.deep.equal([ids[0][1], ids[0][1]]);
    const other = ids.find(([to]) => to === 'r1@example.com')![1];
    expect(other, 'another notice, another id').to.not.equal(ids[0][1]);
  });
});

describe('a rebuild of the read models beside a running server', function () {
  this.timeout(30_000);
  let srv: TestServer;
  before(async () => { srv = await startTestServer(); });
  after(async () => { await srv?.stop(); });

  it('re-sends no mail, and the API answers the same afterwards', async () => {
    const emails = ['ana@example.com', 'luis@example.com', 'eva@example.com'];
    for (const [i, email] of emails.entries()) {
      const r = await srv.request('POST', '/auth/register-paciente', { body: {
        usuario: { nombre: `P${i}`, apellido: 'Prueba', email, password: 'secreto123', dni: null },
        fechaNacimiento: '1990-05-01', direccion: [], aceptaTerminos: true, aceptaVideoconferencia: false, aceptaComunicacion: false,
      } });
      expect(r.status, r.text).to.equal(200);
    }
    await srv.smtp.waitFor(4);
    await waitUntil(async () => (await outboxRows(srv.db.knex)).every((r) => r.status === 'SENT'), 5_000, 'all SENT');
    const sentBefore = srv.smtp.mails.length;
    expect(sentBefore).to.equal(4); // the bootstrap administrator and three patients
    const before = await srv.request('GET', '/auth/admins', { token: await srv.adminToken() });

    const result = await rebuildProjections(srv.config);
    expect(result.events).to.be.a('number').and.at.least(7);

    for (const email of emails) expect(await srv.login(email, 'secreto123')).to.be.a('string');
    const after = await srv.request('GET', '/auth/admins', { token: await srv.adminToken() });
    expect(after.body).to.deep.equal(before.body);
    await sleep(800); // the reactor and outbox loops run on
    expect(srv.smtp.mails).to.have.length(sentBefore);
    const rows = await outboxRows(srv.db.knex);
    expect(rows).to.have.length(4);
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1)).to.equal(true);
  });
});
