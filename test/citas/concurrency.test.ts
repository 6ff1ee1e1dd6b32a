import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { logEvents } from '../support/log.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, at, newPaciente, newPsicologo, Y, type Paciente, type Psicologo } from './support.ts';

describe('agenda under concurrency', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let psi: Psicologo;
  let pacientes: Paciente[];

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    pacientes = [];
    for (let i = 0; i < 20; i++) pacientes.push(await newPaciente(srv, `Paciente${i}`));
    for (const p of pacientes) await asignar(srv, admin, p.idPaciente, psi.idPsicologo);
  });
  after(async () => { await srv?.stop(); });

  const citasCreadas = async (startDatetime: string) => (await logEvents(srv, { type: 'CitaCreada' }))
    .filter((e) => e.data.idPsicologo === psi.idPsicologo && e.data.startDatetime === startDatetime).length;

  it('20 patients booking one slot at once: exactly one 201, nineteen 409, one CitaCreada in the log', async () => {
    const slot = at('06-15', '10:00');
    const results = await Promise.all(pacientes.map((p) =>
      srv.request('POST', '/api/citas', { token: p.token, body: { idPsicologo: psi.idPsicologo, startDatetime: slot, durationMinutes: 50, motivo: 'Primera consulta' } })));
    const created = results.filter((r) => r.status === 201);
    expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join('\n')).to.deep.equal([201, ...Array(19).fill(409)]);
    for (const r of results.filter((x) => x.status !== 201)) expectError(r, 409);
    expect(await citasCreadas(slot)).to.equal(1);
    const day = await srv.deps.store.readStream(`agenda-${psi.idPsicologo}-${slot.slice(0, 10)}`);
    expect(day.map((e) => e.type)).to.deep.equal(['HuecoReservado']);
    const list = (await srv.request('GET', '/api/psicologo/citas', { token: psi.token })).body;
    expect(list.map((c: any) => c.idCita)).to.deep.equal([created[0].body.idCita]);
    const agenda = (await srv.request('GET', `/api/psicologo/agenda?month=${Y}-06`, { token: psi.token })).body;
    expect(agenda).to.have.length(1);
  });

  it('20 overlapping, different requests at once (shifted bookings and blocks): one winner', async () => {
    const requests = pacientes.map((p, i) => (i % 2 === 0
      ? srv.request('POST', '/api/citas', { token: p.token, body: { idPsicologo: psi.idPsicologo, startDatetime: at('06-16', `10:${String(i * 2).padStart(2, '0')}`), durationMinutes: 45 } })
      : srv.request('POST', '/api/psicologo/bloqueos', { token: psi.token, body: { fecha: `${Y}-06-16`, horaInicio: `10:${String(i * 2).padStart(2, '0')}`, horaFin: '11:30', motivo: 'Reunión' } })));
    const results = await Promise.all(requests);
    const ok = results.filter((r) => r.status === 201);
    const okBookings = ok.filter((r) => 'idCita' in r.body);
    // Blocks may overlap blocks, so several blocks can win together, but never beside a booking,
    // and two bookings never win together.
    expect(results.every((r) => r.status === 201 || r.status === 409), results.map((r) => r.text).join('\n')).to.equal(true);
    expect(okBookings.length).to.be.at.most(1);
    if (okBookings.length === 1) expect(ok).to.have.length(1);
    else expect(ok.length).to.be.at.least(1);
  });

  it('a cancellation and a booking of the freed slot race without losing either', async () => {
    const slot = at('06-17', '10:00');
    const first = await srv.request('POST', '/api/citas', { token: pacientes[0].token, body: { idPsicologo: psi.idPsicologo, startDatetime: slot } });
    expect(first.status).to.equal(201);
    const [cancel, ...bookings] = await Promise.all([
      srv.request('DELETE', `/api/citas/${first.body.idCita}`, { token: pacientes[0].token }),
      ...pacientes.slice(1, 6).map((p) => srv.request('POST', '/api/citas', { token: p.token, body: { idPsicologo: psi.idPsicologo, startDatetime: slot } })),
    ]);
    expect(cancel.status).to.equal(204);
    expect(bookings.filter((r) => r.status === 201).length).to.be.at.most(1);
    const live = (await srv.request('GET', '/api/psicologo/citas', { token: psi.token })).body
      .filter((c: any) => c.startDatetime === slot && c.estado !== 'CANCELADA');
    expect(live.length).to.equal(bookings.filter((r) => r.status === 201).length);
  });
});
