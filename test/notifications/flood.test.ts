import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { mailsTo, newPaciente, newPsicologo, pushesTo, waitMailsTo, type Persona } from './support.ts';
import { Y, at } from '../citas/support.ts';

// Security issue 22, item 4: one patient with many devices who joined one range many times made a
// single cancellation queue tens of thousands of outbox rows, and every other notice of the
// practice waited behind them. Now: at most MAX_DEVICE_TOKENS_PER_USER devices, one active entry
// per patient, psychologist and overlapping range, one notice per patient and freed slot, and the
// outbox takes the oldest rows of every kind in each batch.

const HUECO = /Hueco libre|slot has freed/;
let seq = 0;
const fcm = (who: string) => `${who}:APA91b${process.pid}_${++seq}_${'t'.repeat(180)}`;

describe('a waitlist and device flood (issue 22): bounded notices, other mail not held back', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let laura: Persona;
  let marta: Persona;
  let eve: Persona;
  let carla: Persona;
  let olga: Persona;
  const rango = { desde: `${Y}-03-01`, hasta: `${Y}-03-10` };
  const eveTokens: string[] = [];

  const join = (p: Persona, idPsicologo: number, body: { desde: string; hasta: string }) =>
    srv.request('POST', '/api/lista-espera', { token: p.token, body: { idPsicologo, ...body } });
  const bookAs = (p: Persona, idPsicologo: number, startDatetime: string) =>
    srv.request('POST', '/api/citas', { token: p.token, body: { idPsicologo, startDatetime, durationMinutes: 50, motivo: null } });
  async function bookAndCancel(p: Persona, startDatetime: string): Promise<number> {
    const r = await bookAs(p, laura.idPsicologo, startDatetime);
    expect(r.status, r.text).to.equal(201);
    expect((await srv.request('DELETE', `/api/citas/${r.body.idCita}`, { token: p.token })).status).to.equal(204);
    return r.body.idCita;
  }
  /** Every waitlist row queued for `p` (kind and key), in queue order. */
  const esperaRowsOf = (p: Persona): Promise<{ kind: string; dedupe_key: string }[]> =>
    srv.db.knex('outbox').where('dedupe_key', 'like', `espera:%:paciente-${p.idPaciente}:%`).orderBy('id').select('kind', 'dedupe_key');
  /** The rows that `act` made the waitlist queue for `p`. */
  async function queuedFor(p: Persona, act: () => Promise<unknown>): Promise<string[]> {
    const before = new Set((await esperaRowsOf(p)).map((r) => r.dedupe_key));
    await act();
    await drained();
    return (await esperaRowsOf(p)).filter((r) => !before.has(r.dedupe_key)).map((r) => r.kind).sort();
  }
  async function drained(): Promise<void> {
    // Up to the log's head: a write answers before the reactors run (nothing waits for them).
    const head = await srv.deps.store.head();
    await srv.deps.projections.waitFor(head, 10_000);
    await srv.deps.reactors?.waitFor(head, 10_000);
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; ) {
      const [{ n }] = await srv.db.knex('outbox').whereIn('status', ['PENDING', 'SENDING']).count({ n: '*' });
      if (Number(n) === 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('outbox not drained');
  }
  /** Appends an event as the service of an older version would have (before the caps), and waits for the read models. */
  async function appendAsBefore(streamId: string, type: string, data: Record<string, unknown>, idUsuario: number): Promise<void> {
    const { position } = await srv.deps.store.append([{
      streamId, expected: 'any',
      events: [{ type, data, metadata: { eventId: randomUUID(), actor: { idUsuario, rol: 'PACIENTE' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() } }],
    }]);
    expect(await srv.deps.projections.waitFor(position, 10_000)).to.equal(true);
  }

  before(async () => {
    srv = await startTestServer();
    const admin = await srv.adminToken();
    laura = await newPsicologo(srv, admin, 'Laura');
    marta = await newPsicologo(srv, admin, 'Marta');
    eve = await newPaciente(srv, 'Eve');
    carla = await newPaciente(srv, 'Carla');
    olga = await newPaciente(srv, 'Olga');
  });
  after(() => srv?.stop());

  it('30 devices registered by one patient: the newest 10 are kept', async () => {
    for (let i = 0; i < 30; i++) {
      eveTokens.push(fcm('eve'));
      const r = await srv.request('POST', '/api/dispositivos', { token: eve.token, body: { token: eveTokens[i] } });
      expect(r.status, r.text).to.equal(201);
    }
    const kept = await srv.db.knex('dispositivos').where({ id_usuario: eve.idUsuario }).pluck('token');
    expect(kept).to.have.members(eveTokens.slice(20));
    const tooLong = await srv.request('POST', '/api/dispositivos', { token: eve.token, body: { token: 'x'.repeat(4000) } });
    expect(tooLong.status).to.equal(400);
    expect(tooLong.body.mensaje).to.equal('El campo token admite como máximo 512 caracteres');
  });

  it('40 concurrent joins of one range: one 201, the others 409 with a Spanish message; overlapping ranges 409 too', async () => {
    const rs = await Promise.all(Array.from({ length: 40 }, () => join(eve, laura.idPsicologo, rango)));
    expect(rs.filter((r) => r.status === 201), rs.map((r) => r.status).join()).to.have.length(1);
    for (const r of rs.filter((x) => x.status !== 201)) {
      expect(r.status, r.text).to.equal(409);
      expect(r.body).to.include({ status: 409, error: 'Conflict' });
      expect(r.body.mensaje).to.equal('Ya está en la lista de espera de este psicólogo para fechas que se solapan: abandone esa entrada o elija otras fechas');
    }
    const overlapping = await join(eve, laura.idPsicologo, { desde: `${Y}-03-10`, hasta: `${Y}-03-20` });
    expect(overlapping.status, overlapping.text).to.equal(409);
    const english = await srv.request('POST', '/api/lista-espera', {
      token: eve.token, headers: { 'Accept-Language': 'en' }, body: { idPsicologo: laura.idPsicologo, desde: `${Y}-03-05`, hasta: `${Y}-03-06` },
    });
    expect(english.body.mensaje).to.match(/already on this psychologist's waitlist for overlapping dates/);
    // Other dates, or another psychologist, are other waits.
    expect((await join(eve, laura.idPsicologo, { desde: `${Y}-03-11`, hasta: `${Y}-03-20` })).status).to.equal(201);
    expect((await join(eve, marta.idPsicologo, rango)).status).to.equal(201);
    const mine = await srv.request('GET', '/api/lista-espera', { token: eve.token });
    expect(mine.body.map((e: any) => [e.idPsicologo, e.desde, e.hasta])).to.deep.equal([
      [laura.idPsicologo, rango.desde, rango.hasta], [laura.idPsicologo, `${Y}-03-11`, `${Y}-03-20`], [marta.idPsicologo, rango.desde, rango.hasta],
    ]);
  });

  it('a left entry no longer counts: the patient may wait for those dates again', async () => {
    const r = await join(olga, marta.idPsicologo, rango);
    expect(r.status, r.text).to.equal(201);
    expect((await join(olga, marta.idPsicologo, rango)).status).to.equal(409);
    expect((await srv.request('DELETE', `/api/lista-espera/${r.body.idEntrada}`, { token: olga.token })).status).to.equal(204);
    expect((await join(olga, marta.idPsicologo, rango)).status).to.equal(201);
  });

  it('one cancellation in the range: one mail and one push per kept device for the flooding patient, nothing more', async () => {
    await drained();
    const rows = await queuedFor(eve, () => bookAndCancel(carla, at('03-05', '10:00')));
    expect(rows).to.deep.equal(['mail', ...Array(10).fill('push')]);
    expect(mailsTo(srv, eve.email).filter((m) => HUECO.test(m.subject))).to.have.length(1);
    expect(eveTokens.slice(0, 20).flatMap((t) => pushesTo(srv, t))).to.deep.equal([]);
    for (const t of eveTokens.slice(20)) expect(pushesTo(srv, t).filter((p) => p.data?.tipo === 'HuecoLibreListaEspera'), t).to.have.length(1);
  });

  it('state from before the caps (15 devices, 5 matching entries): one notice, pushed to the newest 10 devices', async () => {
    const dora = await newPaciente(srv, 'Dora');
    const tokens = Array.from({ length: 15 }, () => fcm('dora'));
    for (const token of tokens) {
      await appendAsBefore(`dispositivos-usuario-${dora.idUsuario}`, 'DispositivoRegistrado', { idUsuario: dora.idUsuario, token }, dora.idUsuario);
    }
    for (let i = 0; i < 5; i++) {
      const idEntrada = await srv.deps.ids('espera');
      const data = { idEntrada, idPaciente: dora.idPaciente, idPsicologo: laura.idPsicologo, ...rango };
      await appendAsBefore(`lista-espera-${idEntrada}`, 'ListaEsperaUnida', data, dora.idUsuario);
    }
    // The rule holds against those older entries too.
    expect((await join(dora, laura.idPsicologo, rango)).status).to.equal(409);
    const rows = await queuedFor(dora, () => bookAndCancel(carla, at('03-06', '12:00')));
    expect(rows).to.deep.equal(['mail', ...Array(10).fill('push')]);
    expect(mailsTo(srv, dora.email).filter((m) => HUECO.test(m.subject))).to.have.length(1);
    expect(tokens.slice(0, 5).flatMap((t) => pushesTo(srv, t))).to.deep.equal([]);
  });

  it('one patient books and cancels the same slot 8 times: one notice (1 mail + its pushes) per waiting patient, not 8', async () => {
    const pia = await newPaciente(srv, 'Pia');
    const piaTokens = [fcm('pia'), fcm('pia'), fcm('pia')];
    for (const token of piaTokens) expect((await srv.request('POST', '/api/dispositivos', { token: pia.token, body: { token } })).status).to.equal(201);
    expect((await join(pia, laura.idPsicologo, { desde: `${Y}-03-04`, hasta: `${Y}-03-04` })).status).to.equal(201);
    await drained();
    const slot = at('03-04', '10:00');
    const eveMails = mailsTo(srv, eve.email).filter((m) => HUECO.test(m.subject)).length;
    let eveRows: string[] = [];
    const piaRows = await queuedFor(pia, async () => {
      eveRows = await queuedFor(eve, async () => { for (let i = 0; i < 8; i++) await bookAndCancel(carla, slot); });
    });
    expect(mailsTo(srv, pia.email).filter((m) => HUECO.test(m.subject))).to.have.length(1);
    expect(mailsTo(srv, eve.email).filter((m) => HUECO.test(m.subject))).to.have.length(eveMails + 1);
    expect(piaRows).to.deep.equal(['mail', 'push', 'push', 'push']);
    expect(eveRows).to.deep.equal(['mail', ...Array(10).fill('push')]);
    for (const t of piaTokens) expect(pushesTo(srv, t).filter((p) => p.data?.tipo === 'HuecoLibreListaEspera'), t).to.have.length(1);
    const evePushes = eveTokens.flatMap((t) => pushesTo(srv, t)).filter((p) => p.data?.tipo === 'HuecoLibreListaEspera' && p.data.startDatetime === slot);
    expect(evePushes).to.have.length(10);
  });

  it('the same slot freed again on a later day (by the event\'s own time) is told again, once', async () => {
    const rosa = await newPaciente(srv, 'Rosa');
    expect((await join(rosa, laura.idPsicologo, { desde: `${Y}-03-03`, hasta: `${Y}-03-03` })).status).to.equal(201);
    const slot = at('03-03', '11:00');
    const idCita = await bookAndCancel(carla, slot);
    await drained();
    // The same start freed by a cancellation recorded a day later (a second booking cancelled tomorrow).
    const later = await srv.deps.ids('cita');
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    for (const [type, extra] of [['CitaCreada', { durationMinutes: 50, motivo: null }], ['CitaCancelada', { canceladaPor: 'PACIENTE' }]] as const) {
      const { position } = await srv.deps.store.append([{
        streamId: `cita-${later}`, expected: 'any',
        events: [{ type, data: { idCita: later, idPaciente: carla.idPaciente, idPsicologo: laura.idPsicologo, startDatetime: slot, ...extra },
          metadata: { eventId: randomUUID(), actor: { idUsuario: carla.idUsuario, rol: 'PACIENTE' }, correlationId: randomUUID(), causationId: null, occurredAt: tomorrow } }],
      }]);
      expect(await srv.deps.projections.waitFor(position, 10_000)).to.equal(true);
    }
    await drained();
    expect(mailsTo(srv, rosa.email).filter((m) => HUECO.test(m.subject)), `after ${idCita} and ${later}`).to.have.length(2);
  });

  it("a booking's mail is delivered in the next batch, not after a backlog of thousands of pushes", async () => {
    await drained();
    // A backlog of the size the flood queued before these fixes (outbox rows as the reactors write them).
    const backlog = Array.from({ length: 3000 }, (_, i) => ({
      kind: 'push', dedupe_key: `backlog:${i}`,
      payload: JSON.stringify({ token: `backlog-${i}`, title: 'Hueco libre en la agenda', body: 'x', data: { tipo: 'HuecoLibreListaEspera' } }),
    }));
    for (let i = 0; i < backlog.length; i += 1000) await srv.db.knex('outbox').insert(backlog.slice(i, i + 1000));
    const started = Date.now();
    expect((await bookAs(olga, laura.idPsicologo, at('04-02', '09:00'))).status).to.equal(201);
    const [mail] = await waitMailsTo(srv, olga.email, 1, 30_000);
    expect(mail?.subject).to.match(/^Nueva cita/);
    const elapsed = Date.now() - started;
    const [{ sent_at: mailSentAt }] = await srv.db.knex('outbox').where('dedupe_key', 'like', `cita-creada:%:mail:${olga.idUsuario}`).select('sent_at');
    const [{ n: sentBefore }] = await srv.db.knex('outbox').where('dedupe_key', 'like', 'backlog:%').andWhere('sent_at', '<', mailSentAt).count({ n: '*' });
    // Only what went out before the booking was queued, plus a batch or two: most of the backlog is still waiting.
    expect(Number(sentBefore), `${sentBefore} backlog pushes went first (${elapsed} ms)`).to.be.below(1000);
    await drained();
  });
});
