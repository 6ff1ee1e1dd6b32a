import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { newPaciente, newPsicologo, pushesTo, mailsTo, readMail, type Persona } from '../notifications/support.ts';
import { rebuildProjections } from '../../src/cli/rebuild-projections.ts';
import { Y, ZONE, at } from './support.ts';

// Waitlist (docs/lista-espera.md): join, notices in join order when time frees in the range,
// the first booking wins, entries served by a booking are no longer told, leave, ownership.

const HUECO = /Hueco libre|slot has freed/;

describe('Waitlist (lista de espera)', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let admin: string;
  let laura: Persona;
  let otra: Persona;
  let ana: Persona;
  let bea: Persona;
  let carla: Persona;
  const rango = { desde: `${Y}-03-01`, hasta: `${Y}-03-10` };
  const entradas: Record<string, number> = {};
  /** The notified patient whose booking lost the race. */
  let loser: Persona;

  const join = (p: Persona, body: object) => srv.request('POST', '/api/lista-espera', { token: p.token, body });
  const bookAs = (p: Persona, startDatetime: string) =>
    srv.request('POST', '/api/citas', { token: p.token, body: { idPsicologo: laura.idPsicologo, startDatetime, durationMinutes: 50, motivo: null } });
  const avisos = (p: Persona) => mailsTo(srv, p.email).filter((m) => HUECO.test(m.subject));
  async function waitAvisos(p: Persona, n: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (avisos(p).length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  }
  async function bookAndCancel(p: Persona, startDatetime: string): Promise<number> {
    const r = await bookAs(p, startDatetime);
    expect(r.status, r.text).to.equal(201);
    const c = await srv.request('DELETE', `/api/citas/${r.body.idCita}`, { token: p.token });
    expect(c.status, c.text).to.equal(204);
    return r.body.idCita;
  }
  /** Waits for the outbox to have nothing left to send, so "no notice" is not just "not yet". */
  async function drained(): Promise<void> {
    // Up to the log's head: a write answers before the reactors run (nothing waits for them).
    const head = await srv.deps.store.head();
    await srv.deps.projections.waitFor(head, 10_000);
    await srv.deps.reactors?.waitFor(head, 10_000);
    const deadline = Date.now() + 10_000;
    for (;;) {
      await new Promise((r) => setTimeout(r, 300));
      const pend = await srv.db.knex('outbox').whereIn('status', ['PENDING', 'SENDING']).count<{ count: string }[]>('* as count');
      if (Number(pend[0].count) === 0 || Date.now() > deadline) return;
    }
  }

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    laura = await newPsicologo(srv, admin, 'Laura');
    otra = await newPsicologo(srv, admin, 'Marta');
    ana = await newPaciente(srv, 'Ana');
    bea = await newPaciente(srv, 'Bea');
    carla = await newPaciente(srv, 'Carla');
    const d = await srv.request('POST', '/api/dispositivos', { token: ana.token, body: { token: 'tok-ana' } });
    expect(d.status, d.text).to.be.oneOf([200, 201]);
  });
  after(() => srv?.stop());

  it('joins: 201 with the ACTIVA entry; bad ranges and unknown psychologists are 400', async () => {
    for (const p of [ana, bea]) {
      const r = await join(p, { idPsicologo: laura.idPsicologo, ...rango });
      expect(r.status, r.text).to.equal(201);
      expect(r.body).to.include({ idPaciente: p.idPaciente, idPsicologo: laura.idPsicologo, ...rango, estado: 'ACTIVA' });
      entradas[p.nombre] = r.body.idEntrada;
    }
    expect((await join(ana, { idPsicologo: laura.idPsicologo, desde: `${Y}-03-10`, hasta: `${Y}-03-01` })).status).to.equal(400);
    expect((await join(ana, { idPsicologo: laura.idPsicologo, desde: `${Y}-03-01`, hasta: `${Y}-05-01` })).status).to.equal(400);
    expect((await join(ana, { idPsicologo: laura.idPsicologo, desde: `${Y - 2}-03-01`, hasta: `${Y - 2}-03-02` })).status).to.equal(400);
    expect((await join(ana, { idPsicologo: 999_999, ...rango })).status).to.equal(400);
    const mine = await srv.request('GET', '/api/lista-espera', { token: ana.token });
    expect(mine.body.map((e: any) => e.idEntrada)).to.deep.equal([entradas.Ana]);
    const lista = await srv.request('GET', '/api/psicologo/lista-espera', { token: laura.token });
    expect(lista.body.map((e: any) => e.idEntrada)).to.deep.equal([entradas.Ana, entradas.Bea]);
  });

  it('a cancellation in the range tells both waiting patients, in join order (mail and push); outside the range nobody', async () => {
    await bookAndCancel(carla, at('04-06', '10:00'));
    const idCita = await bookAndCancel(carla, at('03-05', '10:00'));
    await waitAvisos(ana, 1);
    await waitAvisos(bea, 1);
    await drained();
    const [a] = avisos(ana);
    expect(a.subject).to.match(HUECO);
    expect(a.text).to.match(/a las 10:00/);
    expect(avisos(ana)).to.have.length(1);
    expect(avisos(bea)).to.have.length(1);
    expect(avisos(carla)).to.have.length(0);
    const order = srv.smtp.mails.map(readMail).filter((m) => HUECO.test(m.subject)).map((m) => m.to[0]);
    expect(order).to.deep.equal([ana.email, bea.email]);
    const keys = (await srv.db.knex('outbox').where('dedupe_key', 'like', 'espera:%:mail').orderBy('id').pluck('dedupe_key'));
    // One key per slot (psychologist, start), practice day of the notice and patient: not per appointment.
    const slot = `espera:psicologo-${laura.idPsicologo}:${at('03-05', '10:00')}:dia-${DateTime.now().setZone(ZONE).toISODate()}`;
    expect(keys, `cita ${idCita}`).to.deep.equal([`${slot}:paciente-${ana.idPaciente}:mail`, `${slot}:paciente-${bea.idPaciente}:mail`]);
    const push = pushesTo(srv, 'tok-ana');
    expect(push).to.have.length(1);
    expect(push[0].data).to.include({ tipo: 'HuecoLibreListaEspera', startDatetime: at('03-05', '10:00'), idEntrada: String(entradas.Ana) });
  });

  it('both notified patients book the freed slot at once: exactly one 201, the other 409; the winner\'s entry is ATENDIDA', async () => {
    const rs = await Promise.all([bookAs(ana, at('03-05', '10:00')), bookAs(bea, at('03-05', '10:00'))]);
    expect(rs.map((r) => r.status).sort()).to.deep.equal([201, 409]);
    const winner = rs[0].status === 201 ? ana : bea;
    loser = winner === ana ? bea : ana;
    const own = await srv.request('GET', '/api/lista-espera', { token: winner.token });
    expect(own.body[0].estado).to.equal('ATENDIDA');
    // A served entry is no longer told: the next cancellation in range reaches the other one only.
    const [w, l] = [avisos(winner).length, avisos(loser).length];
    await bookAndCancel(carla, at('03-07', '12:00'));
    await waitAvisos(loser, l + 1);
    await drained();
    expect(avisos(winner)).to.have.length(w);
    expect(avisos(loser)).to.have.length(l + 1);
  });

  it('removing blocked time in the range tells the waiting patient once', async () => {
    const n = avisos(loser).length;
    const b = await srv.request('POST', '/api/psicologo/bloqueos', { token: laura.token, body: { fecha: `${Y}-03-09`, horaInicio: '16:00', horaFin: '18:00', motivo: 'Formación' } });
    expect(b.status, b.text).to.equal(201);
    const del = await srv.request('DELETE', `/api/psicologo/bloqueos/${b.body.idBloqueo}`, { token: laura.token });
    expect(del.status, del.text).to.equal(204);
    await waitAvisos(loser, n + 1);
    await drained();
    expect(avisos(loser)).to.have.length(n + 1);
    expect(avisos(loser)[n].text).to.match(/a las 16:00/);
  });

  it('leaving: 204, shown ABANDONADA, no more notices; a second leave is 409', async () => {
    const id = entradas[loser.nombre];
    expect((await srv.request('DELETE', `/api/lista-espera/${id}`, { token: loser.token })).status).to.equal(204);
    expect((await srv.request('DELETE', `/api/lista-espera/${id}`, { token: loser.token })).status).to.equal(409);
    const own = await srv.request('GET', '/api/lista-espera', { token: loser.token });
    expect(own.body[0].estado).to.equal('ABANDONADA');
    const n = avisos(loser).length;
    await bookAndCancel(carla, at('03-08', '09:00'));
    await drained();
    expect(avisos(loser)).to.have.length(n);
  });

  it('an entry whose last day has passed shows EXPIRADA', async () => {
    const idEntrada = await srv.deps.ids('espera');
    const { position } = await srv.deps.store.append([{
      streamId: `lista-espera-${idEntrada}`, expected: 'noStream',
      events: [{
        type: 'ListaEsperaUnida', data: { idEntrada, idPaciente: carla.idPaciente, idPsicologo: laura.idPsicologo, desde: `${Y - 2}-01-01`, hasta: `${Y - 2}-01-10` },
        metadata: { eventId: randomUUID(), actor: { idUsuario: carla.idUsuario, rol: 'PACIENTE' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
      }],
    }]);
    await srv.deps.projections.waitFor(position, 10_000);
    const own = await srv.request('GET', '/api/lista-espera', { token: carla.token });
    expect(own.body.map((e: any) => [e.idEntrada, e.estado])).to.deep.equal([[idEntrada, 'EXPIRADA']]);
  });

  it('ownership: another patient\'s entry is 404; a psychologist sees only their own list', async () => {
    expect((await srv.request('DELETE', `/api/lista-espera/${entradas.Ana}`, { token: carla.token })).status).to.equal(404);
    expect((await srv.request('DELETE', '/api/lista-espera/999999', { token: carla.token })).status).to.equal(404);
    const lista = await srv.request('GET', '/api/psicologo/lista-espera', { token: otra.token });
    expect(lista.status).to.equal(200);
    expect(lista.body).to.deep.equal([]);
    expect((await srv.request('GET', '/api/psicologo/lista-espera', { token: ana.token })).status).to.be.oneOf([403, 404]);
    expect((await srv.request('POST', '/api/lista-espera', { token: laura.token, body: { idPsicologo: laura.idPsicologo, ...rango } })).status).to.be.oneOf([403, 404]);
  });

  it('a rebuild of the read models gives the same waitlist and sends nothing again', async () => {
    const snapshot = () => srv.db.knex('lista_espera').orderBy('id_entrada').select();
    const sent = () => srv.db.knex('outbox').where('dedupe_key', 'like', 'espera:%').count<{ count: string }[]>('* as count');
    const [before, n] = [await snapshot(), await sent()];
    expect(before.map((r) => r.estado)).to.include.members(['ATENDIDA', 'ABANDONADA', 'ACTIVA']);
    await rebuildProjections(srv.config);
    await drained();
    expect(await snapshot()).to.deep.equal(before);
    expect(await sent()).to.deep.equal(n);
  });
});
