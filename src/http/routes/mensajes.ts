import type { MensajeEnviado } from '../../events/mensaje.ts';
import type { Rol } from '../../events/usuario.ts';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s, type JsonSchema } from '../validation.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { enviarMensaje, marcarLeido, type EnvioInput } from '../../commands/mensajes.ts';
import { mensajeNotFound } from '../../commands/mensaje.ts';
import { envioFields } from '../../commands/mensaje-envio.ts';
import { findMensaje, mensajeRecord, pageMensajes } from '../../queries/mensajes.ts';
import { answerPage } from '../paging.ts';

const id = (): JsonSchema => s.int({ minimum: 1, maximum: 2_147_483_647 });

export const mensajeSchema = named('Mensaje', s.object(
  {
    idMensaje: s.int(), senderId: s.int(), receiverId: s.int(), idCita: s.nullable(s.int()),
    mensaje: { ...s.nullable(s.string()), description: 'null once the text was erased (crypto-shredding)' },
    enviadoEn: localDateTimeOut(), leido: s.bool(),
  },
  ['idMensaje', 'senderId', 'receiverId', 'idCita', 'mensaje', 'enviadoEn', 'leido'],
));

const envioBody = named('MensajeEnvio', s.object(envioFields, ['receiverId', 'mensaje']));

interface Area {
  prefix: string;
  rol: Rol;
  tag: string;
  ids: { list: string; send: string; read: string };
}

const AREAS: Area[] = [
  { prefix: '/api/mensajes', rol: 'PACIENTE', tag: 'Mensajes', ids: { list: 'listMensajes', send: 'sendMensaje', read: 'markMensajeLeido' } },
  {
    prefix: '/api/psicologo/mensajes', rol: 'PSICOLOGO', tag: 'Mensajes (psicólogo)',
    ids: { list: 'listMensajesPsicologo', send: 'sendMensajePsicologo', read: 'markMensajeLeidoPsicologo' },
  },
];

export function mensajesRoutes(deps: AppDeps): RouteDef[] {
  const zone = deps.config.practiceTimezone;
  const list = { 200: { description: 'Mensajes, por enviadoEn', schema: s.array(mensajeSchema) } };

  const sendRoute = ({ prefix, rol, tag, ids }: Area): RouteDef => ({
    method: 'post', path: prefix, operationId: ids.send, tag, summary: 'Enviar un mensaje', auth: [rol], body: envioBody,
    responses: { 201: { description: 'Mensaje enviado; se entrega también por /user/queue/messages', schema: mensajeSchema } },
    handler: async (ctx, { body }: { body: EnvioInput }) => {
      const r = await enviarMensaje(deps, caller(ctx), body);
      await settled(deps, r);
      const enviado = r.events.find((e): e is MensajeEnviado => e.type === 'MensajeEnviado');
      ctx.status = 201;
      // From the decided event, as the STOMP delivery shows it (nothing read back).
      ctx.body = enviado ? mensajeRecord(enviado, zone) : await findMensaje(deps.knex, zone, r.idMensaje);
    },
  });

  const listRoute = ({ prefix, rol, tag, ids }: Area): RouteDef => ({
    method: 'get', path: prefix, operationId: ids.list, tag, summary: 'Mis conversaciones (enviados y recibidos)', auth: [rol], responses: list,
    handler: async (ctx, { page }) => {
      await answerPage(ctx, page, (p) => pageMensajes(deps.knex, zone, p, caller(ctx).idUsuario));
    },
  });

  const readRoute = (prefix: string, rol: Rol, tag: string, operationId: string): RouteDef => ({
    method: 'put', path: `${prefix}/:id/leido`, operationId, tag, summary: 'Marcar como leído un mensaje recibido', auth: [rol],
    responses: { 200: { description: 'Mensaje leído', schema: mensajeSchema } },
    handler: async (ctx, { params }) => {
      const user = caller(ctx);
      const r = await marcarLeido(deps, user, params.id);
      await settled(deps, r);
      const found = await findMensaje(deps.knex, zone, params.id);
      if (!found || found.receiverId !== user.idUsuario) throw mensajeNotFound();
      ctx.body = found;
    },
  });

  return [
    ...AREAS.flatMap((a) => [listRoute(a), sendRoute(a), readRoute(a.prefix, a.rol, a.tag, a.ids.read)]),
    {
      method: 'get', path: '/api/admin/mensajes', operationId: 'listMensajesAdmin', tag: 'Mensajes (administración)', summary: 'Todos los mensajes', auth: ['ADMIN'], responses: list,
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageMensajes(deps.knex, zone, p));
      },
    },
    readRoute('/api/admin/mensajes', 'ADMIN', 'Mensajes (administración)', 'markMensajeLeidoAdmin'),
  ];
}
