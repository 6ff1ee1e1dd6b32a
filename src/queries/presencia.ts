import type { Knex } from 'knex';

/** How long an instance that stopped beating still counts as alive (PRESENCE_TIMEOUT_MS's default). */
export const DEFAULT_INSTANCE_TIMEOUT_MS = 3_000;

/** Whether the user has a session on any live instance (the push reactor asks). */
export async function hasLiveSession(knex: Knex, idUsuario: number, instanceTimeoutMs = DEFAULT_INSTANCE_TIMEOUT_MS): Promise<boolean> {
  const { rows } = await knex.raw(
    `select exists (select 1 from realtime_sesiones s join realtime_instancias i on i.id_instancia = s.id_instancia
       where s.id_usuario = ? and i.latido > now() - make_interval(secs => ?)) as live`,
    [idUsuario, instanceTimeoutMs / 1000],
  );
  return rows[0].live === true;
}

