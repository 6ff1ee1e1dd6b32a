// npm run analytics:export -- --out DIR [--format csv|parquet] [--force] — every table and view of
// the analysts' schema `analitica` as files, for tools that do not speak PostgreSQL. One consistent
// snapshot (a read-only repeatable-read transaction); nothing outside that schema is read.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type pg from 'pg';
import type { Knex } from 'knex';
import { ConfigError, type Config } from '../platform/config.ts';
import { openServiceDatabase, serviceConfig } from './service-data.ts';
import { commandLine, isMainModule, UsageError } from './args.ts';
import { startProgress, type Progress } from './progress.ts';
import { ident, writeCsv, writeParquet, type Column } from './analytics-formats.ts';

export type Format = 'csv' | 'parquet';

export interface ExportedFile {
  relation: string;
  file: string;
  rows: number;
}

export class ExportRefused extends Error {}

interface Relation { name: string; columns: Column[]; rows: number }

/** The schema's tables and views, by name, with their columns and row counts (in the snapshot). */
async function relations(client: pg.PoolClient): Promise<Relation[]> {
  const { rows } = await client.query(
    `select table_name as name, json_agg(json_build_object('name', column_name, 'type', data_type) order by ordinal_position) as columns
       from information_schema.columns where table_schema = 'analitica' group by table_name order by table_name`,
  );
  const out: Relation[] = [];
  for (const r of rows as { name: string; columns: Column[] }[]) {
    const { rows: [{ n }] } = await client.query(`select count(*)::int as n from analitica.${ident(r.name)}`);
    out.push({ ...r, rows: n });
  }
  return out;
}

/** Writes every relation of `analitica` into `dir`; each file appears whole (written aside, renamed). */
export async function exportAnalytics(knex: Knex, dir: string, format: Format, opts: { force?: boolean; log?: (l: string) => void; progress?: boolean } = {}): Promise<ExportedFile[]> {
  const log = opts.log ?? (() => {});
  // The files are for the analysts only: what the export makes is the owner's alone (0700; files 0600).
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const client = (await (knex.client as { acquireConnection(): Promise<pg.PoolClient> }).acquireConnection());
  let progress: Progress | null = null;
  const written: ExportedFile[] = [];
  try {
    await client.query('begin isolation level repeatable read read only');
    const all = await relations(client);
    const target = (r: Relation) => join(dir, `${r.name}.${format}`);
    const taken = all.filter((r) => existsSync(target(r)));
    if (taken.length && !opts.force) throw new ExportRefused(`${target(taken[0])} exists: choose another --out, or --force to replace`);
    if (opts.progress) progress = startProgress('Exporting', all.reduce((n, r) => n + r.rows, 0), { unit: 'rows' });
    for (const r of all) {
      const partial = `${target(r)}.partial`;
      try {
        if (format === 'csv') {
          await writeCsv(client, r.name, r.columns, partial);
          progress?.increment(r.rows);
        } else {
          await writeParquet(client, r.name, r.columns, partial, (n) => progress?.increment(n));
        }
        renameSync(partial, target(r));
      } catch (err) {
        rmSync(partial, { force: true });
        throw err;
      }
      written.push({ relation: `analitica.${r.name}`, file: target(r), rows: r.rows });
      if (!progress) log(`  analitica.${r.name}: ${r.rows} rows`);
    }
    await client.query('commit');
    progress?.stop(true);
    return written;
  } catch (err) {
    progress?.stop(false);
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await (knex.client as { releaseConnection(c: pg.PoolClient): Promise<void> }).releaseConnection(client);
  }
}

const USAGE = `Usage: npm run -s analytics:export -- --out DIR [--format csv|parquet] [--force]

Writes every table and view of the analysts' schema analitica (pseudonymous facts, docs/read-models.md
"Analytics") into DIR, one file each (<name>.csv or <name>.parquet), from one consistent snapshot,
for tools that do not speak PostgreSQL. CSV: RFC 4180, UTF-8, a header row of column names, NULL as
an empty field, booleans true/false, instants ISO 8601 UTC. Parquet: one row group per 10,000 rows
(text UTF8, int INT32, numeric DOUBLE, date DATE, timestamptz TIMESTAMP_MILLIS, boolean BOOLEAN).
Files are the owner's only (mode 600; a folder it makes, 700). Prints JSON on stdout (the files and
their rows); progress on stderr (a bar on a terminal, otherwise a line each time another 10% is reached).

Options:
  --out DIR          the folder to write (made if missing, mode 700)
  --format FORMAT    csv (default) or parquet
  --force            replace files of an earlier export in DIR
  --help             this text
`;

export async function runAnalyticsExport(config: Config, dir: string, format: Format, opts: { force?: boolean; log?: (l: string) => void; progress?: boolean }) {
  const db = await openServiceDatabase(config, 2);
  try {
    return await exportAnalytics(db.knex, dir, format, opts);
  } finally {
    await db.close();
  }
}

if (isMainModule(import.meta.url)) {
  const opts = commandLine(USAGE, { out: { type: 'string' }, format: { type: 'string' }, force: { type: 'boolean' } }, (v) => {
    if (!v.out) throw new UsageError('--out is required');
    const format = v.format ?? 'csv';
    if (format !== 'csv' && format !== 'parquet') throw new UsageError('--format must be csv or parquet');
    return { out: resolve(v.out), format: format as Format, force: v.force === true };
  });
  const say = (line: string) => process.stderr.write(`${line}\n`);
  try {
    const config = serviceConfig();
    const files = await runAnalyticsExport(config, opts.out, opts.format, { force: opts.force, log: say, progress: true });
    say(`Exported ${files.length} tables and views of analitica to ${opts.out} (${opts.format}).`);
    process.stdout.write(`${JSON.stringify({ format: opts.format, dir: opts.out, files })}\n`);
    process.exit(0);
  } catch (err) {
    const known = err instanceof ConfigError || err instanceof ExportRefused;
    say(err instanceof ConfigError ? `Configuration error: ${err.message}` : known ? (err as Error).message : `analytics:export failed: ${err instanceof Error ? err.stack : String(err)}`);
    process.exit(err instanceof ConfigError ? 2 : 1);
  }
}
