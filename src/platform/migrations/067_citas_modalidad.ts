import type { Knex } from 'knex';

// The modality of an appointment in its read model (docs/care.md "Online sessions"): PRESENCIAL
// for every appointment booked before modalities existed, as their events say by omission. The
// room name is not here: it is read from the appointment's stream by GET .../sala only.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table citas add column modalidad text not null default 'PRESENCIAL' check (modalidad in ('PRESENCIAL', 'ONLINE'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table citas drop column if exists modalidad');
}
