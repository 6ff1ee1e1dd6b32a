import type { AppDeps } from './deps.ts';
import { AppError, errors } from '../platform/errors.ts';
import { normaliseEmail, verifyPassword } from '../platform/security.ts';
import { findAuthUser, type AuthUser } from '../queries/usuarios.ts';

const wrongPassword = () => new AppError(401, {
  es: 'Contraseña incorrecta: firmar requiere la contraseña de su cuenta (su sesión sigue abierta)',
  en: 'Wrong password: signing requires your account password (your session stays open)',
});

/**
 * The caller enters their password again (21 CFR 11.200: a signature is a deliberate act of its
 * owner, not of whoever holds a token). Counted like a login: a locked account answers 429 without
 * bcrypt, and a wrong password is a failed login towards the lockout. The hash is read afresh from
 * the read model, never from the cached user; bcrypt runs in the queue bounded to the cores.
 */
export async function reauthenticate(deps: AppDeps, user: AuthUser, password: string): Promise<void> {
  const key = deps.lookupHash('email', normaliseEmail(user.email));
  const locked = await deps.throttles.logins.attempt(key);
  if (locked !== null) throw errors.tooManyRequests(locked);
  const stored = await findAuthUser(deps.knex, key);
  const same = stored !== null && stored.idUsuario === user.idUsuario && stored.activo;
  const ok = await deps.throttles.bcrypt.run(() => verifyPassword(password, same ? stored.passwordHash : null));
  if (!same || !ok) {
    await deps.throttles.logins.failed(key);
    throw wrongPassword();
  }
  await deps.throttles.logins.succeeded(key);
}
