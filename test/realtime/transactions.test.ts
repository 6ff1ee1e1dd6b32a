import { expect } from 'chai';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { asignar, newPaciente, newPsicologo, waitFor, type Persona } from '../mensajes/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { wsUrlOf } from './hardening-support.ts';
import { RawStomp, type RawFrame } from './support.ts';
import type { StompSession } from '../../src/realtime/session.ts';

// Issue 22 item 2: SENDs held in transactions that are never committed grew the server's memory
// without bound, and cost no write token. Defaults here: 4 open transactions, 256 KiB held.
const CAP = 256 * 1024;
const BODY = 'x'.repeat(60 * 1024);

/** A full collection through a gc function of a fresh context (no --expose-gc needed on the command line). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('STOMP transactions: bounded held SENDs, charged when held, freed with the session', () => {
  let srv: TestServer;
  let psi: Persona;
  const raws: RawStomp[] = [];

  const patient = async () => {
    const p = await newPaciente(srv);
    await asignar(srv, await srv.adminToken(), p.idPaciente, psi.idPsicologo!);
    return p;
  };
  const open = async (p: Persona) => {
    const r = await RawStomp.open(wsUrlOf(srv));
    raws.push(r);
    expect((await r.connect(p.token)).command).to.equal('CONNECTED');
    return r;
  };
  const stored = async (p: Persona) => ((await srv.request('GET', '/api/mensajes', { token: p.token })).body as unknown[]).length;
  /** The server's side of the connection, found among the open sessions by its user. */
  const serverSession = (p: Persona) => srv.realtime.hub.sessions().find((s) => s.user?.idUsuario === p.idUsuario);
  const nextOf = async (r: RawStomp, command: string): Promise<RawFrame> => {
    for (;;) {
      const f = await r.frames.next(5000);
      if (f.command === command) return f;
    }
  };

  before(async () => {
    srv = await startTestServer({ env: { WRITES_PER_MINUTE: '60', WRITE_BURST: '12' } });
    psi = await newPsicologo(srv, await srv.adminToken());
  });
  afterEach(() => {
    for (const r of raws.splice(0)) r.ws.close();
  });
  after(async () => { await srv?.stop(); });

  it('answers the attack (BEGIN, then 60 KB SENDs never committed) with ERROR past 256 KiB held, and closes', async () => {
    const p = await patient();
    const r = await open(p);
    // The reported attack: 100 SENDs of 60 KB a transaction, new transactions, never a COMMIT.
    r.frame('BEGIN', { transaction: 't1' });
    for (let i = 0; i < 100; i++) r.frame('SEND', { destination: '/app/chat', transaction: 't1' }, BODY);
    const f = await nextOf(r, 'ERROR');
    expect(f.headers.message).to.equal('transaction too large');
    expect(f.body).to.match(/at most 262144 bytes/);
    await r.waitClosed();
    expect(serverSession(p), 'the session is gone from the hub').to.equal(undefined);
    expect(await stored(p)).to.equal(0);
  });

  it('refuses a fifth open transaction with ERROR and closes; four are fine', async () => {
    const p = await patient();
    const r = await open(p);
    for (const t of ['t1', 't2', 't3', 't4']) {
      r.frame('BEGIN', { transaction: t, receipt: t });
      expect((await r.frames.next()).headers['receipt-id']).to.equal(t);
    }
    r.frame('BEGIN', { transaction: 't5', receipt: 't5' });
    const f = await r.frames.next();
    expect(f.command).to.equal('ERROR');
    expect(f.headers.message).to.equal('too many transactions');
    expect(f.headers['receipt-id']).to.equal('t5');
    await r.waitClosed();
  });

  it('counts what every open transaction holds against one cap, and a COMMIT or ABORT gives it back', async () => {
    const p = await patient();
    const r = await open(p);
    const send = (tx: string, receipt: string) => r.frame('SEND', { destination: '/app/chat', transaction: tx, receipt }, BODY);
    r.frame('BEGIN', { transaction: 'a' });
    r.frame('BEGIN', { transaction: 'b' });
    for (const id of ['a1', 'a2']) send('a', id);
    for (const id of ['b1', 'b2']) send('b', id);
    for (const id of ['a1', 'a2', 'b1', 'b2']) expect((await r.frames.next()).headers['receipt-id']).to.equal(id);
    const held = serverSession(p)!.transactions.heldBytes;
    expect(held).to.be.above(4 * BODY.length).and.at.most(CAP);
    r.frame('ABORT', { transaction: 'a', receipt: 'abort' });
    expect((await r.frames.next()).headers['receipt-id']).to.equal('abort');
    expect(serverSession(p)!.transactions.heldBytes).to.be.below(held / 2 + 1024);
    // The room given back takes two more; a third would pass the cap again.
    for (const id of ['b3', 'b4']) send('b', id);
    for (const id of ['b3', 'b4']) expect((await r.frames.next()).headers['receipt-id']).to.equal(id);
    send('b', 'b5');
    const f = await r.frames.next();
    expect(f.command).to.equal('ERROR');
    expect(f.headers.message).to.equal('transaction too large');
    await r.waitClosed();
  });

  it('charges the write bucket when a SEND is held: past it, ERROR with retry-after, the session stays; COMMIT does not charge again', async () => {
    const p = await patient();
    const r = await open(p);
    r.frame('BEGIN', { transaction: 't' });
    const ids = Array.from({ length: 16 }, (_, i) => `h${i + 1}`);
    for (const id of ids) r.frame('SEND', { destination: '/app/chat', transaction: 't', receipt: id }, JSON.stringify({ receiverId: psi.idUsuario, mensaje: id }));
    const answers: RawFrame[] = [];
    for (const _ of ids) answers.push(await r.frames.next());
    const held = answers.filter((f) => f.command === 'RECEIPT').map((f) => f.headers['receipt-id']);
    const refused = answers.filter((f) => f.command === 'ERROR');
    // A burst of 12 (plus at most a token or two refilled while the frames are handled).
    expect(held.length).to.be.within(12, 14);
    expect(refused).to.have.length(ids.length - held.length);
    for (const f of refused) {
      expect(f.headers.message).to.match(/Too many requests/);
      expect(Number(f.headers['retry-after'])).to.be.at.least(1);
      expect(JSON.parse(f.body)).to.include({ status: 429 });
    }
    // The bucket is empty now, yet every held SEND is stored at COMMIT: each paid when it was held.
    r.frame('COMMIT', { transaction: 't', receipt: 'c' });
    const c = await nextOf(r, 'RECEIPT');
    expect(c.headers['receipt-id']).to.equal('c');
    expect(await stored(p)).to.equal(held.length);
    expect(r.ws.readyState).to.equal(r.ws.OPEN);
  });

  it('lets go of everything a session held once its socket closes', async () => {
    const gc = collector();
    const p = await patient();
    const r = await open(p);
    r.frame('BEGIN', { transaction: 't1' });
    r.frame('BEGIN', { transaction: 't2' });
    for (let i = 0; i < 4; i++) r.frame('SEND', { destination: '/app/chat', transaction: i % 2 ? 't1' : 't2', receipt: `s${i}` }, BODY);
    for (let i = 0; i < 4; i++) await r.frames.next();
    let session: StompSession | undefined = serverSession(p)!;
    expect(session.transactions.heldBytes).to.be.above(4 * BODY.length);
    const ref = new WeakRef(session);
    const transactions = session.transactions;
    session = undefined;
    r.ws.close();
    await waitFor(() => serverSession(p) === undefined, 5000, 'the session closed on the server');
    expect(transactions.heldBytes).to.equal(0);
    expect(transactions.size).to.equal(0);
    // Nothing (timer, listener, hub map) keeps the session itself reachable either.
    await waitFor(async () => {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return ref.deref() === undefined;
    }, 10_000, 'the closed session collected');
  });
});
