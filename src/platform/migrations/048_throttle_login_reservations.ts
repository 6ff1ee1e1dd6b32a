import type { Knex } from 'knex';

// A password check reserves its attempt before bcrypt runs (src/platform/throttle-shared.ts,
// SharedLoginFailures.reserve): one upsert that either counts the attempt as a failure or, while
// the account's last LOGIN_MAX_FAILURES failures all lie within the window, refuses it. `granted`
// says which it did, since the row after the upsert cannot tell (PostgreSQL 17 has no RETURNING
// old.*). The lock is now a sliding window over `failures` alone: `locks` and `locked_until` (a
// 30 s lock doubling with each lock) are gone. Existing rows hold no reservation: true.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table throttle_logins add column granted boolean not null default true, drop column locks, drop column locked_until;');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`alter table throttle_logins drop column granted,
    add column locks int not null default 0, add column locked_until float8 not null default 0;`);
}
