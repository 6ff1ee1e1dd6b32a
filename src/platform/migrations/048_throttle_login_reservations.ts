import type { Knex } from 'knex';

// A password check reserves its attempt before bcrypt runs (src/platform/throttle-shared.ts,
// SharedLoginFailures.reserve): one upsert that either counts the attempt or, on a locked account,
// lengthens the lock. `granted` says which it did, since the row after the upsert cannot tell
// (PostgreSQL 17 has no RETURNING old.*). Existing rows hold no reservation: true.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table throttle_logins add column granted boolean not null default true;');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table throttle_logins drop column granted;');
}
