import { expect } from 'chai';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import type { NewEvent } from '../../src/eventstore/port.ts';
import { createKnex } from '../../src/platform/database.ts';
import { pseudonymizer } from '../../src/platform/analytics/pseudonyms.ts';
import { analiticaProjection } from '../../src/projections/analitica.ts';
import { listaEsperaProjection } from '../../src/projections/lista-espera.ts';
import { CheckpointRunner, projectionHandlers, resetProjections } from '../../src/projections/runner.ts';
import { createTestDatabase, PROJECTION_OPTIONS, type TestDatabase } from '../support/db.ts';
import { dumpTables, newEvent } from './support.ts';

// Read models write a batch's changes at its end, a statement per kind: the same rows as one
// event at a time whatever the batch size, in far fewer statements than events (a rebuild).

const one = (streamId: string, type: string, data: Record<string, unknown>) => ({ streamId, expected: 'any' as const, events: [newEvent(type, data)] });
const cita = (idCita: number, idPaciente: number, idPsicologo: number, dia: string) =>
  one(`cita-${idCita}`, 'CitaCreada', { idCita, idPaciente, idPsicologo, startDatetime: `${dia}T10:00:00`, durationMinutes: 50, motivo: null, endDatetime: `${dia}T10:50:00` });
const diario = (idDiario: number, idPaciente: number) =>
  one(`diario-${idDiario}`, 'DiarioRegistrado', { idDiario, idPaciente, fecha: '2031-01-06T21:00:00', emocion: 'Calma', intensidad: 5, nota: 'x' });
const espera = (idEntrada: number, idPaciente: number, idPsicologo: number, desde: string, hasta: string) =>
  one(`espera-${idEntrada}`, 'ListaEsperaUnida', { idEntrada, idPaciente, idPsicologo, desde, hasta });

/** Waitlist and assignment cases whose outcome depends on the order of the events. */
const HISTORY: { streamId: string; expected: 'any'; events: NewEvent[] }[] = [
  // Assignments: each diary entry counts for the psychologist its patient had then.
  one('paciente-10', 'PacienteRegistrado', { idPaciente: 10, idUsuario: 110, idPsicologo: 1 }),
  diario(1, 10),
  one('paciente-10', 'PsicologoAsignado', { idPaciente: 10, idPsicologo: 2 }),
  diario(2, 10),
  one('paciente-11', 'PacienteRegistrado', { idPaciente: 11, idUsuario: 111, idPsicologo: null }),
  diario(3, 11),
  one('paciente-11', 'PsicologoAsignado', { idPaciente: 11, idPsicologo: 1 }),
  one('paciente-11', 'PacienteRegistrado', { idPaciente: 11, idUsuario: 111, idPsicologo: 2 }), // a registration keeps an assignment there
  diario(4, 11),
  one('psicologo-2', 'PsicologoEliminado', { idPsicologo: 2 }),
  diario(5, 10),
  // Waitlist: joined then booked inside its range: served; booked first: still active.
  espera(1, 12, 1, '2031-01-01', '2031-01-31'),
  cita(1, 12, 1, '2031-01-10'),
  cita(2, 13, 1, '2031-02-10'),
  espera(2, 13, 1, '2031-02-01', '2031-02-28'),
  // Left, then booked: left.
  espera(3, 13, 2, '2031-03-01', '2031-03-31'),
  one('espera-3', 'ListaEsperaAbandonada', { idEntrada: 3, idPaciente: 13, idPsicologo: 2 }),
  cita(3, 13, 2, '2031-03-05'),
  // Erased, then joined again: only the new entry.
  one('paciente-12', 'PacienteEliminado', { idPaciente: 12 }),
  espera(4, 12, 2, '2031-04-01', '2031-04-30'),
  // Booked outside the range, then inside it with another psychologist, then with the entry's own.
  espera(5, 14, 1, '2031-05-01', '2031-05-31'),
  cita(4, 14, 1, '2031-06-01'),
  cita(5, 14, 2, '2031-05-10'),
  cita(6, 14, 1, '2031-05-20'),
];

const TABLES = ['lista_espera', 'analitica_asignaciones', 'analitica.hechos_diario', 'analitica.hechos_citas'];

describe('read models write a batch set-based: same rows as one event at a time, few statements', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let store: PostgresEventStore;
  const projections = [listaEsperaProjection, analiticaProjection(PROJECTION_OPTIONS)];

  beforeEach(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.knex, db.url);
  });
  afterEach(async () => {
    await store.close();
    await db.drop();
  });

  /** Rebuilds both read models in batches of `batchSize`; returns their rows and the statements the runner sent. */
  async function rebuild(batchSize: number) {
    await resetProjections(db.knex, projections);
    const knex = createKnex(db.url, 4);
    let statements = 0;
    knex.on('query', () => statements++);
    const runner = new CheckpointRunner(knex, store, projectionHandlers(projections), { table: 'projection_checkpoints', batchSize, lease: false });
    runner.start();
    try {
      expect(await runner.waitFor(await store.head(), 20_000)).to.equal(true);
    } finally {
      await runner.stop();
      await knex.destroy();
    }
    return { rows: await dumpTables(db.knex, TABLES), statements };
  }

  it('gives the rows of one event at a time in batches of any size', async () => {
    for (const write of HISTORY) await store.append([write]);
    const single = await rebuild(1);
    expect(await rebuild(3)).to.have.property('rows').that.deep.equals(single.rows);
    expect(await rebuild(1000)).to.have.property('rows').that.deep.equals(single.rows);

    const estados = Object.fromEntries((single.rows.lista_espera as { id_entrada: number; estado: string }[]).map((r) => [r.id_entrada, r.estado]));
    expect(estados).to.deep.equal({ 2: 'ACTIVA', 3: 'ABANDONADA', 4: 'ACTIVA', 5: 'ATENDIDA' });
    const pseud = pseudonymizer(PROJECTION_OPTIONS.analyticsPepper);
    const psi = (id: number | null) => (id === null ? null : pseud('psicologo', id));
    const porRegistro = Object.fromEntries((single.rows['analitica.hechos_diario'] as { registro: string; psicologo: string | null }[]).map((r) => [r.registro, r.psicologo]));
    expect([1, 2, 3, 4, 5].map((id) => porRegistro[pseud('diario', id)])).to.deep.equal([psi(1), psi(2), null, psi(1), null]);
  });

  it('writes a batch of bookings and registrations in a bounded number of statements, not one per event', async () => {
    const writes = [];
    for (let i = 1; i <= 200; i++) {
      writes.push(one(`paciente-${1000 + i}`, 'PacienteRegistrado', { idPaciente: 1000 + i, idUsuario: 5000 + i, idPsicologo: 1 + (i % 3) }));
      writes.push(cita(1000 + i, 1000 + i, 1 + (i % 3), '2031-01-10'));
    }
    await store.append(writes);
    await store.append([espera(9, 1001, 2, '2031-01-01', '2031-01-31')]);
    await store.append([cita(9, 1001, 2, '2031-01-12')]);
    const { rows, statements } = await rebuild(1000);
    expect(rows.lista_espera).to.have.length(1).and.nested.property('[0].estado', 'ATENDIDA');
    expect(rows.analitica_asignaciones).to.have.length(200);
    expect(rows['analitica.hechos_citas']).to.have.length(201);
    // 401 events: a statement per event was 400 and more; a batch now costs a few dozen at most.
    expect(statements).to.be.below(60);
  });
});
