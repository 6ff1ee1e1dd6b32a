import type { Knex } from 'knex';

// A keyed check value of each shared secret that nothing else in the database can vouch for
// (JWT_SECRET, ANALYTICS_PEPPER), recorded at the first start: an instance started with another
// value is refused at start (src/platform/secret-checks.ts) instead of signing tokens the others
// reject or giving the analysts other pseudonyms. MASTER_KEY is checked against server_keys, the
// audit key against audit_keys.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table secret_checks (
      name text primary key,
      check_value text not null,
      recorded_at timestamptz not null default now()
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists secret_checks;');
}
