import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { seriePuntuaciones } from '../../src/queries/cuestionarios.ts';
import { asignarInstrumento, mundo, responder, todas, type Mundo } from './medidas-support.ts';

// docs/care.md "Reliable change": the psychologist's overview of their patients' latest scores,
// flagged when the change since the first answer reaches the instrument's threshold.
describe('care: scores over time and the psychologist\'s overview', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let w: Mundo;

  /** An answer set of `total` points with item 9 (PHQ-9) at `item9`. */
  const phq9 = (total: number, item9 = 0) => {
    const r: Record<string, number> = { ...todas(9, 0), 9: item9 };
    for (let k = 1, left = total - item9; left > 0; k++) { r[String(k)] = Math.min(3, left); left -= r[String(k)]; }
    return r;
  };
  const answer = async (instrumento: string, respuestas: Record<string, number>, pac = w.pac, psi = w.psi) => {
    await asignarInstrumento(srv, psi, pac.idPaciente, instrumento);
    const r = await responder(srv, pac, instrumento, respuestas);
    expect(r.status, r.text).to.equal(201);
    return r.body;
  };

  before(async () => {
    srv = await startTestServer();
    w = await mundo(srv);
    await answer('PHQ-9', phq9(15));
    await answer('PHQ-9', phq9(12, 1));
    await answer('PHQ-9', phq9(9));
    await answer('GAD-7', { ...todas(7, 0), 1: 3, 2: 2 });
    await answer('GAD-7', { ...todas(7, 1), 1: 3, 2: 2 });
    await answer('GAD-7', todas(7, 3), w.otroPac, w.otroPsi);
  });
  after(() => srv.stop());

  it('gives the series of an instrument with its bands and the alert points (the charts\' input)', async () => {
    const serie = (await seriePuntuaciones(srv.deps.knex, w.pac.idPaciente, 'PHQ-9'))!;
    expect(serie.puntos.map((p) => [p.puntuacion, p.banda, p.alerta])).to.deep.equal([[15, 'MODERADAMENTE_GRAVE', false], [12, 'MODERADA', true], [9, 'LEVE', false]]);
    expect(serie.instrumento).to.deep.include({ codigo: 'PHQ-9', minimo: 0, maximo: 27 });
    expect(serie.instrumento.bandas).to.have.length(5);
    expect(await seriePuntuaciones(srv.deps.knex, w.pac.idPaciente, 'NOPE')).to.equal(null);
  });

  it('flags reliable change since the first answer: PHQ-9 down 6 is improvement, GAD-7 up 5 is worsening', async () => {
    const r = await srv.request('GET', '/api/psicologo/cuestionarios/resumen', { token: w.psi.token });
    expect(r.status, r.text).to.equal(200);
    expect(r.body.map((i: any) => [i.idPaciente, i.instrumento, i.puntuacion, i.anterior, i.inicial, i.respuestas, i.cambio, i.cambioFiable, i.alertaSeguridad])).to.deep.equal([
      [w.pac.idPaciente, 'GAD-7', 10, 5, 5, 2, 5, 'EMPEORAMIENTO', true],
      [w.pac.idPaciente, 'PHQ-9', 9, 12, 15, 3, -6, 'MEJORA', true],
    ]);
    const otro = await srv.request('GET', '/api/psicologo/cuestionarios/resumen', { token: w.otroPsi.token });
    expect(otro.body.map((i: any) => [i.idPaciente, i.cambioFiable])).to.deep.equal([[w.otroPac.idPaciente, null]]);
    expect((await srv.request('GET', '/api/psicologo/cuestionarios/resumen', { token: w.pac.token })).status).to.equal(403);
  });

  it('does not flag a change below the threshold', async () => {
    await answer('GAD-7', { ...todas(7, 1), 1: 3, 2: 2, 3: 0, 4: 0 }, w.pac); // 8: +3 since the first
    const r = await srv.request('GET', '/api/psicologo/cuestionarios/resumen', { token: w.psi.token });
    expect(r.body.find((i: any) => i.instrumento === 'GAD-7')).to.include({ puntuacion: 8, cambio: 3, cambioFiable: null });
  });
});
