import { ConfigError } from './config-error.ts';

/** The process environment, or a test's stand-in for it. */
export type Env = Record<string, string | undefined>;

/** An integer variable in [min, max]; unset or empty: the fallback. */
export function envInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer in [${min}, ${max}]`);
  return n;
}

/** A yes/no variable: 1/true/yes or 0/false/no; unset: no. */
export function envFlag(env: Env, name: string): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '' || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === '1' || raw === 'true' || raw === 'yes') return true;
  throw new ConfigError(`${name} must be true or false`);
}
