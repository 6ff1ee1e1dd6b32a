import type { AppDeps } from './deps.ts';
import { AppError } from '../platform/errors.ts';
import { normaliseEmail } from '../platform/security.ts';
import { checkPassword } from './password-check.ts';
import { findAuthUser, type AuthUser } from '../queries/usuarios.ts';

const wrongPassword = () => new AppError(401, {
  es: 'Contraseña incorrecta: firmar requiere la contraseña de su cuenta (su sesión sigue abierta)',
  en: 'Wrong password: signing requires your account password (your session stays open)',
});

/**
 * The caller enters their password again (21 CFR 11.200: a signature is a deliberate act of its
 * owner, not of whoever holds a token). Counted like a login (checkPassword): a locked account
 * answers 429 without bcrypt, and a wrong password is a failed login towards the lockout. The hash
 * is read afresh from the read model, never from the cached user.
 */
export async function reauthenticate(deps: AppDeps, user: AuthUser, password: string): Promise<void> {
  const key = deps.lookupHash('email', normaliseEmail(user.email));
  const { ok } = await checkPassword(deps, key, password, () => findAuthUser(deps.knex, key), (stored) => (
    stored !== null && stored.idUsuario === user.idUsuario && stored.activo ? stored.passwordHash : null
  ));
  if (!ok) throw wrongPassword();
}
