import { expect } from 'chai';
import { DateTime } from 'luxon';
import { ManualClock } from '../../src/platform/clock.ts';
import { CuestionarioWorker } from '../../src/reactors/cuestionarios-pauta.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { cancelCita, newCita } from '../notifications/support.ts';
import { asignarInstrumento, mundo, responder, todas, type Mundo } from './medidas-support.ts';

// docs/care.md "Assignments": scheduled requests fall due as the (test's) clock moves; each period
// and each appointment asks once, however many workers find it due.
const DAY = 86_400_000;

describe('care: scheduled questionnaire requests', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let w: Mundo;
  let clock: ManualClock;
  let worker: CuestionarioWorker;

  before(async () => {
    clock = new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000));
    srv = await startTestServer({ clock, env: { JWT_EXPIRATION_MS: String(31 * DAY) } }); // tokens outlive the weeks the clock moves
    await srv.cuestionarios.stop(); // the tests drive workers of their own (the server's runs every minute)
    w = await mundo(srv);
    worker = new CuestionarioWorker(srv.deps);
  });
  after(() => srv.stop());

  // A worker's request is no client's write, so no read waits for it: on KurrentDB, whose read models
  // follow the log, it is listed once they have reached the log's head (on PostgreSQL at once, inline).
  const pendientes = async () => {
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 10_000)).to.equal(true);
    return (await srv.request('GET', '/api/cuestionarios/pendientes', { token: w.pac.token })).body as any[];
  };

  it('every N weeks: the first request at once, the next when N weeks have passed, once however many workers run', async () => {
    const { idAsignacion } = await asignarInstrumento(srv, w.psi, w.pac.idPaciente, 'GAD-7', { tipo: 'CADA_N_SEMANAS', semanas: 2 });
    expect((await pendientes()).filter((s) => s.idAsignacion === idAsignacion)).to.have.length(1);
    expect(await worker.runOnce()).to.equal(0);
    clock.advance(13 * DAY);
    expect(await worker.runOnce()).to.equal(0);
    clock.advance(DAY + 60_000);
    const other = new CuestionarioWorker(srv.deps);
    const [a, b] = await Promise.all([worker.runOnce(), other.runOnce()]);
    expect(a + b).to.equal(1);
    expect(await worker.runOnce()).to.equal(0);
    const mine = (await pendientes()).filter((s) => s.idAsignacion === idAsignacion);
    expect(mine).to.have.length(2);
    // Both requests can be answered, each once.
    for (const s of mine) expect((await responder(srv, w.pac, 'GAD-7', todas(7, 0), { idSolicitud: s.idSolicitud })).status).to.equal(201);
    const serie = await srv.request('GET', '/api/cuestionarios/puntuaciones?instrumento=GAD-7', { token: w.pac.token });
    expect(serie.body.puntos).to.have.length(2);
  });

  it('before each appointment: a request within 48 hours of it, once per appointment; none for a cancelled one', async () => {
    const { idAsignacion } = await asignarInstrumento(srv, w.psi, w.pac.idPaciente, 'PHQ-9', { tipo: 'ANTES_DE_CADA_CITA' });
    expect((await pendientes()).filter((s) => s.idAsignacion === idAsignacion)).to.deep.equal([]);
    const local = (ms: number) => DateTime.fromJSDate(new Date(clock.now().getTime() + ms), { zone: 'Europe/Madrid' }).toFormat("yyyy-LL-dd'T'HH:mm:ss");
    const pronto = await newCita(srv, w.pac.idPaciente, w.psi.idPsicologo, local(30 * 3_600_000));
    const luego = await newCita(srv, w.pac.idPaciente, w.psi.idPsicologo, local(72 * 3_600_000));
    const cancelada = local(40 * 3_600_000);
    const idCancelada = await newCita(srv, w.pac.idPaciente, w.psi.idPsicologo, cancelada);
    await cancelCita(srv, { idCita: idCancelada, idPaciente: w.pac.idPaciente, idPsicologo: w.psi.idPsicologo, startDatetime: cancelada });
    expect(await worker.runOnce()).to.equal(1);
    expect(await worker.runOnce()).to.equal(0);
    clock.advance(25 * 3_600_000);
    expect(await worker.runOnce()).to.equal(1);
    const mine = (await pendientes()).filter((s) => s.idAsignacion === idAsignacion);
    expect(mine.map((s) => s.idCita)).to.deep.equal([pronto, luego]);
  });
});
