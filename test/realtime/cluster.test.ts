import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { IMessage } from '@stomp/stompjs';
import { asignar, newPaciente, newPsicologo, pushHandled, waitFor, type Persona } from '../mensajes/support.ts';
import { ADMIN, FAST, Inbox, startCluster, stomp, type Instance, type StompUser } from './support.ts';

type Presence = { idUsuario: number; online: boolean };

/** The next presence message about `id`, skipping others'. */
async function presenceOf(inbox: Inbox<IMessage>, id: number, ms = 4000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    const m = JSON.parse((await inbox.next(Math.max(1, until - Date.now()))).body) as Presence;
    expect(m).to.have.all.keys('idUsuario', 'online');
    if (m.idUsuario === id) return m.online;
  }
}

/** Nothing about `id` arrives within `ms`. */
async function noPresenceOf(inbox: Inbox<IMessage>, id: number, ms: number): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
  const about = inbox.items.splice(0).map((m) => JSON.parse(m.body) as Presence).filter((p) => p.idUsuario === id);
  expect(about, JSON.stringify(about)).to.deep.equal([]);
}

// Long enough for the last session's grace period and a sweep to have passed.
const AFTER_GRACE = FAST.presenceGraceMs! + 3 * FAST.presenceSweepMs! + 300;

describe('two server instances on one database', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let a: Instance;
  let b: Instance;
  let admin: string;
  let psi: Persona;
  let pac: Persona;
  let otro: Persona;
  const open: StompUser[] = [];
  const connect = async (inst: Instance, token: string) => {
    const u = await stomp(inst.wsUrl, token);
    open.push(u);
    return u;
  };
  const watch = async (inst: Instance, token: string) => {
    const u = await connect(inst, token);
    const inbox = u.subscribe('/topic/presence');
    await new Promise((r) => setTimeout(r, 150)); // the subscription and its snapshot
    inbox.items.length = 0;
    return inbox;
  };

  before(async () => {
    cluster = await startCluster(2);
    [a, b] = cluster.instances;
    admin = (await a.request('POST', '/auth/login', { body: ADMIN })).body.token;
    psi = await newPsicologo(a, admin);
    pac = await newPaciente(b);
    otro = await newPaciente(a);
    await asignar(a, admin, pac.idPaciente!, psi.idPsicologo!);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((u) => u.close()));
    await new Promise((r) => setTimeout(r, AFTER_GRACE)); // everyone offline before the next test
  });
  after(async () => { await cluster?.stop(); });

  it('delivers a message stored on one instance to the receiver connected to the other', async () => {
    const onB = (await connect(b, pac.token)).subscribe('/user/queue/messages');
    const senderOnA = await connect(a, psi.token);
    await new Promise((r) => setTimeout(r, 100));
    senderOnA.client.publish({ destination: '/app/chat', body: JSON.stringify({ receiverId: pac.idUsuario, mensaje: 'de A a B', enviadoEn: new Date().toISOString() }) });
    expect(JSON.parse((await onB.next()).body)).to.include({ mensaje: 'de A a B', senderId: psi.idUsuario });
    const r = await a.request('POST', '/api/psicologo/mensajes', { token: psi.token, body: { receiverId: pac.idUsuario, mensaje: 'REST en A' } });
    expect(JSON.parse((await onB.next()).body)).to.deep.equal(r.body);
    const back = await b.request('POST', '/api/mensajes', { token: pac.token, body: { receiverId: psi.idUsuario, mensaje: 'REST en B' } });
    const senderInbox = senderOnA.subscribe('/user/queue/messages');
    await new Promise((r) => setTimeout(r, 100));
    const again = await b.request('POST', '/api/mensajes', { token: pac.token, body: { receiverId: psi.idUsuario, mensaje: 'otra vez' } });
    // (The earlier message may still reach the new subscription: delivery waits until the REST list has it.)
    let delivered = JSON.parse((await senderInbox.next()).body).idMensaje;
    if (delivered === back.body.idMensaje) delivered = JSON.parse((await senderInbox.next()).body).idMensaje;
    expect(delivered).to.equal(again.body.idMensaje);
    expect(back.status).to.equal(201);
  });

  it('lists a message over REST no later than it is delivered over STOMP, on either instance', async () => {
    const psiOnA = (await connect(a, psi.token)).subscribe('/user/queue/messages');
    const pacOnB = await connect(b, pac.token);
    await new Promise((r) => setTimeout(r, 100));
    for (let i = 0; i < 15; i++) {
      pacOnB.client.publish({ destination: '/app/chat', body: JSON.stringify({ receiverId: psi.idUsuario, mensaje: `orden ${i}` }) });
    }
    for (let i = 0; i < 15; i++) {
      const delivered = JSON.parse((await psiOnA.next(5_000)).body);
      expect(delivered.mensaje).to.equal(`orden ${i}`);
      // Right on delivery, the receiver's list (on the instance that delivered it) shows the message.
      const list = await a.request('GET', '/api/psicologo/mensajes', { token: psi.token });
      expect(list.body.map((m: { idMensaje: number }) => m.idMensaje), `message ${i}`).to.include(delivered.idMensaje);
    }
  });

  it('tells every instance once when a user\'s first session opens and their last one closes, across instances', async () => {
    const watchA = await watch(a, admin);
    const watchB = await watch(b, admin);
    const tab1 = await connect(b, psi.token);
    expect(await presenceOf(watchA, psi.idUsuario)).to.equal(true);
    expect(await presenceOf(watchB, psi.idUsuario)).to.equal(true);
    const tab2 = await connect(a, psi.token);
    await tab1.close();
    await noPresenceOf(watchA, psi.idUsuario, AFTER_GRACE);
    await noPresenceOf(watchB, psi.idUsuario, 0);
    await tab2.close();
    expect(await presenceOf(watchA, psi.idUsuario)).to.equal(false);
    expect(await presenceOf(watchB, psi.idUsuario)).to.equal(false);
    await noPresenceOf(watchA, psi.idUsuario, 500);
    await noPresenceOf(watchB, psi.idUsuario, 0);
  });

  it('does not flap when a user reconnects within the grace period', async () => {
    const watchA = await watch(a, admin);
    const first = await connect(a, psi.token);
    expect(await presenceOf(watchA, psi.idUsuario)).to.equal(true);
    await first.close();
    await new Promise((r) => setTimeout(r, 100));
    await connect(b, psi.token);
    await noPresenceOf(watchA, psi.idUsuario, AFTER_GRACE);
  });

  it('shows a patient\'s presence only to their psychologist, their contacts and administrators; snapshots on SUBSCRIBE', async () => {
    const byPsi = await watch(a, psi.token);
    const byOtro = await watch(b, otro.token);
    await connect(b, pac.token);
    expect(await presenceOf(byPsi, pac.idUsuario)).to.equal(true);
    await noPresenceOf(byOtro, pac.idUsuario, 500);
    // A later subscriber learns who is online already.
    const late = (await connect(a, admin)).subscribe('/topic/presence');
    expect(await presenceOf(late, pac.idUsuario)).to.equal(true);
    const lateOtro = (await connect(a, otro.token)).subscribe('/topic/presence');
    await noPresenceOf(lateOtro, pac.idUsuario, 500);
  });

  it('takes the users of an instance that stopped beating offline', async () => {
    const { knex } = cluster.db;
    // The earlier tests' sessions of this user end their grace period first: their "offline" is
    // not the one this test waits for (it came before the dead instance was swept, and failed it).
    await waitFor(async () => !(await knex('presencia').where({ id_usuario: otro.idUsuario, online: true }).first()), 8000, 'the user offline from earlier tests');
    const watchA = await watch(a, admin);
    const dead = randomUUID();
    // One transaction: a live instance's sweep may remove the stale instance between two statements.
    await knex.transaction(async (trx) => {
      await trx('realtime_instancias').insert({ id_instancia: dead, latido: trx.raw("now() - interval '1 hour'") });
      await trx('realtime_sesiones').insert({ id_sesion: randomUUID(), id_instancia: dead, id_usuario: otro.idUsuario });
      await trx('presencia').insert({ id_usuario: otro.idUsuario, online: true, version: 1000 }).onConflict('id_usuario').merge();
    });
    expect(await presenceOf(watchA, otro.idUsuario, 4000)).to.equal(false);
    // A sweep whose delete of dead instances ran just before the insert above still takes the user
    // offline (no live session); the dead instance's row goes at the next sweep.
    await waitFor(async () => !(await knex('realtime_instancias').where({ id_instancia: dead }).first()), 4000, 'the dead instance removed');
  });

  it('pushes each message to an offline receiver once, whichever instance stored it; none while online', async () => {
    const device = `dev-${randomUUID()}`;
    expect((await b.request('POST', '/api/dispositivos', { token: pac.token, body: { token: device } })).status).to.be.oneOf([200, 201]);
    const ids: number[] = [];
    for (const [i, inst] of [a, b, a, b].entries()) {
      const r = await inst.request('POST', '/api/psicologo/mensajes', { token: psi.token, body: { receiverId: pac.idUsuario, mensaje: `offline ${i}` } });
      ids.push(r.body.idMensaje);
    }
    const all = () => [...a.push.sent, ...b.push.sent].filter((p) => p.token === device);
    await waitFor(() => all().length >= 4, 8000, 'four pushes');
    await new Promise((r) => setTimeout(r, 800));
    expect(all().map((p) => Number(p.data?.idMensaje)).sort()).to.deep.equal([...ids].sort());

    await connect(b, pac.token);
    const online = await a.request('POST', '/api/psicologo/mensajes', { token: psi.token, body: { receiverId: pac.idUsuario, mensaje: 'en línea' } });
    await pushHandled(a.deps, online.body.idMensaje);
    await new Promise((r) => setTimeout(r, 600));
    expect(all().filter((p) => p.data?.idMensaje === String(online.body.idMensaje))).to.deep.equal([]);
  });
});
