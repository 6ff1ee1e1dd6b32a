import type { Knex } from 'knex';
import { SEQUENCES } from '../ids.ts';

export async function up(knex: Knex): Promise<void> {
  for (const name of SEQUENCES) await knex.raw(`create sequence if not exists seq_${name}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const name of SEQUENCES) await knex.raw(`drop sequence if exists seq_${name}`);
}
