import { createRequire } from 'node:module';

// Statements sent together in one simple-protocol round trip cannot carry bound parameters: each
// `$n` becomes the literal node-postgres would have sent as that parameter (its own prepareValue:
// dates, arrays, JSON, buffers), quoted by its escapeLiteral. An unknown-typed literal is resolved
// from its context as an unknown-typed parameter is.
const require = createRequire(import.meta.url);
const { prepareValue, escapeLiteral } = require('pg/lib/utils') as {
  prepareValue(v: unknown): string | Buffer | null | undefined;
  escapeLiteral(s: string): string;
};

export function sqlLiteral(value: unknown): string {
  const v = prepareValue(value);
  if (v === null || v === undefined) return 'NULL';
  if (Buffer.isBuffer(v)) return `'\\x${v.toString('hex')}'::bytea`;
  return escapeLiteral(v);
}

/** `text` with its parameters written in as literals (one pass: a value's own `$1` is left alone). */
export function withLiterals(text: string, values: readonly unknown[]): string {
  if (values.length === 0) return text;
  return text.replace(/\$(\d+)/g, (whole, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= values.length) throw new Error(`statement names parameter ${whole} of ${values.length}`);
    return sqlLiteral(values[i]);
  });
}
