/**
 * A start refused for a reason the operator can act on (the data folder is in use, PostgreSQL
 * cannot reach it...): main prints the message alone, without a stack, and exits non-zero.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
