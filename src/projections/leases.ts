import type { Knex } from 'knex';
import { CHECKPOINT_CHANNEL } from './watcher.ts';

// The statements of consumer leases (migration 043): one row per consumer of a checkpoint table
// naming its owner instance and when the lease ends, always by the database's clock, and a registry
// of the live instances of each pool of runners. Every statement that locks several lease rows
// locks them in name order (a renewal and a batch's fence of one instance never deadlock), and
// acquisition skips rows another transaction holds, so it never waits.

/** One runner's place in the leases: its checkpoint table, its pool of runners, its instance. */
export interface LeaseScope {
  table: string;
  pool: string;
  instance: string;
  /** How long a lease lasts without renewal. */
  ms: number;
}

const until = 'clock_timestamp() + make_interval(secs => ?::float8 / 1000)';

/** The payload on the checkpoint channel that asks every runner of `pool` to look at its leases now. */
export const leasePayload = (pool: string) => `leases:${pool}`;

/** A lease row for each consumer (a consumer added by an upgrade gets its row here). */
export async function ensureLeaseRows(knex: Knex, table: string, names: string[]): Promise<void> {
  await knex.raw(
    'insert into consumer_leases (checkpoint_table, name) select ?, n from unnest(?::text[]) as n on conflict do nothing',
    [table, names],
  );
}

/**
 * One statement: this instance's heartbeat in the registry, dead instances swept out of it, and
 * every lease that still names this instance renewed. Returns what it owns and how many instances
 * of the pool are alive (itself included).
 */
export async function beat(knex: Knex, s: LeaseScope, names: string[]): Promise<{ owned: string[]; instances: number }> {
  const { rows } = await knex.raw(
    `with beat as (
       insert into consumer_instances (pool, instance, expires_at) values (?, ?, ${until})
       on conflict (pool, instance) do update set expires_at = excluded.expires_at
     ), swept as (
       delete from consumer_instances where pool = ? and instance <> ? and expires_at < clock_timestamp()
     ), mine as materialized (
       select name from consumer_leases where checkpoint_table = ? and owner = ? and name = any(?::text[]) order by name for update
     ), renewed as (
       update consumer_leases l set renewed_at = clock_timestamp(), expires_at = ${until}
       from mine where l.checkpoint_table = ? and l.name = mine.name returning l.name
     )
     select coalesce((select array_agg(name) from renewed), '{}') as owned,
       1 + (select count(*)::int from consumer_instances where pool = ? and instance <> ? and expires_at >= clock_timestamp()) as instances`,
    [s.pool, s.instance, s.ms, s.pool, s.instance, s.table, s.instance, names, s.ms, s.table, s.pool, s.instance],
  );
  return { owned: rows[0].owned, instances: rows[0].instances };
}

/** Takes up to `limit` of `names` whose lease has ended or was released; returns those taken. */
export async function acquire(knex: Knex, s: LeaseScope, names: string[], limit: number): Promise<string[]> {
  if (limit <= 0) return [];
  // Each instance tries the free ones in an order of its own, so that instances starting together spread out.
  const { rows } = await knex.raw(
    `with free as materialized (
       select name from consumer_leases where checkpoint_table = ? and name = any(?::text[]) and expires_at < clock_timestamp()
       order by md5(name || ?) limit ? for update skip locked
     )
     update consumer_leases l set owner = ?, acquired_at = clock_timestamp(), renewed_at = clock_timestamp(), expires_at = ${until}
     from free where l.checkpoint_table = ? and l.name = free.name returning l.name`,
    [s.table, names, s.instance, limit, s.instance, s.ms, s.table],
  );
  return rows.map((r: { name: string }) => r.name);
}

/** Gives up these leases at once (another instance may take them right away) and says so. */
export async function release(knex: Knex, s: LeaseScope, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await knex.raw(
    `with gone as materialized (
       select name from consumer_leases where checkpoint_table = ? and owner = ? and name = any(?::text[]) order by name for update
     )
     update consumer_leases l set owner = null, expires_at = '-infinity' from gone where l.checkpoint_table = ? and l.name = gone.name`,
    [s.table, s.instance, names, s.table],
  );
  await announceLeases(knex, s.pool);
}

/** This instance leaves the pool: out of the registry (its leases are released apart). */
export async function leave(knex: Knex, s: LeaseScope): Promise<void> {
  await knex('consumer_instances').where({ pool: s.pool, instance: s.instance }).delete();
  await announceLeases(knex, s.pool);
}

/**
 * Every lease and registered instance forgotten. Only for a process that has just started the
 * embedded PostgreSQL itself (the data folder's lock): no other instance can be running, so the
 * leases of a run that crashed are void now rather than when they run out.
 */
export async function voidLeases(knex: Knex): Promise<void> {
  await knex.raw("update consumer_leases set owner = null, expires_at = '-infinity' where owner is not null");
  await knex('consumer_instances').delete();
}

/** Asks the pool's runners to look at their shares now (an instance joined, left or released some). */
export async function announceLeases(knex: Knex, pool: string): Promise<void> {
  await knex.raw('select pg_notify(?, ?)', [CHECKPOINT_CHANNEL, leasePayload(pool)]);
}

/** The fence's query (bindings: checkpoint table, names, instance); batch.ts runs it with the checkpoints. */
export const FENCE_SQL = `select name from consumer_leases where checkpoint_table = ? and name = any(?::text[]) and owner = ? and expires_at > clock_timestamp()
     order by name for share`;

/**
 * The fence, inside a batch's transaction just before its checkpoint is written: which of `names`
 * this instance still holds, its lease not yet ended. The rows stay locked (FOR SHARE) until the
 * commit, so no other instance can take them over in between.
 */
export async function fence(trx: Knex.Transaction, table: string, names: string[], instance: string): Promise<Set<string>> {
  const { rows } = await trx.raw(FENCE_SQL, [table, names, instance]);
  return new Set(rows.map((r: { name: string }) => r.name));
}

/** The instance that holds each consumer's lease now (null: none, or its lease has ended), by name. */
export async function leaseOwners(knex: Knex, consumers: { table: string; name: string }[]): Promise<Map<string, string | null>> {
  const { rows } = await knex.raw(
    `select k.name, case when l.expires_at > clock_timestamp() then l.owner end as owner
     from unnest(?::text[], ?::text[]) as k(tbl, name) left join consumer_leases l on l.checkpoint_table = k.tbl and l.name = k.name
     order by k.name`,
    [consumers.map((c) => c.table), consumers.map((c) => c.name)],
  );
  return new Map(rows.map((r: { name: string; owner: string | null }) => [r.name, r.owner]));
}
