import { format } from 'node:util';
import pino from 'pino';
import { prettyStream } from './log-pretty.ts';

export type Logger = pino.Logger;

// Health data never goes into logs: request bodies are never logged, and these paths are redacted
// wherever an object reaches a log line by mistake.
const REDACT = [
  'password', '*.password', 'passwordHash', '*.passwordHash', 'token', '*.token',
  'req.headers.authorization', 'headers.authorization', 'body', '*.body', 'data', '*.data',
];

export type LogFormat = 'json' | 'pretty';

/**
 * JSON unless a person reads a terminal: machines (a log shipper, `docker logs`, a file) get one JSON
 * object a line; LOG_FORMAT=json|pretty overrides the guess (docs/operations.md "Logs").
 */
export function logFormat(env: Record<string, string | undefined> = process.env, tty: boolean = Boolean(process.stdout.isTTY)): LogFormat {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return tty && env.NODE_ENV !== 'production' ? 'pretty' : 'json';
}

export interface LoggerOptions {
  /** stdout for the server; the commands log to stderr, their stdout is their result. */
  destination?: 'stdout' | 'stderr';
  format?: LogFormat;
}

export function createLogger(level: string, opts: LoggerOptions = {}): Logger {
  const out = opts.destination === 'stderr' ? process.stderr : process.stdout;
  const fmt = opts.format ?? logFormat(process.env, Boolean(out.isTTY));
  const options = { level, redact: { paths: REDACT, censor: '[redacted]' }, base: undefined };
  if (fmt === 'pretty') return pino(options, prettyStream(out));
  return opts.destination === 'stderr' ? pino(options, pino.destination({ dest: 2, sync: true })) : pino(options);
}

/**
 * Routes console.* (what libraries such as firebase-admin or knex print by default) into the logger, so
 * that a process logging JSON prints no plain-text line. For the server process only: tests keep console.
 */
export function captureConsole(logger: Logger): void {
  const to = (level: 'debug' | 'info' | 'warn' | 'error') => (...args: unknown[]) => logger[level]({ source: 'console' }, format(...args));
  console.log = to('info');
  console.info = to('info');
  console.debug = to('debug');
  console.warn = to('warn');
  console.error = to('error');
}

/** Knex's `log` option (its warnings and deprecations otherwise go to console in colour). */
export function knexLog(logger: Logger) {
  const to = (level: 'debug' | 'warn' | 'error') => (message: unknown) => logger[level]({ source: 'knex' }, typeof message === 'string' ? message : format(message));
  return { warn: to('warn'), error: to('error'), deprecate: to('warn'), debug: to('debug') };
}

/**
 * A line for the operator that must not depend on LOG_LEVEL (the start banner, a password shown once):
 * the text as is at a terminal (pretty), otherwise one JSON line in the logger's shape on stdout.
 */
export function announce(text: string, msg: string, fields: Record<string, unknown> = {}, fmt: LogFormat = logFormat()): void {
  if (fmt === 'pretty') process.stdout.write(text);
  else process.stdout.write(`${JSON.stringify({ level: 30, time: Date.now(), ...fields, msg })}\n`);
}
