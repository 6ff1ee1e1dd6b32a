import { randomBytes } from 'node:crypto';
import { AppError } from '../platform/errors.ts';
import { announce, type Logger } from '../platform/logger.ts';
import type { CommandDeps } from './deps.ts';
import { registerAdmin } from './registration.ts';
import type { ReadModelsWait } from './lookups.ts';

/** First start: with no ADMIN, create one from ADMIN_EMAIL/ADMIN_PASSWORD, or admin@localhost and a printed random password. */
export async function bootstrapAdmin(deps: CommandDeps, projections: ReadModelsWait, logger: Logger): Promise<void> {
  await projections.waitFor(await deps.store.head(), 30_000);
  // Administrators are users of any id: the users read model (caught up above) is their index.
  if (await deps.lookups.anyAdminExists()) return;
  const email = deps.config.adminEmail ?? 'admin@localhost';
  const generated = !deps.config.adminPassword;
  const password = deps.config.adminPassword ?? `${randomBytes(12).toString('base64url')}7a`;
  try {
    const r = await registerAdmin(deps, { idUsuario: null, rol: 'SYSTEM' }, { nombre: 'Administrador', apellido: 'Inicial', email, password });
    await projections.waitFor(r.position, 30_000);
  } catch (err) {
    // Another instance bootstrapped first: the e-mail is taken, which is what we wanted.
    if (err instanceof AppError && err.status === 409) return;
    throw err;
  }
  if (generated) {
    // Printed once, on purpose: the operator needs it to sign in for the first time.
    logger.warn({ email }, 'bootstrap administrator created with a generated password (printed once on standard output)');
    // Whatever LOG_LEVEL says; a JSON line when stdout is not a terminal (docs/operations.md "Logs").
    announce(`\nBootstrap administrator: ${email} / ${password}\n\n`, 'bootstrap administrator password (shown once)', { email, initialPassword: password });
  } else {
    logger.info({ email }, 'bootstrap administrator created');
  }
}
