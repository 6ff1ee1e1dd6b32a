import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';
import type { Projection } from './runner.ts';

// The table side of a shadow rebuild (shadow-rebuild.ts): copies of the read-model tables in the
// rebuild schema, then the swap that puts each copy where its original lived. A read model's table
// lives in `public` or in a schema of its own (`analitica.hechos_citas`); the copies all sit in the
// rebuild schema under their bare names, which is why a bare name must be unique across schemas.

export interface Table {
  schema: string;
  name: string;
}

export const tableOf = (qualified: string): Table => {
  const dot = qualified.indexOf('.');
  return dot < 0 ? { schema: 'public', name: qualified } : { schema: qualified.slice(0, dot), name: qualified.slice(dot + 1) };
};

/** What `create table … (like … including all)` cannot carry over is refused before anything is built. */
export async function checkCopyable(knex: Knex, tables: Table[]): Promise<void> {
  const names = tables.map((t) => `${t.schema}.${t.name}`);
  const bare = tables.map((t) => t.name);
  if (new Set(bare).size !== bare.length) throw new Error('two read-model tables share a bare name: a shadow rebuild cannot copy them');
  const missing = (await knex.raw('select t from unnest(?::text[]) t where to_regclass(t) is null', [names])).rows;
  if (missing.length) throw new Error(`no table ${missing[0].t}`);
  const { rows } = await knex.raw(
    `with r as (select unnest(?::text[])::regclass::oid as oid)
     select c.oid::regclass::text as t, 'a foreign key' as what from pg_constraint k join pg_class c on c.oid in (k.conrelid, k.confrelid)
       where k.contype = 'f' and c.oid in (select oid from r)
     union all
     select a.attrelid::regclass::text, 'a sequence default (serial)' from pg_attrdef d join pg_attribute a on a.attrelid = d.adrelid and a.attnum = d.adnum
       where d.adrelid in (select oid from r) and pg_get_expr(d.adbin, d.adrelid) like 'nextval(%'
     union all
     select g.tgrelid::regclass::text, 'a trigger' from pg_trigger g where not g.tgisinternal and g.tgrelid in (select oid from r)`,
    [names],
  );
  if (rows.length) throw new Error(`${rows[0].t} has ${rows[0].what}: a shadow rebuild cannot copy it; use the in-place rebuild`);
}

export async function createCopies(knex: Knex, schema: string, tables: Table[]): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('create schema ??', [schema]);
    // Unlogged while they fill: no WAL for rows a crash would rebuild anyway; logged before the switch.
    for (const t of [...tables, tableOf('projection_checkpoints')]) {
      await trx.raw('create unlogged table ??.?? (like ??.?? including all)', [schema, t.name, t.schema, t.name]);
    }
  });
}

/** Makes the filled copies crash-safe (a rewrite of each), before the switch and outside its locks. */
export async function makeLogged(knex: Knex, schema: string, tables: Table[]): Promise<void> {
  for (const t of tables) await knex.raw('alter table ??.?? set logged', [schema, t.name]);
}

/**
 * Every live table at once, giving up fast. A reader's query holding one table while it waits for
 * another would otherwise deadlock with the drops, and PostgreSQL may pick the reader as the victim
 * (a 500 for a client). Backing off well before the deadlock check (1 s) leaves the reader to finish;
 * the switch is retried.
 */
export async function grabLiveTables(trx: Knex.Transaction, tables: Table[], projections: Projection[], lockTimeoutMs: number): Promise<void> {
  // Views first: a query on a view locks the view, then its tables; the same order cannot deadlock it.
  const all = [...projections.flatMap((p) => p.views?.names ?? []).map(tableOf), ...tables];
  await trx.raw(`set local lock_timeout = ${GRAB_TIMEOUT_MS}`);
  await trx.raw(`lock table ${all.map(() => '??.??').join(', ')} in access exclusive mode`, all.flatMap((t) => [t.schema, t.name]));
  await trx.raw(`set local lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`);
}

const GRAB_TIMEOUT_MS = 200;

/**
 * Drops the live tables (and the views on them), moves the copies where the originals lived, gives
 * the indexes their migration names back, makes the views again, and grants on the new tables and
 * views what was granted on the old ones (an analyst's login, src/cli/analytics-grant.ts, keeps working).
 */
export async function swapTables(trx: Knex.Transaction, schema: string, tables: Table[], projections: Projection[]): Promise<void> {
  const views = projections.flatMap((p) => p.views?.names ?? []);
  const grants = await grantsOn(trx, [...tables.map((t) => `${t.schema}.${t.name}`), ...views]);
  const names = await indexNames(trx, tables);
  if (views.length) await trx.raw(`drop view if exists ${views.map(() => '??').join(', ')}`, views);
  for (const t of tables) {
    await trx.raw('drop table ??.??', [t.schema, t.name]);
    await trx.raw('alter table ??.?? set schema ??', [schema, t.name, t.schema]);
  }
  await restoreIndexNames(trx, tables, names);
  for (const p of projections) await p.views?.create(trx);
  for (const g of grants) await trx.raw(`grant ${g.priv} on ${g.rel} to ${g.grantee}`);
}

interface Grant {
  rel: string;
  priv: string;
  grantee: string;
}

/** Privileges others hold on these relations (the owner's own are implicit). */
async function grantsOn(trx: Knex.Transaction, relations: string[]): Promise<Grant[]> {
  const { rows } = await trx.raw(
    `select c.oid::regclass::text as rel, a.privilege_type as priv,
            case when a.grantee = 0 then 'public' else quote_ident(r.rolname) end as grantee
       from pg_class c cross join aclexplode(c.relacl) a left join pg_roles r on r.oid = a.grantee
      where c.oid in (select to_regclass(t) from unnest(?::text[]) t) and a.grantee <> c.relowner
      order by 1, 2, 3`,
    [relations],
  );
  return rows;
}

type IndexKey = [string, string]; // ["<schema>.<table> <definition without names>", index name]

async function indexNames(trx: Knex.Transaction, tables: Table[]): Promise<IndexKey[]> {
  const { rows } = await trx.raw(
    `select n.nspname as s, c.relname as t, i.relname as name, pg_get_indexdef(i.oid) as def
       from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid join pg_namespace n on n.oid = c.relnamespace
      where (n.nspname, c.relname) in (select * from unnest(?::text[], ?::text[])) order by i.relname`,
    [tables.map((t) => t.schema), tables.map((t) => t.name)],
  );
  // "CREATE INDEX mensajes_sender ON public.mensajes USING btree (…)" → "public.mensajes USING btree (…)"
  return (rows as { s: string; t: string; name: string; def: string }[]).map((r) => [`${r.s}.${r.t} ${r.def.replace(/^.* ON (ONLY )?\S+ /, '')}`, r.name]);
}

/** `like … including indexes` names the copies' indexes itself: give them back the migrations' names. */
async function restoreIndexNames(trx: Knex.Transaction, tables: Table[], original: IndexKey[]): Promise<void> {
  const wanted = new Map(original);
  const renames: [string, string, string][] = []; // schema, copy's name, migration's name
  for (const [key, name] of await indexNames(trx, tables)) {
    const old = wanted.get(key);
    if (old && old !== name) renames.push([key.slice(0, key.indexOf('.')), name, old]);
    wanted.delete(key);
  }
  // Through temporary names first, so that no rename collides with an index not renamed yet.
  const tag = randomBytes(3).toString('hex');
  for (const [i, [s, name]] of renames.entries()) await trx.raw('alter index ??.?? rename to ??', [s, name, `rebuild_${tag}_${i}`]);
  for (const [i, [s, , old]] of renames.entries()) await trx.raw('alter index ??.?? rename to ??', [s, `rebuild_${tag}_${i}`, old]);
}
