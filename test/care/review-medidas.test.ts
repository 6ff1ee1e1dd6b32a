import { expect } from 'chai';
import { CuestionarioWorker } from '../../src/reactors/cuestionarios-pauta.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, newCita, newPaciente } from '../notifications/support.ts';
import { asignarInstrumento, huella, mundo, responder, todas, type Mundo } from './medidas-support.ts';

// Review of issue 34's outcome measures: the safety alert goes to "the assigned psychologist". When
// the patient is given another psychologist, a questionnaire the former one assigned is no longer
// answerable: its alert would reach someone who no longer sees the patient, and the patient's
// present psychologist would never hear of it.
describe('care review: questionnaires of a former psychologist', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let w: Mundo;

  before(async () => {
    srv = await startTestServer();
    await srv.cuestionarios.stop(); // the tests drive workers of their own (the server's runs every minute)
    w = await mundo(srv);
  });
  after(() => srv.stop());

  it('are neither pending nor answerable once the patient has another psychologist (409, nothing stored, no alert)', async () => {
    const pac = { ...(await newPaciente(srv, 'Carla')), idPsicologo: w.psi.idPsicologo };
    await asignar(srv, w.admin, pac.idPaciente, w.psi.idPsicologo);
    await asignarInstrumento(srv, w.psi, pac.idPaciente, 'PHQ-9', { tipo: 'CADA_N_SEMANAS', semanas: 1 });
    expect((await srv.request('GET', '/api/cuestionarios/pendientes', { token: pac.token })).body).to.have.length(1);

    await asignar(srv, w.admin, pac.idPaciente, w.otroPsi.idPsicologo);
    expect((await srv.request('GET', '/api/cuestionarios/pendientes', { token: pac.token })).body).to.deep.equal([]);
    const antes = await huella(srv);
    const r = await responder(srv, pac, 'PHQ-9', { ...todas(8, 0), 9: 2 });
    expect(r.status, r.text).to.equal(409);
    expect(await huella(srv)).to.equal(antes);
    // Nor does its schedule ask the patient again (a week and a day later).
    const worker = new CuestionarioWorker(srv.deps);
    const enOchoDias = () => new Date(srv.deps.clock.now().getTime() + 8 * 86_400_000);
    expect(await worker.runOnce(enOchoDias())).to.equal(0);
    expect(await huella(srv)).to.equal(antes);

    // Back with the psychologist who assigned it: answerable again, and the alert is theirs.
    await asignar(srv, w.admin, pac.idPaciente, w.psi.idPsicologo);
    expect(await worker.runOnce(enOchoDias())).to.equal(1);
    const ok = await responder(srv, pac, 'PHQ-9', { ...todas(8, 0), 9: 2 });
    expect(ok.status, ok.text).to.equal(201);
    const alertas = (await srv.request('GET', '/api/psicologo/alertas-seguridad', { token: w.psi.token })).body;
    expect(alertas.map((a: any) => a.idPaciente)).to.include(pac.idPaciente);
  });

  it("before each appointment: a former psychologist's appointment asks nothing once the patient has another psychologist", async () => {
    const pac = { ...(await newPaciente(srv, 'Diego')), idPsicologo: w.psi.idPsicologo };
    await asignar(srv, w.admin, pac.idPaciente, w.psi.idPsicologo);
    await asignarInstrumento(srv, w.psi, pac.idPaciente, 'GAD-7', { tipo: 'ANTES_DE_CADA_CITA' });
    const manana = new Date(srv.deps.clock.now().getTime() + 86_400_000 + 3_600_000);
    const local = manana.toLocaleString('sv-SE', { timeZone: 'Europe/Madrid' }).replace(' ', 'T');
    await newCita(srv, pac.idPaciente, w.psi.idPsicologo, local);
    await asignar(srv, w.admin, pac.idPaciente, w.otroPsi.idPsicologo);
    const antes = await huella(srv);
    const worker = new CuestionarioWorker(srv.deps);
    expect(await worker.runOnce()).to.equal(0);
    expect(await huella(srv)).to.equal(antes);
    await asignar(srv, w.admin, pac.idPaciente, w.psi.idPsicologo);
    expect(await worker.runOnce()).to.equal(1);
  });

  it("an open alert follows the patient: after a change of psychologist it is the new one's to see and acknowledge, not the former's", async () => {
    const pac = { ...(await newPaciente(srv, 'Elena')), idPsicologo: w.psi.idPsicologo };
    await asignar(srv, w.admin, pac.idPaciente, w.psi.idPsicologo);
    await asignarInstrumento(srv, w.psi, pac.idPaciente, 'PHQ-9', { tipo: 'UNA_VEZ' });
    const r = await responder(srv, pac, 'PHQ-9', { ...todas(8, 0), 9: 1 });
    expect(r.status, r.text).to.equal(201);
    const abiertas = async (token: string) => ((await srv.request('GET', '/api/psicologo/alertas-seguridad', { token })).body as any[]).filter((a) => a.idPaciente === pac.idPaciente);
    const marcado = async (token: string) => ((await srv.request('GET', '/api/psicologo/pacientes/getAll', { token })).body as any[]).find((p) => p.idPaciente === pac.idPaciente)?.alertaSeguridad;
    expect(await abiertas(w.psi.token)).to.have.length(1);

    await asignar(srv, w.admin, pac.idPaciente, w.otroPsi.idPsicologo);
    expect(await abiertas(w.psi.token), 'not the former psychologist’s any more').to.deep.equal([]);
    expect(await abiertas(w.otroPsi.token)).to.have.length(1);
    expect(await marcado(w.otroPsi.token), 'marked in the new psychologist’s list').to.equal(true);
    const idRespuesta = r.body.idRespuesta;
    expect((await srv.request('POST', `/api/psicologo/alertas-seguridad/${idRespuesta}/reconocimiento`, { token: w.psi.token })).status).to.equal(404);
    const ack = await srv.request('POST', `/api/psicologo/alertas-seguridad/${idRespuesta}/reconocimiento`, { token: w.otroPsi.token });
    expect(ack.status, ack.text).to.equal(200);
    expect(ack.body.reconocidaPor).to.equal(w.otroPsi.idUsuario);
    expect(await abiertas(w.otroPsi.token)).to.deep.equal([]);
    expect(await marcado(w.otroPsi.token)).to.equal(false);
  });
});
