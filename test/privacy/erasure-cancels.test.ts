import { expect } from 'chai';
import { DateTime } from 'luxon';
import { ManualClock } from '../../src/platform/clock.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { book, newPaciente, newPsicologo, ZONE, type Paciente, type Psicologo } from '../citas/support.ts';
import { mailsTo, settle, waitMailsTo } from '../notifications/support.ts';

const CANCELADA = /^Cita cancelada:/;

describe('erasing a patient cancels their appointments still to come', function () {
  this.timeout(120_000);
  const clock = new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000));
  const local = (d: DateTime) => d.setZone(ZONE).startOf('minute').toFormat("yyyy-LL-dd'T'HH:mm:ss");
  const ahead = (days: number, hour: number) => local(DateTime.fromJSDate(clock.now()).setZone(ZONE).plus({ days }).set({ hour, minute: 0 }));
  let srv: TestServer;
  let admin: string;
  let laura: Psicologo & { email: string };
  let marta: Psicologo & { email: string };
  let zoe: Paciente;
  let luis: Paciente;
  const ids: Record<string, number> = {};
  let zoeEmail: string;

  const emailOf = async (idUsuario: number) => (await srv.deps.knex('usuarios').where({ id_usuario: idUsuario }).first('email')).email as string;
  const cancelMails = (email: string) => mailsTo(srv, email).filter((m) => CANCELADA.test(m.subject));
  const waitCancelMails = async (email: string, n: number) => {
    const deadline = Date.now() + 10_000;
    while (cancelMails(email).length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    return cancelMails(email);
  };
  const estados = async (p: Psicologo) => Object.fromEntries(
    ((await srv.request('GET', '/api/psicologo/citas', { token: p.token })).body as { idCita: number; estado: string }[]).map((c) => [c.idCita, c.estado]),
  );

  before(async () => {
    srv = await startTestServer({ clock });
    admin = await srv.adminToken();
    const l = await newPsicologo(srv, admin);
    const m = await newPsicologo(srv, admin, 'Marta', 'Ruiz');
    laura = { ...l, email: await emailOf(l.idUsuario) };
    marta = { ...m, email: await emailOf(m.idUsuario) };
    zoe = await newPaciente(srv, 'Zoraida', 'Quintanilla');
    luis = await newPaciente(srv, 'Luis', 'Martín');
    zoeEmail = await emailOf(zoe.idUsuario);
    ids.pasada = (await book(srv, zoe, laura.idPsicologo, local(DateTime.fromJSDate(clock.now()).plus({ hours: 2 })))).idCita;
    ids.confirmada = (await book(srv, zoe, laura.idPsicologo, ahead(10, 10))).idCita;
    ids.conMarta = (await book(srv, zoe, marta.idPsicologo, ahead(12, 11))).idCita;
    ids.yaCancelada = (await book(srv, zoe, laura.idPsicologo, ahead(15, 9))).idCita;
    const confirm = await srv.request('PUT', `/api/psicologo/citas/${ids.confirmada}`, { token: laura.token, body: { estado: 'CONFIRMADA' } });
    expect(confirm.status, confirm.text).to.equal(200);
    expect((await srv.request('DELETE', `/api/citas/${ids.yaCancelada}`, { token: zoe.token })).status).to.equal(204);
    await waitMailsTo(srv, laura.email, 4); // three bookings and a cancellation, as usual
    await settle(500);
    clock.advance(3 * 3_600_000); // the first appointment has begun: it is not in the future any more
  });
  after(async () => { await srv?.stop(); });

  it('the future ones read CANCELADA for their psychologists; the past one and the cancelled one stay as they were', async () => {
    const [laura0, marta0, zoe0] = [cancelMails(laura.email).length, cancelMails(marta.email).length, cancelMails(zoeEmail).length];
    const r = await srv.request('DELETE', `/api/pacientes/${zoe.idPaciente}`, { token: admin });
    expect(r.status, r.text).to.equal(204);
    expect(await estados(laura)).to.deep.equal({ [ids.pasada]: 'PENDIENTE', [ids.confirmada]: 'CANCELADA', [ids.yaCancelada]: 'CANCELADA' });
    expect(await estados(marta)).to.deep.equal({ [ids.conMarta]: 'CANCELADA' });
    const lista = (await srv.request('GET', '/api/admin/citas', { token: admin })).body as { idCita: number; nombrePaciente: string }[];
    expect(lista.filter((c) => Object.values(ids).includes(c.idCita)).map((c) => c.nombrePaciente)).to.deep.equal(Array(4).fill('Paciente eliminado'));
    const stream = (await srv.deps.store.readStream(`cita-${ids.yaCancelada}`)).map((e) => e.type);
    expect(stream.filter((t) => t === 'CitaCancelada')).to.have.length(1);
    const [last] = (await srv.deps.store.readStream(`cita-${ids.confirmada}`)).slice(-1);
    expect(last.data).to.deep.include({ canceladaPor: 'ADMIN', causa: 'ELIMINACION_PACIENTE' });

    // Each psychologist is mailed as for any cancellation, naming nobody; the erased patient is not written to.
    const [toLaura] = (await waitCancelMails(laura.email, laura0 + 1)).slice(laura0);
    const [toMarta] = (await waitCancelMails(marta.email, marta0 + 1)).slice(marta0);
    await settle();
    expect(cancelMails(laura.email)).to.have.length(laura0 + 1);
    expect(cancelMails(marta.email)).to.have.length(marta0 + 1);
    expect(toLaura.text).to.include('Su cita con su paciente dado/a de baja el ');
    expect(toLaura.text).to.include('ha sido cancelada');
    expect(toMarta.text).to.include('dado/a de baja');
    for (const m of [toLaura, toMarta]) expect(m.text + m.subject).not.to.match(/Zoraida|Quintanilla/);
    expect(cancelMails(zoeEmail)).to.have.length(zoe0);
  });

  it('the cancelled slots are free again in the agenda', async () => {
    const confirmada = await srv.request('GET', `/api/psicologo/citas/${ids.confirmada}`, { token: laura.token });
    const c = await book(srv, luis, laura.idPsicologo, confirmada.body.startDatetime);
    expect(c.estado).to.equal('PENDIENTE');
    const m = await book(srv, luis, marta.idPsicologo, ahead(12, 11));
    expect(m.estado).to.equal('PENDIENTE');
  });

  it('asking again is 404 and cancels nothing more', async () => {
    const before = await estados(laura);
    expect((await srv.request('DELETE', `/api/pacientes/${zoe.idPaciente}`, { token: admin })).status).to.equal(404);
    expect(await estados(laura)).to.deep.equal(before);
  });
});
