import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { KeyRing } from '../../src/platform/crypto/keyring.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { SealingEventStore } from '../../src/eventstore/sealing.ts';
import { sealSpecs } from '../../src/events/personal-data.ts';
import { CheckpointRunner, projectionHandlers, resetProjections } from '../../src/projections/runner.ts';
import { citasProjection } from '../../src/projections/citas.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';

const event = (type: string, data: Record<string, unknown>) => ({
  type, data,
  metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: null }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
});

describe('appointment reasons and the clinical key', () => {
  let db: TestDatabase;
  let raw: PostgresEventStore;
  let store: SealingEventStore;
  let keys: KeyRing;

  before(async () => {
    db = await createTestDatabase();
    raw = new PostgresEventStore(db.knex, db.url);
    keys = new KeyRing(db.knex, 'm'.repeat(40));
    store = new SealingEventStore(raw, keys, sealSpecs);
  });
  after(async () => {
    await raw.close();
    await db.drop();
  });

  async function project(): Promise<void> {
    const runner = new CheckpointRunner(db.knex, store, projectionHandlers([citasProjection]), { table: 'projection_checkpoints' });
    runner.start();
    expect(await runner.waitFor(await store.head(), 10_000)).to.equal(true);
    await runner.stop();
  }
  const motivo = async () => (await db.knex('citas').where({ id_cita: 1 }).first('motivo')).motivo;

  it('keeps the motivo readable until the clinical key goes, then blanks it, also on a rebuild', async () => {
    await store.append([{ streamId: 'paciente-5', expected: 'noStream', events: [event('PacienteRegistrado', {
      idPaciente: 5, idUsuario: 50, idPsicologo: null, fechaNacimiento: '1980-01-01', genero: null, telefono: null,
      direcciones: [], metodoPago: null, estadoPago: 'PENDIENTE', aceptaTerminos: true, aceptaVideoconferencia: false, aceptaComunicacion: false,
    })] }]);
    await store.append([{ streamId: 'cita-1', expected: 'noStream', events: [event('CitaCreada', {
      idCita: 1, idPaciente: 5, idPsicologo: 2, startDatetime: '2030-05-01T10:00:00', durationMinutes: 50, motivo: 'Ideas obsesivas', endDatetime: '2030-05-01T10:50:00',
    })] }]);
    expect(JSON.stringify(await db.knex('events').select('data'))).not.to.include('obsesivas');
    await project();
    expect(await motivo()).to.equal('Ideas obsesivas');
    expect(await db.knex('citas').where({ id_cita: 1 }).first()).to.include({ fecha: '2030-05-01', end_datetime: '2030-05-01T10:50:00', estado: 'PENDIENTE' });

    await keys.destroy('usuario-50', 'clinical');
    await store.append([{ streamId: 'retencion-5', expected: 'noStream', events: [event('ClaveClinicaDestruida', { idPaciente: 5, ultimaActividad: new Date().toISOString(), retencionAnios: 5 })] }]);
    await project();
    expect(await motivo()).to.equal(null);

    await resetProjections(db.knex, [citasProjection]);
    await project();
    expect(await motivo()).to.equal(null);
    expect(await db.knex('citas').where({ id_cita: 1 }).first('start_datetime')).to.deep.equal({ start_datetime: '2030-05-01T10:00:00' });
  });
});
