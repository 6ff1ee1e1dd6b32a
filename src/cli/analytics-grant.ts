// npm run analytics:grant -- --role NAME [--views-only] [--password-stdin] | --role NAME --revoke — an
// analyst's own PostgreSQL login: it reads the schema `analitica` (pseudonymous facts, docs/read-models.md
// "Analytics"), or only its views with small cells suppressed, and nothing else. Roles are the
// cluster's; the grants are this database's.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { closeAdvisoryLocks } from '../platform/analytics/advisory-locks.ts';
import { closeDatabaseAccess } from '../platform/analytics/database-access.ts';
import { SUPPRESSED_VIEWS } from '../platform/analytics/views.ts';
import { scramSecret } from '../platform/postgres/scram.ts';
import { ConfigError } from '../platform/config.ts';
import { openServiceDatabase, serviceConfig } from './service-data.ts';
import { StartupError } from '../platform/startup-error.ts';
import { commandLine, isMainModule, UsageError } from './args.ts';

/** Marks the roles this command made: it changes or drops no other. */
export const ANALYST_MARK = 'practice analyst login (npm run analytics:grant)';
export const VIEWS_ONLY_MARK = 'practice analyst login, views only (npm run analytics:grant --views-only)';
const ROLE = /^[a-z_][a-z0-9_]{0,62}$/;

export class RefusedError extends Error {}

interface RoleRow { rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean; rolreplication: boolean; rolbypassrls: boolean; mark: string | null }

async function existing(knex: Knex, role: string): Promise<RoleRow | null> {
  const { rows } = await knex.raw(
    `select rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls, shobj_description(oid, 'pg_authid') as mark from pg_roles where rolname = ?`,
    [role],
  );
  return rows[0] ?? null;
}

/** Refuses the app's own role, built-in names, and any role this command did not create. */
async function checkOurs(knex: Knex, role: string, mustExist: boolean): Promise<RoleRow | null> {
  const { rows: [me] } = await knex.raw('select current_user as me');
  if (role === me.me || role === 'postgres' || role.startsWith('pg_')) throw new RefusedError(`"${role}" is not an analyst's role: refused`);
  const row = await existing(knex, role);
  if (!row && mustExist) throw new RefusedError(`no role "${role}" in this cluster`);
  if (row && row.mark !== ANALYST_MARK && row.mark !== VIEWS_ONLY_MARK) throw new RefusedError(`role "${role}" exists and was not made by analytics:grant: refused (choose another name)`);
  if (row && (row.rolsuper || row.rolcreatedb || row.rolcreaterole || row.rolreplication || row.rolbypassrls)) {
    throw new RefusedError(`role "${role}" has administrative attributes: refused`);
  }
  if (row) {
    // NOINHERIT does not stop SET ROLE: a member of pg_read_all_data (or of the service's role) could
    // read everything. And privileges someone granted it here by hand reach beyond analitica.
    const { rows: roles } = await knex.raw(
      `select g.rolname as name from pg_auth_members m join pg_roles g on g.oid = m.roleid join pg_roles r on r.oid = m.member where r.rolname = ? order by 1`,
      [role],
    );
    if (roles.length) {
      const names = roles.map((r: { name: string }) => r.name).join(', ');
      throw new RefusedError(`role "${role}" is a member of ${names}: refused (revoke ${names} from ${role} first)`);
    }
    const { rows: extra } = await knex.raw(
      `with me as (select oid from pg_roles where rolname = ?)
       select c.oid::regclass::text as what from pg_class c cross join aclexplode(c.relacl) a
        where a.grantee = (select oid from me) and c.relnamespace <> 'analitica'::regnamespace
       union all select 'schema ' || quote_ident(n.nspname) from pg_namespace n cross join aclexplode(n.nspacl) a
        where a.grantee = (select oid from me) and n.nspname <> 'analitica'
       union all select 'function ' || p.oid::regprocedure::text from pg_proc p cross join aclexplode(p.proacl) a
        where a.grantee = (select oid from me)
       order by 1`,
      [role],
    );
    if (extra.length) {
      const list = [...new Set(extra.map((r: { what: string }) => r.what))].join(', ');
      throw new RefusedError(`role "${role}" holds privileges outside analitica (${list}): refused (revoke them first)`);
    }
  }
  return row;
}

export interface Granted {
  created: boolean;
  /** Whether advisory locks are now closed to it (closeAdvisoryLocks). */
  locksClosed: boolean;
  /** What PUBLIC may still do on databases that this role could not revoke (closeDatabaseAccess). */
  stillOpen: string[];
}

/**
 * Creates or updates the login: nothing but CONNECT here, USAGE on `analitica` and SELECT on its
 * tables and views, or with `viewsOnly` on the views that suppress small cells alone (the fact
 * tables show each record: a suppressed cell could be counted again from them). Read-only sessions
 * with a statement timeout, so a BI query never holds the service's tables for long. Run again, it
 * changes a login from one kind to the other.
 */
export async function grantAnalyst(knex: Knex, role: string, password: string, opts: { viewsOnly?: boolean } = {}): Promise<Granted> {
  return knex.transaction(async (trx) => {
    const row = await checkOurs(trx, role, false);
    const { rows: [{ q }] } = await trx.raw('select quote_literal(?) as q', [scramSecret(password)]);
    const attributes = `login nosuperuser nocreatedb nocreaterole noreplication nobypassrls noinherit connection limit 5 password ${q}`;
    await trx.raw(`${row ? 'alter' : 'create'} role ?? with ${attributes}`, [role]);
    await trx.raw(`comment on role ?? is '${opts.viewsOnly ? VIEWS_ONLY_MARK : ANALYST_MARK}'`, [role]);
    await trx.raw('alter role ?? set search_path = analitica', [role]);
    await trx.raw('alter role ?? set default_transaction_read_only = on', [role]);
    await trx.raw("alter role ?? set statement_timeout = '5min'", [role]);
    await trx.raw("alter role ?? set idle_in_transaction_session_timeout = '15min'", [role]);
    const { rows: [{ db }] } = await trx.raw('select current_database() as db');
    await trx.raw('grant connect on database ?? to ??', [db, role]);
    await trx.raw('grant usage on schema analitica to ??', [role]);
    await trx.raw('revoke all on all tables in schema analitica from ??', [role]);
    if (opts.viewsOnly) await trx.raw(`grant select on ${SUPPRESSED_VIEWS.map(() => '??').join(', ')} to ??`, [...SUPPRESSED_VIEWS, role]);
    else await trx.raw('grant select on all tables in schema analitica to ??', [role]);
    return { created: !row, locksClosed: await closeAdvisoryLocks(trx), stillOpen: await closeDatabaseAccess(trx) };
  });
}

/** Takes the role's privileges in this database away and drops it. */
export async function revokeAnalyst(knex: Knex, role: string): Promise<void> {
  await knex.transaction(async (trx) => {
    await checkOurs(trx, role, true);
    const { rows: [{ db }] } = await trx.raw('select current_database() as db');
    await trx.raw('revoke all on all tables in schema analitica from ??', [role]);
    await trx.raw('revoke all on schema analitica from ??', [role]);
    await trx.raw('revoke all on database ?? from ??', [db, role]);
    await trx.raw('drop owned by ??', [role]);
    try {
      await trx.raw('drop role ??', [role]);
    } catch (err) {
      // 2BP01: it still holds privileges or objects in another database of the cluster.
      if ((err as { code?: string }).code === '2BP01') throw new RefusedError(`role "${role}" still has privileges in another database: ${(err as Error).message}`);
      throw err;
    }
  });
}

const USAGE = `Usage: npm run -s analytics:grant -- --role NAME [--views-only] [--password-stdin]
       npm run -s analytics:grant -- --role NAME --revoke

Creates (or updates) an analyst's PostgreSQL login NAME that can read the schema analitica
(pseudonymous facts and views, docs/read-models.md "Analytics") and nothing else: no personal table,
no event, no key, no function of the service. With --views-only it reads only the views whose
figures hide cells of few patients (actividad_*, bienestar_*, ingresos_*, resultados_*), not the
per-record fact tables: the login for anyone outside the care team. Sessions start read-only, with a 5-minute statement
timeout, at most 5 connections. Prints JSON on stdout: host, port, database, role and, when set
now, the password (a new random one unless --password-stdin). Run again to change the password, or
the kind of login. Refuses (exit 1, nothing changed) the service's own role, built-in roles, a role
it did not make, and one of its own since given administrative attributes, memberships or
privileges outside analitica.

Options:
  --role NAME        the login (lower-case letters, digits and _, at most 63)
  --views-only       only the views with small cells suppressed (no fact table)
  --password-stdin   read the password from standard input (at least 12 characters)
  --revoke           remove the login (its grants here, then the role)
  --help             this text
`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

if (isMainModule(import.meta.url)) {
  const flags = { role: { type: 'string' }, 'views-only': { type: 'boolean' }, 'password-stdin': { type: 'boolean' }, revoke: { type: 'boolean' } } as const;
  const opts = commandLine(USAGE, flags, (v) => {
    if (!v.role || !ROLE.test(v.role)) throw new UsageError('--role needs a name of lower-case letters, digits and _ (at most 63, not starting with a digit)');
    if (v.revoke && (v['password-stdin'] || v['views-only'])) throw new UsageError('--revoke takes no password and no --views-only');
    return { role: v.role, revoke: v.revoke === true, stdin: v['password-stdin'] === true, viewsOnly: v['views-only'] === true };
  });
  const say = (line: string) => process.stderr.write(`${line}\n`);
  try {
    const password = opts.revoke ? '' : opts.stdin ? await readStdin() : randomBytes(18).toString('base64url');
    if (!opts.revoke && password.length < 12) throw new RefusedError('the password needs at least 12 characters');
    const config = serviceConfig();
    const db = await openServiceDatabase(config, 2);
    try {
      const url = new URL(db.url);
      const where = { host: url.hostname, port: Number(url.port || 5432), database: decodeURIComponent(url.pathname.slice(1)), role: opts.role };
      if (opts.revoke) {
        await revokeAnalyst(db.knex, opts.role);
        say(`Removed the analyst login "${opts.role}".`);
        process.stdout.write(`${JSON.stringify({ ...where, revoked: true })}\n`);
      } else {
        const { created, locksClosed, stillOpen } = await grantAnalyst(db.knex, opts.role, password, { viewsOnly: opts.viewsOnly });
        const reads = opts.viewsOnly ? `SELECT on the views of schema analitica with small cells suppressed (${SUPPRESSED_VIEWS.join(', ')}) only` : 'SELECT on schema analitica only';
        say(`${created ? 'Created' : 'Updated'} the analyst login "${opts.role}": ${reads}.`);
        if (!locksClosed) say('Warning: the service\'s role is not a superuser, so advisory locks stay open to every login; README "For analysts" has the statement for a superuser.');
        if (stillOpen.length) say(`Warning: the service's role may not revoke from PUBLIC: ${stillOpen.join(', ')}; README "For analysts" has the statements for a superuser.`);
        const kind = opts.viewsOnly ? { views: SUPPRESSED_VIEWS.map((v) => v.replace('analitica.', '')) } : {};
        process.stdout.write(`${JSON.stringify({ ...where, schema: 'analitica', ...kind, ...(opts.stdin ? {} : { password }) })}\n`);
      }
    } finally {
      await db.close();
    }
    process.exit(0);
  } catch (err) {
    const known = err instanceof ConfigError || err instanceof RefusedError || err instanceof StartupError;
    say(err instanceof ConfigError ? `Configuration error: ${err.message}` : known ? (err as Error).message : `analytics:grant failed: ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(err instanceof ConfigError ? 2 : 1);
  }
}
