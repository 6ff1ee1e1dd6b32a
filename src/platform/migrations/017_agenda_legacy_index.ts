import type { Knex } from 'knex';

// The agenda upgrade (src/commands/agenda-upgrade.ts) looks at server start for streams of the
// layout before the per-day agenda streams, `agenda-<idPsicologo>`, whose last event is not its
// marker. A partial index holds only those streams' rows: empty on a database that never had the
// old layout (the start-up check is then instant), and it never grows again (today's code does not
// write those streams).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index events_agenda_legacy on events (stream_id, stream_revision desc) include (type) where stream_id ~ '^agenda-[0-9]+$'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists events_agenda_legacy');
}
