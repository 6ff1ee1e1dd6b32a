import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ManualClock } from '../../src/platform/clock.ts';
import { KeyRing } from '../../src/platform/crypto/keyring.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { SealingEventStore } from '../../src/eventstore/sealing.ts';
import { sealSpecs } from '../../src/events/personal-data.ts';
import { CheckpointRunner, projectionHandlers } from '../../src/projections/runner.ts';
import { retencionProjection } from '../../src/projections/retencion.ts';
import { reactorHandlers } from '../../src/reactors/reactor.ts';
import { clinicalKeyReactor, runRetentionJob } from '../../src/reactors/retention.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

const MASTER = 'k'.repeat(40);
// A clinical event stands in for the clinical areas (their own seal specs come with them).
const specs = { ...sealSpecs, NotaClinicaDePrueba: { subject: (d: any) => `paciente-${d.idPaciente}`, fields: { texto: 'clinical' as const } } };

const event = (type: string, data: Record<string, unknown>, occurredAt: string) => ({
  type, data,
  metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: null }, correlationId: randomUUID(), causationId: null, occurredAt },
});

describe('clinical retention after erasure', () => {
  let db: TestDatabase;
  let raw: PostgresEventStore;
  let store: SealingEventStore;
  let keys: KeyRing;
  const clock = new ManualClock(new Date('2020-01-01T00:00:00Z'));

  before(async () => {
    db = await createTestDatabase();
    raw = new PostgresEventStore(db.knex, db.url);
    keys = new KeyRing(db.knex, MASTER);
    store = new SealingEventStore(raw, keys, specs);
  });
  after(async () => {
    await raw.close();
    await db.drop();
  });

  async function project(): Promise<void> {
    const head = await store.head();
    for (const [handlers, table] of [
      [projectionHandlers([retencionProjection]), 'projection_checkpoints'],
      [reactorHandlers([clinicalKeyReactor(keys)]), 'reactor_checkpoints'],
    ] as const) {
      const runner = new CheckpointRunner(db.knex, store, handlers, { table });
      runner.start();
      expect(await runner.waitFor(head, 10_000)).to.equal(true);
      await runner.stop();
    }
  }

  it('keeps clinical content readable after erasure until the retention job runs, then destroys it once', async () => {
    await store.append([{ streamId: 'paciente-7', expected: 'noStream', events: [event('PacienteRegistrado', {
      idPaciente: 7, idUsuario: 70, idPsicologo: null, fechaNacimiento: '1980-01-01', genero: null, telefono: null,
      direcciones: [], metodoPago: null, estadoPago: 'PENDIENTE', aceptaTerminos: true, aceptaVideoconferencia: false, aceptaComunicacion: false,
    }, '2020-01-01T10:00:00Z')] }]);
    await store.append([{ streamId: 'nota-1', expected: 'noStream', events: [event('NotaClinicaDePrueba', { idPaciente: 7, texto: 'trastorno de pánico' }, '2020-02-01T10:00:00Z')] }]);
    const sealed = JSON.stringify(await db.knex('events').select('data'));
    expect(sealed).not.to.include('pánico');

    // Erasure: identity key gone at once; clinical content stays for the retention period.
    await store.append([{ streamId: 'paciente-7', expected: 0n, events: [event('PacienteEliminado', { idPaciente: 7 }, '2021-06-01T10:00:00Z')] }]);
    await keys.destroy(await keys.resolve('paciente-7'), 'identity');
    await project();
    const ctx = { knex: db.knex, store, clock, retentionYears: 5 };

    clock.set(new Date('2025-01-31T00:00:00Z')); // 5 years after the last record minus a day
    expect(await runRetentionJob(ctx)).to.equal(0);
    await project();
    const [nota] = await store.readStream('nota-1');
    expect(nota.data.texto).to.equal('trastorno de pánico');
    const [registro] = await store.readStream('paciente-7');
    expect(registro.data.telefono).to.equal(null);
    expect(registro.erased).to.include('fechaNacimiento');

    clock.set(new Date('2025-02-02T00:00:00Z'));
    // Two processes run the job at once: exactly one event.
    const results = await Promise.all([runRetentionJob(ctx), runRetentionJob(ctx)]);
    expect(results.reduce((a, b) => a + b, 0)).to.equal(1);
    expect(await runRetentionJob(ctx)).to.equal(0);
    const recorded = await db.knex('events').where({ type: 'ClaveClinicaDestruida' }).select('data');
    expect(recorded).to.have.length(1);
    expect(recorded[0].data).to.include({ idPaciente: 7, retencionAnios: 5 });

    await project();
    const [gone] = await new SealingEventStore(raw, new KeyRing(db.knex, MASTER), specs).readStream('nota-1');
    expect(gone.data.texto).to.equal(null);
    expect(gone.erased).to.deep.equal(['texto']);
    const row = await db.knex('retencion_clinica').where({ id_paciente: 7 }).first();
    expect(row.clave_destruida_en).to.not.equal(null);
  });

  it('never destroys the clinical key of a patient who was not erased', async () => {
    await store.append([{ streamId: 'nota-2', expected: 'noStream', events: [event('NotaClinicaDePrueba', { idPaciente: 8, texto: 'seguimiento' }, '2010-01-01T10:00:00Z')] }]);
    await project();
    clock.set(new Date('2030-01-01T00:00:00Z'));
    expect(await runRetentionJob({ knex: db.knex, store, clock, retentionYears: 5 })).to.equal(0);
    const [nota] = await store.readStream('nota-2');
    expect(nota.data.texto).to.equal('seguimiento');
  });
});
