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
  await knex.raw(`do $$ declare f regprocedure; begin
    for f in select oid::regprocedure from pg_proc
             where pronamespace = 'pg_catalog'::regnamespace and proname like 'pg\\_%advisory%' loop
      execute format('revoke execute on function %s from public', f);
    end loop;
  end $$`);
  return true;
}
