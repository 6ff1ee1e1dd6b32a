import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import type { StoredEvent } from '../../src/eventstore/port.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { RecordingAeat } from '../../src/platform/verifactu/aeat-fake.ts';
import { AeatError, claveDe, type AeatSubmitter } from '../../src/platform/verifactu/aeat-tipos.ts';
import { huellaAlta } from '../../src/platform/verifactu/huella.ts';
import type { RegistroParaEnvio } from '../../src/platform/verifactu/suministro-xml.ts';
import { aeatColaReactor } from '../../src/reactors/aeat/cola.ts';
import { leerEstado } from '../../src/reactors/aeat/cola-store.ts';
import { AeatSender } from '../../src/reactors/aeat/sender.ts';
import { altas, EMISOR } from './aeat-datos.ts';

// The persisted AEAT sender step by step (docs/billing.md "Submission to AEAT"): records queued by
// the `aeat-registros` reactor into aeat_registros, AeatSender.paso() against RecordingAeat (which
// checks every document against AEAT's schema) with a manual clock: AEAT's wait, lotes of at most
// 1,000, retries while AEAT cannot be reached, records made meanwhile marked Incidencia, every
// record's answer stored. Nothing here sleeps. test/billing/aeat-envio.test.ts runs the same sender
// on the real server, fed by issued invoices.

const T0 = new Date('2026-03-10T09:00:00Z');

/** The event issuing writes for a registro de alta, as the reactor receives it. */
function evento(r: RegistroParaEnvio, i: number): StoredEvent {
  if (r.tipo !== 'alta') throw new Error('altas only');
  const { destinatario, ...registro } = r.registro;
  return {
    type: 'RegistroFacturacionAltaGenerado', streamId: `registros-facturacion-${EMISOR.nif}`, revision: BigInt(i), position: String(i),
    data: { idFactura: i + 1, idPaciente: 1, registro, destinatario: destinatario ?? null, huella: huellaAlta(r.registro) },
    metadata: { eventId: randomUUID(), actor: { idUsuario: 1, rol: 'ADMIN' }, correlationId: randomUUID(), causationId: null, occurredAt: T0.toISOString() },
  };
}

describe('AEAT sender (AeatSender on the persisted queue, RecordingAeat and a manual clock)', function () {
  this.timeout(120_000);
  let db: TestDatabase;
  let knex: Knex;
  let clock: ManualClock;
  let aeat: RecordingAeat;
  let queued = 0;

  before(async () => { db = await createTestDatabase({ migrate: true }); knex = db.knex; });
  after(async () => { await db?.drop(); });
  beforeEach(async () => {
    await knex('aeat_registros').del();
    await knex('aeat_envio_estado').update({ proximo_envio: null, fallos_seguidos: 0, caida_desde: null });
    clock = new ManualClock(T0);
    aeat = new RecordingAeat();
  });

  const sender = (submitter: AeatSubmitter = aeat) => new AeatSender({ knex, submitter, clock, lease: { instance: 'test', ms: 5_000 } });
  /** Queues records through the reactor, in one transaction as the reactor runner does. */
  const encolar = (registros: RegistroParaEnvio[]) => knex.transaction(async (trx) => {
    for (const r of registros) await aeatColaReactor.react(trx, evento(r, queued++));
  });
  const filas = () => knex('aeat_registros').orderBy('seq');
  const pendientes = async () => (await filas()).filter((f) => f.estado === 'PENDIENTE');
  const ahora = () => clock.now().getTime();

  it('sends at once, stores each record\'s answer with the CSV, then waits AEAT\'s TiempoEsperaEnvio', async () => {
    aeat.tiempoEsperaSegundos = 30;
    const s = sender();
    await encolar(altas(2));
    expect((await s.paso()).tipo).to.equal('enviar');
    expect((await filas()).map((f) => [f.num_serie, f.estado, f.csv, f.intentos])).to.deep.equal([
      ['A-2026/0001', 'CORRECTO', 'CSV-FAKE-000001', 1], ['A-2026/0002', 'CORRECTO', 'CSV-FAKE-000001', 1],
    ]);
    await encolar(altas(1, EMISOR, 3));
    expect(await s.paso()).to.deep.equal({ tipo: 'esperar', hasta: ahora() + 30_000 });
    expect(aeat.lotes).to.have.length(1);
    clock.advance(30_000);
    await s.paso();
    expect(aeat.lotes).to.have.length(2);
    expect(await pendientes()).to.have.length(0);
  });

  it('2,500 records: two full lotes at once, the rest after the wait', async () => {
    const s = sender();
    await encolar(altas(2500));
    await s.paso();
    await s.paso();
    expect((await s.paso()).tipo).to.equal('esperar');
    expect(aeat.lotes.map((l) => l.lote.registros.length)).to.deep.equal([1000, 1000]);
    clock.advance(60_000);
    await s.paso();
    expect(aeat.lotes.map((l) => l.lote.registros.length)).to.deep.equal([1000, 1000, 500]);
    const estados = (await filas()).map((f) => f.estado);
    expect([estados.length, new Set(estados)]).to.deep.equal([2500, new Set(['CORRECTO'])]);
  });

  it('while AEAT is unreachable keeps the records, retries with a growing wait, and marks records queued meanwhile as Incidencia', async () => {
    const s = sender();
    await encolar(altas(1));
    aeat.inalcanzable = true;
    await s.paso();
    expect((await filas()).map((f) => [f.estado, f.intentos])).to.deep.equal([['PENDIENTE', 1]]);
    expect(await s.paso()).to.deep.equal({ tipo: 'esperar', hasta: T0.getTime() + 5_000 });
    clock.advance(5_000);
    await s.paso();
    expect(await s.paso()).to.deep.equal({ tipo: 'esperar', hasta: T0.getTime() + 15_000 });
    await encolar(altas(2, EMISOR, 2)); // issued while AEAT is down
    expect((await filas()).map((f) => f.incidencia)).to.deep.equal([false, true, true]);
    aeat.inalcanzable = false;
    clock.set(new Date(T0.getTime() + 15_000));
    await s.paso();
    clock.advance(60_000);
    await s.paso();
    expect(aeat.lotes.map((l) => [l.lote.registros.length, l.lote.incidencia === true])).to.deep.equal([[1, false], [2, true]]);
    expect(aeat.lotes[0].xml).to.not.contain('Incidencia');
    expect(aeat.lotes[1].xml).to.contain('<sum:Cabecera><sum1:ObligadoEmision>')
      .and.to.contain('</sum1:ObligadoEmision><sum1:RemisionVoluntaria><sum1:Incidencia>S</sum1:Incidencia></sum1:RemisionVoluntaria></sum:Cabecera>');
    expect((await filas()).map((f) => [f.estado, f.incidencia])).to.deep.equal([['CORRECTO', false], ['CORRECTO', true], ['CORRECTO', true]]);
    await encolar(altas(1, EMISOR, 4)); // AEAT answers again: no longer an incident
    expect((await pendientes()).map((f) => f.incidencia)).to.deep.equal([false]);
  });

  it('stores AEAT\'s Incorrecto for a chosen record, without a CSV, and does not send it again', async () => {
    const registros = altas(3);
    aeat.incorrectos.set(claveDe(registros[1]), { codigo: '1100', descripcion: 'Valor o tipo incorrecto del campo: NIF' });
    const s = sender();
    await encolar(registros);
    await s.paso();
    const [primera, segunda] = await filas();
    expect(segunda).to.include({ estado: 'INCORRECTO', codigo_error: '1100', csv: null });
    expect(primera).to.include({ estado: 'CORRECTO', csv: 'CSV-FAKE-000001' });
    clock.advance(60_000);
    expect(await s.paso()).to.deep.equal({ tipo: 'nada' });
    expect(aeat.lotes).to.have.length(1);
  });

  it('a lote AEAT refuses as a whole (Client Fault) is stored as refused, not retried, and AEAT is not taken for down', async () => {
    const rechaza: AeatSubmitter = { submit: async () => { throw new AeatError('AEAT SOAP Fault env:Client: Codigo[4102]', 'rechazo', '4102'); } };
    const s = sender(rechaza);
    await encolar(altas(2));
    await s.paso();
    expect((await filas()).map((f) => [f.estado, f.codigo_error, f.intentos])).to.deep.equal([['RECHAZADO', '4102', 1], ['RECHAZADO', '4102', 1]]);
    expect((await leerEstado(knex)).caidaDesde).to.equal(null);
    await encolar(altas(1, EMISOR, 3));
    expect((await pendientes()).map((f) => f.incidencia)).to.deep.equal([false]);
  });
});
