import type { AppDeps } from './deps.ts';
import { errors } from '../platform/errors.ts';
import { verifyPassword } from '../platform/security.ts';

/**
 * Every check of a user's password (the login, the re-authentication that signs a clinical
 * record) goes through here, so each is counted towards the account's lockout
 * (LOGIN_MAX_FAILURES, docs/limits.md) the same way.
 *
 * The attempt is reserved before the hash is read or compared, in one statement on the shared
 * counters: a locked account answers 429 without bcrypt, and guesses sent all at once cannot all
 * pass a check that reads the lock before bcrypt and writes the failure after it (issue 31). A
 * reserved attempt counts as a failure until the password proves right, which gives it back.
 *
 * `key`: the account's e-mail lookup hash; `load` reads the account once the attempt is reserved;
 * `hashOf`: its stored hash when it may use a password at all, else null (compared against a dummy
 * hash, so timing does not tell). bcrypt runs in the queue bounded to the cores.
 */
export async function checkPassword<T>(
  deps: AppDeps, key: string, password: string, load: () => Promise<T>, hashOf: (found: T) => string | null,
): Promise<{ ok: boolean; found: T }> {
  const locked = await deps.throttles.logins.reserve(key);
  if (locked !== null) throw errors.tooManyRequests(locked);
  const found = await load();
  const hash = hashOf(found);
  const ok = await deps.throttles.bcrypt.run(() => verifyPassword(password, hash));
  if (ok) await deps.throttles.logins.succeeded(key);
  return { ok, found };
}
