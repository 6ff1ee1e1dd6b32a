import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignarInstrumento, huella, mundo, responder, todas, type Mundo } from './medidas-support.ts';

// docs/care.md "Outcome measures": the catalogue, assignments, answers scored by the server, and
// every bad input of issue 34 that concerns them, with nothing stored on a refusal.
describe('care: outcome measures over HTTP', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let w: Mundo;

  before(async () => {
    srv = await startTestServer();
    w = await mundo(srv);
  });
  after(() => srv.stop());

  it('lists the instruments and serves each in Spanish or English; an unknown one is 404', async () => {
    const list = await srv.request('GET', '/api/instrumentos', { token: w.pac.token });
    expect(list.status).to.equal(200);
    expect(list.body.map((i: any) => [i.codigo, i.loincPanel, i.loincTotal])).to.deep.equal([['GAD-7', '69737-5', '70274-6'], ['PHQ-9', '44249-1', '44261-6']]);
    const en = await srv.request('GET', '/api/instrumentos/PHQ-9?idioma=en', { token: w.psi.token });
    expect(en.status).to.equal(200);
    expect(en.body.items[8]).to.deep.equal({ numero: 9, loinc: '44260-8', texto: 'Thoughts that you would be better off dead or of hurting yourself in some way' });
    expect(en.body.puntuacion.bandas.map((b: any) => [b.desde, b.hasta])).to.deep.equal([[0, 4], [5, 9], [10, 14], [15, 19], [20, 27]]);
    const es = await srv.request('GET', '/api/instrumentos/GAD-7', { token: w.pac.token });
    expect(es.body.opciones.map((o: any) => o.texto)).to.deep.equal(['Ningún día', 'Varios días', 'Más de la mitad de los días', 'Casi todos los días']);
    expect((await srv.request('GET', '/api/instrumentos/BDI-II', { token: w.pac.token })).status).to.equal(404);
    expect((await srv.request('GET', '/api/instrumentos/PHQ-9?idioma=fr', { token: w.pac.token })).status).to.equal(400);
    expect((await srv.request('GET', '/api/instrumentos')).status).to.equal(401);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await srv.request('GET', '/v3/api-docs')).body;
    for (const p of ['/api/instrumentos', '/api/instrumentos/{codigo}', '/api/cuestionarios/{codigo}/respuestas', '/api/psicologo/cuestionarios/asignaciones',
      '/api/psicologo/alertas-seguridad/{id}/reconocimiento', '/api/psicologo/cuestionarios/resumen', '/api/cuestionarios/pendientes']) {
      expect(doc.paths, p).to.have.property(p);
    }
  });

  it('refuses assignments to another psychologist\'s patient (404), of an unknown instrument (404), by a patient (403), and bad schedules (400), storing nothing', async () => {
    const before = await huella(srv);
    const post = (token: string, body: object) => srv.request('POST', '/api/psicologo/cuestionarios/asignaciones', { token, body });
    expect((await post(w.psi.token, { idPaciente: w.otroPac.idPaciente, instrumento: 'PHQ-9', pauta: { tipo: 'UNA_VEZ' } })).status).to.equal(404);
    expect((await post(w.psi.token, { idPaciente: w.pac.idPaciente, instrumento: 'BDI-II', pauta: { tipo: 'UNA_VEZ' } })).status).to.equal(404);
    expect((await post(w.pac.token, { idPaciente: w.pac.idPaciente, instrumento: 'PHQ-9', pauta: { tipo: 'UNA_VEZ' } })).status).to.equal(403);
    for (const pauta of [{ tipo: 'CADA_N_SEMANAS' }, { tipo: 'CADA_N_SEMANAS', semanas: 0 }, { tipo: 'A_VECES' }, { tipo: 'UNA_VEZ', semanas: 2 }]) {
      expect((await post(w.psi.token, { idPaciente: w.pac.idPaciente, instrumento: 'PHQ-9', pauta })).status, JSON.stringify(pauta)).to.equal(400);
    }
    expect((await post(w.psi.token, { idPaciente: w.pac.idPaciente, instrumento: 'PHQ-9', pauta: { tipo: 'UNA_VEZ' }, idPsicologo: w.otroPsi.idPsicologo })).status).to.equal(400);
    expect(await huella(srv)).to.equal(before);
  });

  it('scores an answer on the server, refuses a client score, a missing or out-of-range item, and a second answer', async () => {
    const { idAsignacion } = await asignarInstrumento(srv, w.psi, w.pac.idPaciente, 'GAD-7');
    const pend = await srv.request('GET', '/api/cuestionarios/pendientes', { token: w.pac.token });
    const solicitud = pend.body.find((s: any) => s.idAsignacion === idAsignacion);
    expect(solicitud).to.include({ instrumento: 'GAD-7', idCita: null });

    const before = await huella(srv);
    const { 7: _, ...sin7 } = todas(7, 1);
    const faltan = await responder(srv, w.pac, 'GAD-7', sin7);
    expect(faltan.status).to.equal(400);
    expect(faltan.body.mensaje).to.include('7');
    const fuera = await responder(srv, w.pac, 'GAD-7', { ...todas(7, 1), 3: 4 });
    expect([fuera.status, fuera.body.mensaje.includes('3')]).to.deep.equal([400, true]);
    expect((await responder(srv, w.pac, 'GAD-7', { ...todas(7, 1), 3: '2' })).status).to.equal(400);
    expect((await responder(srv, w.pac, 'GAD-7', { ...todas(7, 1), 3: 1.5 })).status).to.equal(400);
    expect((await responder(srv, w.pac, 'GAD-7', todas(7, 1), { puntuacion: 0 })).status).to.equal(400);
    expect((await responder(srv, w.pac, 'WHO-5', todas(5, 1))).status).to.equal(404);
    // Not assigned: PHQ-9 has no request for this patient; another patient cannot answer Ana's request.
    expect((await responder(srv, w.otroPac, 'GAD-7', todas(7, 1), { idSolicitud: solicitud.idSolicitud })).status).to.equal(409);
    expect((await responder(srv, w.pac, 'PHQ-9', todas(9, 0), { idSolicitud: solicitud.idSolicitud })).status).to.equal(409);
    expect((await srv.request('POST', '/api/cuestionarios/GAD-7/respuestas', { token: w.psi.token, body: { respuestas: todas(7, 1) } })).status).to.equal(403);
    expect(await huella(srv)).to.equal(before);

    const ok = await responder(srv, w.pac, 'GAD-7', { ...todas(7, 1), 1: 3, 2: 3 }, { idSolicitud: solicitud.idSolicitud });
    expect(ok.status, ok.text).to.equal(201);
    expect(ok.body).to.include({ instrumento: 'GAD-7', puntuacion: 11, banda: 'MODERADA', alertaSeguridad: false, ayudaUrgente: null });
    expect(ok.body.respuestas).to.deep.equal([3, 3, 1, 1, 1, 1, 1]);

    const after = await huella(srv);
    const otra = await responder(srv, w.pac, 'GAD-7', todas(7, 0), { idSolicitud: solicitud.idSolicitud });
    expect(otra.status).to.equal(409);
    expect((await responder(srv, w.pac, 'GAD-7', todas(7, 0))).status).to.equal(409); // no pending request left
    expect(await huella(srv)).to.equal(after);
    const serie = await srv.request('GET', '/api/cuestionarios/puntuaciones?instrumento=GAD-7', { token: w.pac.token });
    expect(serie.body.puntos).to.deep.equal([{ fecha: ok.body.fecha, puntuacion: 11, banda: 'MODERADA', alerta: false }]);
  });

  it('ends an assignment: its pending request is withdrawn; only its psychologist may end it', async () => {
    const { idAsignacion } = await asignarInstrumento(srv, w.psi, w.pac.idPaciente, 'PHQ-9', { tipo: 'CADA_N_SEMANAS', semanas: 2 });
    const path = `/api/psicologo/cuestionarios/asignaciones/${idAsignacion}/finalizacion`;
    expect((await srv.request('POST', path, { token: w.otroPsi.token })).status).to.equal(404);
    const r = await srv.request('POST', path, { token: w.psi.token });
    expect([r.status, r.body.activa]).to.deep.equal([200, false]);
    expect((await srv.request('POST', path, { token: w.psi.token })).status).to.equal(409);
    const pend = await srv.request('GET', '/api/cuestionarios/pendientes', { token: w.pac.token });
    expect(pend.body.filter((s: any) => s.idAsignacion === idAsignacion)).to.deep.equal([]);
    expect((await responder(srv, w.pac, 'PHQ-9', todas(9, 0))).status).to.equal(409);
  });

  it('shows scores to the patient\'s psychologist and the admin, 404 to another psychologist', async () => {
    const q = `?idPaciente=${w.pac.idPaciente}&instrumento=GAD-7`;
    const own = await srv.request('GET', `/api/psicologo/cuestionarios/puntuaciones${q}`, { token: w.psi.token });
    expect([own.status, own.body.puntos.length]).to.deep.equal([200, 1]);
    expect((await srv.request('GET', `/api/psicologo/cuestionarios/puntuaciones${q}`, { token: w.otroPsi.token })).status).to.equal(404);
    expect((await srv.request('GET', `/api/admin/cuestionarios/puntuaciones${q}`, { token: w.admin })).body.puntos.length).to.equal(1);
    expect((await srv.request('GET', '/api/admin/cuestionarios/puntuaciones?idPaciente=999999&instrumento=GAD-7', { token: w.admin })).status).to.equal(404);
    expect((await srv.request('GET', `/api/admin/cuestionarios/puntuaciones${q}`, { token: w.psi.token })).status).to.equal(403);
    expect((await srv.request('GET', `/api/psicologo/cuestionarios/puntuaciones?idPaciente=${w.pac.idPaciente}&instrumento=X-1`, { token: w.psi.token })).status).to.equal(404);
    expect((await srv.request('GET', `/api/psicologo/cuestionarios/puntuaciones?idPaciente=abc&instrumento=GAD-7`, { token: w.psi.token })).status).to.equal(400);
  });
});
