import { expect } from 'chai';
import { ESTADO_INICIAL, esperaReintento, planEnvios, type Pendiente } from '../../src/platform/verifactu/aeat-envios.ts';
import { hayXmllint, RecordingAeat } from '../../src/platform/verifactu/aeat-fake.ts';
import { AeatError, claveDe } from '../../src/platform/verifactu/aeat-tipos.ts';
import { altas, EMISOR, OTRO_EMISOR, SISTEMA } from './aeat-datos.ts';

// When records go to AEAT: its wait between submissions, lotes of at most 1,000, one issuer's records
// in order, retries while it cannot be reached. Time is a variable of the test: nothing here sleeps.
// The sender that carries the plan out on the persisted queue: test/billing/aeat-sender.test.ts.

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

describe('RecordingAeat', () => {
  const aeat = new RecordingAeat();

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
