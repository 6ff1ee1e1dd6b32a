import { eliminarDispositivo } from '../../commands/directorio.ts';
import type { CommandDeps } from '../../commands/deps.ts';
import { findDispositivo } from '../../queries/dispositivos.ts';

/**
 * FCM said the token is no longer registered: record DispositivoEliminado (NO_REGISTRADO) for its
 * current owner, so the read model drops it and a rebuild does not bring it back.
 */
export async function dropUnregisteredToken(deps: CommandDeps, token: string): Promise<void> {
  const owner = await findDispositivo(deps.knex, token);
  if (!owner) return;
  await eliminarDispositivo(deps, { idUsuario: null, rol: 'SYSTEM' }, owner.idUsuario, token, 'NO_REGISTRADO');
}
