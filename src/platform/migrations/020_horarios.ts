import type { Knex } from 'knex';

// The working-hours template of each psychologist (one row, replaced whole): read by the template
// GET and by the free-slot list. `dias` is the template's weekdays and intervals as the event has them.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table horarios_laborales (
      id_psicologo int primary key,
      desde text not null,
      hasta text,
      dias jsonb not null
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists horarios_laborales;');
}
