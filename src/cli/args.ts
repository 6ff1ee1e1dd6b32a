// The one way every command reads its arguments (npm run <command> -- ...): node:util parseArgs in
// strict mode, `--help` built in. It runs before anything else in a command, so `--help` and a typo
// never load the configuration (which generates secrets in DATA_DIR) nor open a database.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A wrong argument or value: the command prints its usage on stderr and exits 2. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

export type Parsed<O extends Options> = { help: true } | { help: false; values: ReturnType<typeof parseArgs<{ options: O; strict: true }>>['values'] };

/** Parses without side effects (tests call it); throws UsageError. */
export function parseCommandLine<O extends Options>(argv: string[], options: O): Parsed<O> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { ...options, help: { type: 'boolean' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  if ((values as { help?: boolean }).help) return { help: true };
  return { help: false, values: values as Extract<Parsed<O>, { help: false }>['values'] };
}

/**
 * The command's options from process.argv: prints the usage and exits 0 on --help; on an unknown
 * argument, a missing value or a `check` that throws UsageError, prints the message and the usage on
 * stderr and exits 2.
 */
export function commandLine<O extends Options, T = Extract<Parsed<O>, { help: false }>['values']>(
  usage: string,
  options: O,
  check: (values: Extract<Parsed<O>, { help: false }>['values']) => T = (v) => v as T,
  argv: string[] = process.argv.slice(2),
): T {
  try {
    const parsed = parseCommandLine(argv, options);
    if (parsed.help) {
      process.stdout.write(usage);
      process.exit(0);
    }
    return check(parsed.values);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return usageExit(err.message, usage);
  }
}

/** Prints a usage problem and the usage on stderr, exits 2. */
export function usageExit(message: string, usage: string): never {
  process.stderr.write(`${message}\n\n${usage}`);
  process.exit(2);
}

/** True when this module is the program run (node src/cli/x.ts, npm run x), not an import (tests). */
export function isMainModule(url: string): boolean {
  const arg = process.argv[1];
  if (!arg) return false;
  return url === pathToFileURL(resolve(arg)).href;
}
