import type { Knex } from 'knex';

/**
 * PUBLIC may call the advisory-lock functions, so any login (an analyst's too) could take the locks
 * the service's read models and presence run under and stall them. Function privileges belong to
 * each database, so a superuser can revoke them here without touching the cluster's other
 * databases; the service itself, a superuser too then, keeps them. A service that is not a
 * superuser cannot: the answer says so (README "For analysts" has the statement for a superuser).
 */
export async function closeAdvisoryLocks(knex: Knex | Knex.Transaction): Promise<boolean> {
  const { rows: [me] } = await knex.raw('select rolsuper from pg_roles where rolname = current_user');
  if (!me?.rolsuper) return false;
  const { rows } = await knex.raw(
    `select p.oid::regprocedure::text as fn from pg_proc p
      where p.pronamespace = 'pg_catalog'::regnamespace and p.proname like 'pg\\_%advisory%' order by 1`,
  );
  for (const { fn } of rows as { fn: string }[]) await knex.raw(`revoke execute on function ${fn} from public`);
  return true;
}

