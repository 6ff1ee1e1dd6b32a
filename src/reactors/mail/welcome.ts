import type { Reactor } from '../reactor.ts';
import { enqueue } from '../reactor.ts';
import { templates, type Idioma } from './templates.ts';
import type { UsuarioRegistrado } from '../../events/usuario.ts';

/** UsuarioRegistrado → a welcome mail, in the user's language (settings default: es). */
export const welcomeMailReactor: Reactor = {
  name: 'mail-bienvenida',
  handles: ['UsuarioRegistrado'],
  async react(trx, event) {
    if (event.type !== 'UsuarioRegistrado') return;
    const d = (event as unknown as UsuarioRegistrado).data;
    if (!d.email) return; // erased before this reactor got here: nobody to write to
    const ajuste = await trx.schema.hasTable('ajustes').then((has) => (has ? trx('ajustes').where({ id_usuario: d.idUsuario }).first('idioma') : null));
    const idioma: Idioma = ajuste?.idioma === 'en' ? 'en' : 'es';
    const mail = templates.bienvenida(idioma, { nombre: d.nombre, rol: d.rol });
    await enqueue(trx, 'mail', `bienvenida:${event.metadata.eventId}`, { to: d.email, ...mail });
  },
};
