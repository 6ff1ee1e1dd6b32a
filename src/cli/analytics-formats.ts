// The two file formats of analytics:export, each written from one PostgreSQL connection inside the
// export's snapshot, in bounded memory: CSV through COPY … TO STDOUT (PostgreSQL's own quoting),
// Parquet through hyparquet-writer from a cursor, a row group per fetch.
import { closeSync, createWriteStream, fchmodSync, openSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { ParquetWriter, fileWriter } from 'hyparquet-writer';

export interface Column {
  name: string;
  /** PostgreSQL's type name (information_schema `data_type`). */
  type: string;
}

/** A quoted SQL identifier. */
export const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/**
 * Creates (or empties) `file` readable by its owner only, before any row goes in: both writers then
 * write into it and keep that mode. fchmod too, as a `.partial` left by a killed export keeps its own.
 */
export function privateFile(file: string): void {
  const fd = openSync(file, 'w', 0o600);
  try {
    fchmodSync(fd, 0o600);
  } finally {
    closeSync(fd);
  }
}

/** Every column in order, so two exports of the same data are the same file. */
const orderBy = (columns: Column[]) => columns.map((_c, i) => i + 1).join(', ');

// CSV cells: booleans as true/false and instants as ISO 8601 UTC (PostgreSQL's text would say t/f and
// "2026-01-12 09:50:00+00"); dates are already YYYY-MM-DD; NULL is an empty field.
function csvExpression(c: Column): string {
  if (c.type === 'boolean') return `${ident(c.name)}::text`;
  if (c.type === 'timestamp with time zone') return `to_char(${ident(c.name)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return ident(c.name);
}

/** Writes `relation` as RFC 4180 CSV with a header row, streamed (never whole in memory). */
export async function writeCsv(client: pg.PoolClient, relation: string, columns: Column[], file: string): Promise<void> {
  privateFile(file);
  const select = `select ${columns.map((c) => `${csvExpression(c)} as ${ident(c.name)}`).join(', ')} from analitica.${ident(relation)} order by ${orderBy(columns)}`;
  const source = client.query(copyTo(`copy (${select}) to stdout with (format csv, header true, encoding 'UTF8')`));
  await pipeline(source, createWriteStream(file, { mode: 0o600 }));
}

type SchemaElement = { name: string; type?: string; converted_type?: string; repetition_type?: string; num_children?: number };

/** PostgreSQL type → the Parquet column it is written as, and the select expression that feeds it. */
function parquetColumn(c: Column): { schema: SchemaElement; expr: string; value: (v: unknown) => unknown } {
  const optional = { name: c.name, repetition_type: 'OPTIONAL' };
  const col = ident(c.name);
  switch (c.type) {
    case 'smallint':
    case 'integer':
      return { schema: { ...optional, type: 'INT32' }, expr: col, value: (v) => v };
    case 'bigint':
      return { schema: { ...optional, type: 'INT64' }, expr: `${col}::text`, value: (v) => (v === null ? null : BigInt(v as string)) };
    case 'numeric':
    case 'double precision':
    case 'real':
      return { schema: { ...optional, type: 'DOUBLE' }, expr: `${col}::float8`, value: (v) => v };
    case 'boolean':
      return { schema: { ...optional, type: 'BOOLEAN' }, expr: col, value: (v) => v };
    case 'date':
      // As text: node-postgres would read a date at local midnight.
      return { schema: { ...optional, type: 'INT32', converted_type: 'DATE' }, expr: `${col}::text`, value: (v) => (v === null ? null : new Date(`${v as string}T00:00:00Z`)) };
    case 'timestamp with time zone':
      return { schema: { ...optional, type: 'INT64', converted_type: 'TIMESTAMP_MILLIS' }, expr: col, value: (v) => v };
    default:
      return { schema: { ...optional, type: 'BYTE_ARRAY', converted_type: 'UTF8' }, expr: `${col}::text`, value: (v) => v };
  }
}

const FETCH = 10_000;

/** Writes `relation` as Parquet, a row group per 10,000 rows read from a cursor. */
export async function writeParquet(client: pg.PoolClient, relation: string, columns: Column[], file: string, onRows: (n: number) => void): Promise<void> {
  const cols = columns.map(parquetColumn);
  const schema: SchemaElement[] = [{ name: 'root', num_children: cols.length }, ...cols.map((c) => c.schema)];
  privateFile(file); // fileWriter would make it 0644 (umask 022)
  const writer = new ParquetWriter({ writer: fileWriter(file), schema: schema as never, createdBy: 'practice analytics:export' });
  const cursor = `analytics_${relation}`;
  await client.query(`declare ${ident(cursor)} no scroll cursor for select ${cols.map((c, i) => `${c.expr} as ${ident(columns[i].name)}`).join(', ')} from analitica.${ident(relation)} order by ${orderBy(columns)}`);
  try {
    for (;;) {
      const { rows } = await client.query(`fetch ${FETCH} from ${ident(cursor)}`);
      if (rows.length === 0) break;
      const columnData = cols.map((c, i) => ({ name: columns[i].name, data: rows.map((r) => c.value(r[columns[i].name])) }));
      await writer.write({ columnData: columnData as never, rowGroupSize: FETCH });
      onRows(rows.length);
    }
  } finally {
    await client.query(`close ${ident(cursor)}`);
  }
  writer.finish();
}
