import type { Knex } from 'knex';
import type { Rol } from '../events/usuario.ts';

/**
 * Who may see whose presence on /topic/presence. Staff (ADMIN, PSICOLOGO) are visible to every
 * user: a patient wants to know whether the practice is there. A patient is visible only to
 * administrators, to their assigned psychologist, and to the people they have exchanged messages
 * with: when a patient is online is personal data, and other patients have no business with it.
 */
export interface Audience {
  everyone: boolean;
  users: Set<number>;
}

export interface Viewer {
  idUsuario: number;
  rol: Rol;
}

export function canSee(audience: Audience, viewer: Viewer): boolean {
  return audience.everyone || viewer.rol === 'ADMIN' || audience.users.has(viewer.idUsuario);
}

/** The audience of one user's presence. */
export async function presenceAudience(knex: Knex, idUsuario: number): Promise<Audience> {
  const user = await knex('usuarios').where({ id_usuario: idUsuario }).first('rol');
  // Named, not "not a patient": a role added later (AUDITOR) is not staff.
  if (user && (user.rol === 'ADMIN' || user.rol === 'PSICOLOGO')) return { everyone: true, users: new Set() };
  const { rows } = await knex.raw(
    `select ps.id_usuario as id from pacientes p join psicologos ps on ps.id_psicologo = p.id_psicologo where p.id_usuario = :u
     union select receiver_id from mensajes where sender_id = :u
     union select sender_id from mensajes where receiver_id = :u`,
    { u: idUsuario },
  );
  const users = new Set<number>((rows as { id: number }[]).map((r) => r.id));
  users.add(idUsuario);
  return { everyone: false, users };
}

/** Users online now whose presence the viewer may see, with their change versions (a snapshot). */
export async function visibleOnline(knex: Knex, viewer: Viewer, limit = 1000): Promise<{ idUsuario: number; version: number }[]> {
  const { rows } = await knex.raw(
    `select p.id_usuario, p.version from presencia p join usuarios u on u.id_usuario = p.id_usuario
     where p.online and (:admin or u.rol in ('ADMIN', 'PSICOLOGO') or p.id_usuario = :v
       or exists (select 1 from pacientes pa join psicologos ps on ps.id_psicologo = pa.id_psicologo
                  where pa.id_usuario = p.id_usuario and ps.id_usuario = :v)
       or exists (select 1 from mensajes m where (m.sender_id = p.id_usuario and m.receiver_id = :v)
                                              or (m.receiver_id = p.id_usuario and m.sender_id = :v)))
     order by p.id_usuario limit :limit`,
    { admin: viewer.rol === 'ADMIN', v: viewer.idUsuario, limit },
  );
  return (rows as { id_usuario: number; version: string }[]).map((r) => ({ idUsuario: r.id_usuario, version: Number(r.version) }));
}
