import type { Context } from 'koa';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { evolvePsicologo, psicologoStream, type Psicologo } from '../../events/psicologo.ts';
import { MODALIDADES, type Modalidad } from '../../events/cita.ts';
import { entrarSala } from '../../commands/sala.ts';
import { cambiarModalidades, modalidadesDe } from '../../commands/modalidades.ts';
import { actorOf, ownPsicologo } from './citas.ts';

// Online sessions (docs/care.md "Online sessions"): the room of an ONLINE appointment, and the
// modalities a psychologist offers.

const salaSchema = named('SalaCita', s.object({
  url: s.string({ description: 'Enlace para entrar en la videollamada, con el token JWT de esta persona (?jwt=…): es una credencial, no compartir', example: 'https://meet.example.com/3f2a…?jwt=eyJ…' }),
  abreEn: localDateTimeOut('Desde cuándo se puede entrar (hora local de la consulta): JITSI_OPEN_MINUTES_BEFORE antes del inicio'),
  cierraEn: localDateTimeOut('Hasta cuándo (hora local de la consulta): el fin de la cita; el token caduca entonces'),
  moderador: { ...s.bool(), description: 'true para el psicólogo (moderador de la sala)' },
}, ['url', 'abreEn', 'cierraEn', 'moderador']));

const modalidadesSchema = named('ModalidadesPsicologo', s.object({
  modalidades: { ...s.array(s.enum(MODALIDADES), { minItems: 1, maxItems: 2 }), description: 'PRESENCIAL, ONLINE o las dos (por defecto, las dos)' },
}, ['modalidades']));

async function modalidadesActuales(deps: AppDeps, idPsicologo: number): Promise<readonly Modalidad[]> {
  const events = await deps.store.readStream(psicologoStream(idPsicologo));
  const estado = events.reduce((st, e) => evolvePsicologo(st, e as never), { status: 'nuevo' } as Psicologo);
  if (estado.status !== 'activo') throw errors.notFound('Perfil de psicólogo', 'Psychologist profile');
  return modalidadesDe(estado);
}

async function sala(deps: AppDeps, ctx: Context, idCita: number): Promise<void> {
  const user = caller(ctx);
  const psicologo = user.rol === 'PSICOLOGO';
  const alcance = psicologo ? { idPsicologo: ownPsicologo(user) } : { idPaciente: user.idPaciente ?? 0 };
  const nombre = `${user.nombre} ${user.apellido ?? ''}`.trim();
  const entrada = await entrarSala(deps, idCita, { actor: actorOf(user), alcance, nombre, moderador: psicologo });
  // A credential: never cached by a browser or a proxy.
  ctx.set('Cache-Control', 'no-store');
  ctx.body = entrada;
}

export function salaRoutes(deps: AppDeps): RouteDef[] {
  const tag = 'Citas';
  return [
    {
      method: 'get', path: '/api/citas/:id/sala', operationId: 'getSalaCita', tag, auth: ['PACIENTE', 'PSICOLOGO'],
      summary: 'Entrar en la videollamada de una cita ONLINE mía (paciente o psicólogo de la cita)',
      description: 'Solo los dos participantes: la cita de otro es 404, como si no existiera; el administrador, 403. '
        + 'Responde el enlace de Jitsi con un token JWT propio (el psicólogo, moderador) válido desde JITSI_OPEN_MINUTES_BEFORE minutos '
        + 'antes del inicio hasta el fin. La primera entrada del psicólogo avisa al paciente por STOMP (/user/queue/avisos). Ver docs/care.md.',
      responses: {
        200: { description: 'El enlace de esta persona y su ventana', schema: salaSchema },
        409: { description: 'Cita PRESENCIAL, CANCELADA o COMPLETADA; fuera de su ventana (antes: el mensaje dice cuándo abre, y Retry-After cuántos segundos faltan; después: cerrada); o el servidor sin JITSI_*' },
      },
      handler: (ctx, { params }) => sala(deps, ctx, params.id),
    },
    {
      method: 'get', path: '/api/psicologo/modalidades', operationId: 'getModalidadesPsicologo', tag: 'Psicólogos', auth: ['PSICOLOGO'],
      summary: 'Las modalidades de cita que ofrezco (PRESENCIAL, ONLINE)',
      responses: { 200: { description: 'Mis modalidades', schema: modalidadesSchema } },
      handler: async (ctx) => {
        ctx.body = { modalidades: await modalidadesActuales(deps, ownPsicologo(caller(ctx))) };
      },
    },
    {
      method: 'put', path: '/api/psicologo/modalidades', operationId: 'updateModalidadesPsicologo', tag: 'Psicólogos', auth: ['PSICOLOGO'],
      summary: 'Elegir las modalidades de cita que ofrezco: una o las dos',
      description: 'Las citas ya reservadas no cambian; las nuevas en una modalidad que no ofrezco son 409.',
      body: modalidadesSchema, responses: { 200: { description: 'Mis modalidades', schema: modalidadesSchema } },
      handler: async (ctx, { body }: { body: { modalidades: Modalidad[] } }) => {
        const user = caller(ctx);
        const idPsicologo = ownPsicologo(user);
        await settled(deps, await cambiarModalidades(deps, actorOf(user), idPsicologo, body.modalidades));
        ctx.body = { modalidades: await modalidadesActuales(deps, idPsicologo) };
      },
    },
  ];
}
