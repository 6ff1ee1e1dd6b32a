import type { Knex } from 'knex';

interface Candidate { name: string; here: boolean; mine: boolean }

/**
 * What PostgreSQL grants PUBLIC on databases, closed to analysts: TEMP in the service's database (a
 * login would make tables of its own there) and CONNECT to the cluster's `postgres` and `template1`
 * and to the service's role's other databases (an analyst is granted CONNECT on the service's
 * database alone). Other owners' databases are theirs to close. The service itself, a superuser or
 * the owner, keeps what it had (an owner's rights are not PUBLIC's; it uses no temporary table).
 * Only a superuser or the database's owner may revoke: the answer names what stays open (README
 * "For analysts" has the statements for a superuser).
 */
export async function closeDatabaseAccess(knex: Knex | Knex.Transaction): Promise<string[]> {
  const { rows } = await knex.raw(
    `with me as (select oid, rolsuper from pg_roles where rolname = current_user)
     select d.datname as name, d.datname = current_database() as here,
            (select rolsuper from me) or pg_has_role(current_user, d.datdba, 'USAGE') as mine
       from pg_database d
      where d.datallowconn and case
            when d.datname = current_database() then has_database_privilege('public', d.oid, 'TEMPORARY')
            else has_database_privilege('public', d.oid, 'CONNECT')
                 and (d.datname in ('postgres', 'template1') or d.datdba = (select oid from me)) end
      order by 1`,
  );
  const open: string[] = [];
  for (const r of rows as Candidate[]) {
    const privilege = r.here ? 'temporary' : 'connect';
    if (r.mine) await knex.raw(`revoke ${privilege} on database ?? from public`, [r.name]);
    else open.push(`${privilege.toUpperCase()} on database ${r.name}`);
  }
  return open;
}
