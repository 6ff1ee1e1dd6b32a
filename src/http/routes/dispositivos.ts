import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { caller } from '../auth.ts';
import { errors } from '../../platform/errors.ts';
import { localDateTime } from '../../platform/time.ts';
import { findDispositivo } from '../../queries/dispositivos.ts';
import { eliminarDispositivo, registrarDispositivo } from '../../commands/directorio.ts';
import { actorOf } from './direcciones.ts';

/** FCM registration tokens are about 150-250 characters: room to spare, not for kilobytes per push. */
const MAX_TOKEN = 512;
/** Tokens up to 4096 characters were accepted before: their owners can still remove them. */
const MAX_TOKEN_LEGACY = 4096;
const dispositivoSchema = named('Dispositivo', s.object({ token: s.string(), idUsuario: s.int(), creadoEn: localDateTimeOut() }, ['token', 'idUsuario', 'creadoEn']));
const tokenBody = named('DispositivoRegistro', s.object({ token: s.nonEmpty(MAX_TOKEN) }, ['token']));

export function dispositivosRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'post', path: '/api/dispositivos', operationId: 'registerDispositivo', tag: 'Dispositivos', summary: 'Registrar mi token de notificaciones push', auth: 'authenticated',
      description: `Un token tiene como máximo ${MAX_TOKEN} caracteres. Cada usuario conserva como máximo ${deps.config.limits.maxDeviceTokensPerUser} (MAX_DEVICE_TOKENS_PER_USER): registrar uno más elimina el más antiguo.`,
      body: tokenBody,
      responses: {
        201: { description: 'Token registrado', schema: dispositivoSchema },
        200: { description: 'El token ya estaba registrado para este usuario', schema: dispositivoSchema },
      },
      handler: async (ctx, { body }: { body: { token: string } }) => {
        const user = caller(ctx);
        const r = await registrarDispositivo(deps, actorOf(user), user.idUsuario, body.token);
        await settled(deps, r);
        const row = await findDispositivo(deps.knex, body.token);
        // The stored registration answers even when the read model cannot show it yet.
        const found = row && row.idUsuario === user.idUsuario ? row : { idUsuario: user.idUsuario, token: body.token, createdAt: deps.clock.now() };
        ctx.status = r.creado ? 201 : 200;
        ctx.body = { token: found.token, idUsuario: found.idUsuario, creadoEn: localDateTime(found.createdAt, deps.config.practiceTimezone) };
      },
    },
    {
      method: 'delete', path: '/api/dispositivos/:token', operationId: 'deleteDispositivo', tag: 'Dispositivos', summary: 'Eliminar mi token de notificaciones push', auth: 'authenticated',
      responses: { 204: { description: 'Token eliminado' } },
      handler: async (ctx) => {
        const user = caller(ctx);
        const token = String(ctx.params.token ?? '');
        // NUL cannot be stored, so such a token was never registered.
        if (token.length > MAX_TOKEN_LEGACY || token.includes('\u0000')) throw errors.notFound('Dispositivo', 'Device');
        const r = await eliminarDispositivo(deps, actorOf(user), user.idUsuario, token);
        await settled(deps, r);
        ctx.status = 204;
      },
    },
  ];
}
