// A read model that no write waits for, added the way a developer adds one (a Projection object),
// for the bench's "adding a read model" figure and its test: a small analysts' table of diary
// entries, one upsert per DiarioRegistrado. Not part of the product: no migration creates its
// table, the bench does (createExtraReadModelTable), and only the bench's service child
// (BENCH_EXTRA_READ_MODEL=1) and test/runners/extra-read-model.test.ts pass it to startServer.
import type { Knex } from 'knex';
import type { DiarioRegistrado } from '../../src/events/diario.ts';
import type { Projection } from '../../src/projections/runner.ts';

export const EXTRA_READ_MODEL_TABLE = 'bench_diario_analistas';

/** Idempotent on the entry id, as every apply must be (a replay upserts the same row). */
export const extraReadModel: Projection = {
  name: 'bench-diario-analistas',
  tables: [EXTRA_READ_MODEL_TABLE],
  readYourWrites: false,
  handles: ['DiarioRegistrado'],
  async apply(trx, stored) {
    if (stored.erased?.length) return; // a destroyed key: nothing left to count (as diario.ts)
    const d = (stored as unknown as DiarioRegistrado).data;
    await trx(EXTRA_READ_MODEL_TABLE)
      .insert({ id_diario: d.idDiario, dia: d.fecha.slice(0, 10), emocion: d.emocion, intensidad: d.intensidad })
      .onConflict('id_diario')
      .merge(['dia', 'emocion', 'intensidad']);
  },
};

export async function createExtraReadModelTable(knex: Knex): Promise<void> {
  await knex.raw(
    `create table if not exists ${EXTRA_READ_MODEL_TABLE} (
       id_diario int primary key, dia date not null, emocion text not null, intensidad smallint not null)`,
  );
}
