import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import type { EventStore } from '../../src/eventstore/port.ts';
import { registrarDiario, registrarProgreso } from '../../src/commands/clinico.ts';
import type { CommandDeps } from '../../src/commands/deps.ts';
import type { Config } from '../../src/platform/config.ts';
import { loadLimits } from '../../src/platform/limits.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { sequenceIds } from '../../src/platform/ids.ts';
import { commandLookups } from '../../src/command-lookups.ts';
import { AppError } from '../../src/platform/errors.ts';

// A record whose id was just taken from a sequence has no stream yet: on PostgreSQL its command is
// decided from the empty state and appended with 'noStream', without reading the stream (one round
// trip less per diary entry). On KurrentDB the read stays (skipsFreshReads: the client's channel
// recovers from a failed discovery through the read). Round trips counted as in
// test/citas/agenda-dias.test.ts: one per store call.

/** A store that records its round trips: the streams of each read, and each append. */
function recording(inner: EventStore): EventStore & { trips: string[] } {
  const trips: string[] = [];
  return Object.assign(Object.create(inner) as EventStore, {
    trips,
    readStream: (streamId: string) => (trips.push(`read ${streamId}`), inner.readStream(streamId)),
    readStreams: (streamIds: readonly string[]) => (trips.push(`read ${streamIds.join(',')}`), inner.readStreams(streamIds)),
    append: (...args: Parameters<EventStore['append']>) => (trips.push(`append ${args[0].map((w) => `${w.streamId}@${w.expected}`).join(',')}`), inner.append(...args)),
  });
}

describe('a record with a fresh id: its stream is not read', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let store: PostgresEventStore;
  let deps: CommandDeps;
  const actor = { idUsuario: 1, rol: 'PACIENTE' };

  before(async () => {
    db = await createTestDatabase();
    store = new PostgresEventStore(db.knex, db.url);
    deps = {
      store, knex: db.knex, clock: systemClock, config: { practiceTimezone: 'Europe/Madrid', limits: loadLimits({}) } as Config, ids: sequenceIds(db.knex),
      lookupHash: () => { throw new Error('not used'); }, lookups: commandLookups(db.knex),
    };
  });
  after(async () => {
    await store?.close();
    await db?.drop();
  });

  it('a diary entry and a progress record: one append each, no read', async () => {
    const rec = recording(store);
    const diario = await registrarDiario({ ...deps, store: rec }, actor, 2, { emocion: 'calma', intensidad: 4, nota: null });
    const progreso = await registrarProgreso({ ...deps, store: rec }, actor, 2, '2026-11-20', { nivelEstres: 4, nivelAnsiedad: 3, nivelAnimo: 6 });
    expect(rec.trips).to.deep.equal([`append diario-${diario.id}@noStream`, `append progreso-${progreso.id}@noStream`]);
    const [stored] = await store.readStream(`diario-${diario.id}`);
    expect(stored.type).to.equal('DiarioRegistrado');
    expect(stored.data).to.deep.include({ idDiario: diario.id, idPaciente: 2, emocion: 'calma', intensidad: 4 });
  });

  it('a store that keeps the read (KurrentDB): the fresh stream is read before the append', async () => {
    const rec = recording(Object.create(store, { skipsFreshReads: { value: false } }) as EventStore);
    const diario = await registrarDiario({ ...deps, store: rec }, actor, 2, { emocion: 'calma', intensidad: 4, nota: null });
    expect(rec.trips).to.deep.equal([`read diario-${diario.id}`, `append diario-${diario.id}@noStream`]);
  });

  it('a fresh id whose stream exists after all (a sequence set back): the conflict reads it and refuses, nothing written', async () => {
    const id = Number((await db.knex.raw("select nextval('seq_diario') as id")).rows[0].id) + 1000;
    const metadata = { eventId: randomUUID(), actor, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
    await store.append([{ streamId: `diario-${id}`, expected: 'noStream', events: [{
      type: 'DiarioRegistrado', data: { idDiario: id, idPaciente: 3, fecha: '2026-11-20T10:00:00', emocion: 'ira', intensidad: 8, nota: null }, metadata,
    }] }]);
    const rec = recording(store);
    const err = await registrarDiario({ ...deps, store: rec, ids: async () => id }, actor, 2, { emocion: 'calma', intensidad: 4, nota: null }).catch((e) => e);
    expect(err).to.be.instanceOf(AppError);
    expect((err as AppError).status).to.equal(409);
    expect(rec.trips).to.deep.equal([`append diario-${id}@noStream`, `read diario-${id}`]);
    expect((await store.readStream(`diario-${id}`)).map((e) => e.data.idPaciente)).to.deep.equal([3]);
  });
});
