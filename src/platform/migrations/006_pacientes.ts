import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A patient's data export (GDPR art. 20) finds the streams that hold the person's sealed data or
  // record what they did; without these a request would scan the whole log.
  await knex.raw(`
    create index events_sealing_subject on events ((metadata->'sealing'->>'subject'));
    create index events_actor on events ((metadata->'actor'->>'idUsuario'));
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists events_actor; drop index if exists events_sealing_subject;');
}
