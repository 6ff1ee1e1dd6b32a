import { expect } from 'chai';
import { EnviadorAeat } from '../../src/platform/verifactu/aeat-enviador.ts';
import { ESTADO_INICIAL, esperaReintento, planEnvios, type Pendiente, type ResultadoEnvio } from '../../src/platform/verifactu/aeat-envios.ts';
import { hayXmllint, RecordingAeat } from '../../src/platform/verifactu/aeat-fake.ts';
import { AeatError, claveDe, type AeatSubmitter } from '../../src/platform/verifactu/aeat-tipos.ts';
import { altas, EMISOR, OTRO_EMISOR, SISTEMA } from './aeat-datos.ts';

// When records go to AEAT: its wait between submissions, lotes of at most 1,000, retries while it
// cannot be reached, records made meanwhile marked Incidencia, every record's answer stored. Time
// is a variable of the test (an injected clock): nothing here sleeps.

const T0 = Date.parse('2026-03-10T09:00:00Z');
const pend = (registros = altas(1), incidencia = false, obligado = EMISOR): Pendiente[] =>
  registros.map((registro, i) => ({ id: `${obligado.nif}-${i}`, obligado, registro, incidencia }));

describe('AEAT submission plan (planEnvios)', () => {
  it('nothing to send: nothing; a lote waits for the end of AEAT\'s wait', () => {
    expect(planEnvios([], ESTADO_INICIAL, T0)).to.deep.equal({ tipo: 'nada' });
    const estado = { ...ESTADO_INICIAL, proximoEnvio: T0 + 60_000 };
    expect(planEnvios(pend(), estado, T0)).to.deep.equal({ tipo: 'esperar', hasta: T0 + 60_000 });
    expect(planEnvios(pend(), estado, T0 + 60_000).tipo).to.equal('enviar');
  });

  it('1,000 waiting records go at once, without waiting; never more than 1,000 in a lote', () => {
    const estado = { ...ESTADO_INICIAL, proximoEnvio: T0 + 60_000 };
    expect(planEnvios(pend(altas(999)), estado, T0).tipo).to.equal('esperar');
    const plan = planEnvios(pend(altas(1200)), estado, T0);
    expect(plan.tipo === 'enviar' && plan.lote.length).to.equal(1000);
    // A retry's wait is not AEAT's: a full lote waits for it too.
    expect(planEnvios(pend(altas(1000)), { ...estado, fallosSeguidos: 1 }, T0).tipo).to.equal('esperar');
  });

  it('a lote is one obligado\'s records in order, and never mixes records made during an incident with others', () => {
    const cola = [...pend(altas(2)), ...pend(altas(1), false, OTRO_EMISOR), ...pend(altas(2, EMISOR, 3), true), ...pend(altas(1, EMISOR, 5))];
    const plan = planEnvios(cola, ESTADO_INICIAL, T0);
    expect(plan.tipo === 'enviar' && plan.lote.map((p) => claveDe(p.registro))).to.deep.equal(cola.slice(0, 2).map((p) => claveDe(p.registro)));
  });

  it('retries wait 5 s, doubling, at most 15 minutes', () => {
    expect([1, 2, 3, 4, 20].map(esperaReintento)).to.deep.equal([5_000, 10_000, 20_000, 40_000, 900_000]);
  });
});

describe('AEAT sender (EnviadorAeat with RecordingAeat and a test clock)', () => {
  let ahora: number;
  let aeat: RecordingAeat;
  let guardados: { id: string; r: ResultadoEnvio }[];
  let fallos: AeatError[];
  const enviador = (submitter: AeatSubmitter = aeat) => new EnviadorAeat({
    submitter, sistema: SISTEMA, reloj: () => ahora,
    guardar: async (p, r) => { guardados.push({ id: p.id, r }); },
    alFallar: (e) => fallos.push(e),
  });
  const encolar = (e: EnviadorAeat, registros = altas(1), desde = 0) =>
    registros.forEach((registro, i) => e.encolar({ id: `r${desde + i}`, obligado: EMISOR, registro }));

  beforeEach(() => { ahora = T0; aeat = new RecordingAeat(); guardados = []; fallos = []; });

  it('sends at once, stores each record\'s answer with the CSV, then waits AEAT\'s TiempoEsperaEnvio', async () => {
    aeat.tiempoEsperaSegundos = 30;
    const e = enviador();
    encolar(e, altas(2));
    expect((await e.paso()).tipo).to.equal('enviar');
    expect(guardados.map((g) => g.r.tipo === 'respuesta' && [g.id, g.r.respuesta.estado, g.r.csv])).to.deep.equal([
      ['r0', 'Correcto', 'CSV-FAKE-000001'], ['r1', 'Correcto', 'CSV-FAKE-000001'],
    ]);
    encolar(e, altas(1, EMISOR, 3), 2);
    expect(await e.paso()).to.deep.equal({ tipo: 'esperar', hasta: T0 + 30_000 });
    expect(aeat.lotes).to.have.length(1);
    ahora = T0 + 30_000;
    await e.paso();
    expect(aeat.lotes).to.have.length(2);
    expect(e.pendientes).to.have.length(0);
  });

  it('2,500 records: two full lotes at once, the rest after the wait', async function () {
    this.timeout(120_000); // xmllint validates 2,500 records
    const e = enviador();
    encolar(e, altas(2500));
    await e.paso();
    await e.paso();
    expect((await e.paso()).tipo).to.equal('esperar');
    expect(aeat.lotes.map((l) => l.lote.registros.length)).to.deep.equal([1000, 1000]);
    ahora += 60_000;
    await e.paso();
    expect(aeat.lotes.map((l) => l.lote.registros.length)).to.deep.equal([1000, 1000, 500]);
    expect(new Set(guardados.map((g) => g.id)).size).to.equal(2500);
  });

  it('while AEAT is unreachable keeps the records, retries with a growing wait, and marks records made meanwhile as Incidencia', async () => {
    const e = enviador();
    encolar(e, altas(1));
    aeat.inalcanzable = true;
    await e.paso();
    expect([guardados.length, e.pendientes.length, fallos[0]?.reintentable]).to.deep.equal([0, 1, true]);
    expect(await e.paso()).to.deep.equal({ tipo: 'esperar', hasta: T0 + 5_000 });
    ahora = T0 + 5_000;
    await e.paso();
    expect(await e.paso()).to.deep.equal({ tipo: 'esperar', hasta: T0 + 15_000 });
    encolar(e, altas(2, EMISOR, 2), 1); // made while AEAT is down
    expect(e.pendientes.map((p) => p.incidencia)).to.deep.equal([false, true, true]);
    aeat.inalcanzable = false;
    ahora = T0 + 15_000;
    await e.paso();
    ahora += 60_000;
    await e.paso();
    expect(aeat.lotes.map((l) => [l.lote.registros.length, l.lote.incidencia === true])).to.deep.equal([[1, false], [2, true]]);
    expect(aeat.lotes[0].xml).to.not.contain('Incidencia');
    expect(aeat.lotes[1].xml).to.contain('<sum:Cabecera><sum1:ObligadoEmision>')
      .and.to.contain('</sum1:ObligadoEmision><sum1:RemisionVoluntaria><sum1:Incidencia>S</sum1:Incidencia></sum1:RemisionVoluntaria></sum:Cabecera>');
    expect(guardados.map((g) => [g.id, g.r.incidencia])).to.deep.equal([['r0', false], ['r1', true], ['r2', true]]);
    encolar(e, altas(1, EMISOR, 4), 3); // AEAT answers again: no longer an incident
    expect(e.pendientes[0].incidencia).to.equal(false);
  });

  it('stores AEAT\'s Incorrecto for a chosen record, without a CSV, and does not send it again', async () => {
    const registros = altas(3);
    aeat.incorrectos.set(claveDe(registros[1]), { codigo: '1100', descripcion: 'Valor o tipo incorrecto del campo: NIF' });
    const e = enviador();
    encolar(e, registros);
    await e.paso();
    const r1 = guardados[1].r;
    expect(r1.tipo === 'respuesta' && [r1.respuesta.estado, r1.respuesta.codigoError, r1.csv]).to.deep.equal(['Incorrecto', '1100', null]);
    expect(guardados[0].r.tipo === 'respuesta' && guardados[0].r.csv).to.equal('CSV-FAKE-000001');
    expect(e.pendientes).to.have.length(0);
  });

  it('a lote AEAT refuses as a whole (Client Fault) is stored as refused, not retried', async () => {
    const rechaza: AeatSubmitter = { submit: async () => { throw new AeatError('AEAT SOAP Fault env:Client: Codigo[4102]', 'rechazo', '4102'); } };
    const e = enviador(rechaza);
    encolar(e, altas(2));
    await e.paso();
    expect(guardados.map((g) => g.r.tipo === 'rechazado' && g.r.codigo)).to.deep.equal(['4102', '4102']);
    expect(e.pendientes).to.have.length(0);
    expect(e.aeatCaida).to.equal(false);
  });

  it('ejecutar sleeps through AEAT\'s wait and the retries, and stops when told', async () => {
    const e = enviador();
    encolar(e, altas(2));
    const parar = new AbortController();
    const sueños: number[] = [];
    let vueltas = 0;
    aeat.inalcanzable = true;
    await e.ejecutar(parar.signal, async (ms) => {
      sueños.push(ms);
      ahora += ms;
      if (++vueltas === 2) aeat.inalcanzable = false;
      if (e.pendientes.length === 0) parar.abort();
    });
    // Two retry waits, the lote sent, then an idle pause in which the test stops it.
    expect(sueños).to.deep.equal([5_000, 10_000, 1_000]);
    expect(aeat.lotes).to.have.length(1);
    expect(guardados).to.have.length(2);
  });

  (hayXmllint() ? it : it.skip)('the fake checks every document against AEAT\'s schema (xmllint) and refuses an invalid one as AEAT would', async () => {
    const [mal] = altas(1);
    if (mal.tipo === 'alta') mal.registro.factura.numSerie = 'X'.repeat(61); // NumSerieFactura: at most 60 characters
    let error: unknown;
    try { await aeat.submit({ obligado: EMISOR, sistema: SISTEMA, registros: [mal] }); } catch (err) { error = err; }
    expect(error).to.be.instanceOf(AeatError);
    expect((error as AeatError).causa).to.equal('rechazo');
    expect(aeat.lotes).to.have.length(0);
  });
});
