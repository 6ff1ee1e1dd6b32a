import type { Context } from 'koa';
import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { caller } from '../auth.ts';
import { publicBase } from '../public-url.ts';
import { errors } from '../../platform/errors.ts';
import { localDate } from '../../platform/time.ts';
import { tramoCita } from '../../platform/agenda-time.ts';
import { icalendar, type EstadoIcal, type EventoIcal } from '../../platform/icalendar.ts';
import type { EstadoCita } from '../../events/cita.ts';
import { crearFeedCalendario, hashSecreto, revocarFeedCalendario, SECRETO_PATTERN } from '../../commands/calendario.ts';
import { citasDelFeed, findFeed, type AlcanceFeed, type CitaFeed } from '../../queries/calendario.ts';

const feedSchema = named('FeedCalendario', s.object({
  url: s.string({ description: 'URL absoluta del feed iCalendar (con el secreto); se muestra solo ahora. Empieza por PUBLIC_BASE_URL si el servidor la tiene; si no, por el esquema y el host de la petición (tras un proxy de confianza, TRUST_PROXY, los de X-Forwarded-Proto y X-Forwarded-Host)', example: 'https://consulta.example.com/calendario/q1w2e3r4t5y6u7i8o9p0aZq1w2e3r4t5y6u7i8o9p0a.ics' }),
  ruta: s.string({ description: 'La ruta del feed en este servidor, sin esquema, host ni el prefijo de PUBLIC_BASE_URL', example: '/calendario/q1w2e3r4t5y6u7i8o9p0aZq1w2e3r4t5y6u7i8o9p0a.ics' }),
}, ['url', 'ruta']));

/** How far back a feed goes: calendar apps re-read the whole feed on every poll. */
const DIAS_PASADOS = 365;

const STATUS: Record<EstadoCita, EstadoIcal> = {
  PENDIENTE: 'TENTATIVE', CONFIRMADA: 'CONFIRMED', COMPLETADA: 'CONFIRMED', CANCELADA: 'CANCELLED',
};

/**
 * An open ONLINE appointment's LOCATION and URL: the service's GET /api/citas/{id}/sala, which answers
 * a join link only to the signed-in participant inside the window. Never a join link itself: a feed
 * is polled for months and its URL is a bearer secret, so a token in it would outlive any move or
 * cancellation and reach whoever the feed URL leaks to (docs/care.md "Online sessions").
 */
function sala(c: CitaFeed, base: string): Pick<EventoIcal, 'location' | 'url'> {
  if (c.modalidad !== 'ONLINE' || c.estado === 'CANCELADA') return {};
  return { location: 'Sesión online (videollamada)', url: `${base}/api/citas/${c.idCita}/sala` };
}

// No motivo, notes or names: whoever gets hold of a feed URL learns only when appointments are.
function evento(c: CitaFeed, alcance: Exclude<AlcanceFeed, null>, zone: string, base: string): EventoIcal | null {
  const tramo = tramoCita(c.startDatetime, c.durationMinutes, zone);
  if (!tramo) return null;
  return {
    uid: `cita-${c.idCita}@psicologia`, inicio: tramo.inicio, fin: tramo.fin, status: STATUS[c.estado],
    summary: 'idPaciente' in alcance ? 'Cita de psicología' : 'Cita con paciente',
    description: `Cita ${c.idCita}; detalles, cambios y cancelación en la aplicación de la consulta`,
    ...sala(c, base),
  };
}

/** The base of the rooms' URLs; a feed answered before them never needed a Host, so a bad one leaves the URL a path. */
function baseDelFeed(deps: AppDeps, ctx: Context): string {
  try {
    return publicBase(ctx, { publicBaseUrl: deps.config.publicBaseUrl, trustProxy: deps.config.limits.trustProxy });
  } catch {
    return '';
  }
}

async function feed(deps: AppDeps, ctx: Context): Promise<void> {
  const secreto = String(ctx.params.secreto ?? '');
  // Anything not shaped like a secret was never issued: no database round trip.
  const found = SECRETO_PATTERN.test(secreto) ? await findFeed(deps.knex, hashSecreto(secreto)) : null;
  if (!found) throw errors.notFound('Feed de calendario', 'Calendar feed');
  const zone = deps.config.practiceTimezone;
  const now = deps.clock.now();
  const citas = await citasDelFeed(deps.knex, found.alcance, localDate(new Date(now.getTime() - DIAS_PASADOS * 86_400_000), zone));
  const alcance = found.alcance;
  const base = baseDelFeed(deps, ctx);
  const eventos = alcance === null ? [] : citas.flatMap((c) => evento(c, alcance, zone, base) ?? []);
  ctx.type = 'text/calendar; charset=utf-8';
  ctx.set('Cache-Control', 'private, no-store');
  ctx.body = icalendar('Citas de psicología', eventos, now);
}

export function calendarioRoutes(deps: AppDeps): RouteDef[] {
  const tag = 'Calendario';
  return [
    {
      method: 'post', path: '/api/calendario/feed', operationId: 'createFeedCalendario', tag, auth: 'authenticated',
      summary: 'Crear o renovar mi URL secreta de calendario (iCalendar)',
      description: 'Devuelve una URL nueva con un secreto aleatorio para suscribirse desde una app de calendario; la anterior deja de funcionar. '
        + 'Solo se guarda el hash del secreto: la URL no se puede volver a consultar.',
      responses: { 201: { description: 'Feed creado; la URL anterior, si había, ya no responde', schema: feedSchema } },
      handler: async (ctx) => {
        const user = caller(ctx);
        // Before the write: a Host that makes no URL must not rotate the feed to one never shown.
        const base = publicBase(ctx, { publicBaseUrl: deps.config.publicBaseUrl, trustProxy: deps.config.limits.trustProxy });
        const r = await crearFeedCalendario(deps, { idUsuario: user.idUsuario, rol: user.rol }, user.idUsuario);
        await settled(deps, r);
        const ruta = `/calendario/${r.secreto}.ics`;
        ctx.status = 201;
        ctx.body = { url: `${base}${ruta}`, ruta };
      },
    },
    {
      method: 'delete', path: '/api/calendario/feed', operationId: 'deleteFeedCalendario', tag, auth: 'authenticated',
      summary: 'Revocar mi URL de calendario', description: 'La URL deja de responder (404). 404 si no había ninguna.',
      responses: { 204: { description: 'Revocada' } },
      handler: async (ctx) => {
        const user = caller(ctx);
        await settled(deps, await revocarFeedCalendario(deps, { idUsuario: user.idUsuario, rol: user.rol }, user.idUsuario));
        ctx.status = 204;
      },
    },
    {
      method: 'get', path: '/calendario/:secreto.ics', operationId: 'getFeedCalendario', tag, auth: 'public',
      summary: 'Feed iCalendar (RFC 5545) de mis citas',
      description: 'Para apps de calendario, sin token: el secreto de la URL es la credencial. Citas desde hace un año, en UTC; '
        + 'sin motivo, notas ni nombres. Paciente: las suyas; psicólogo: las de su consulta; administrador: ninguna.',
      responses: { 200: { description: 'El calendario (VCALENDAR con un VEVENT por cita)', schema: s.string(), contentType: 'text/calendar' } },
      handler: (ctx) => feed(deps, ctx),
    },
  ];
}
