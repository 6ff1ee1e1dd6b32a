import type { AppDeps } from '../deps.ts';
import { settled } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { localDateTimeOut } from '../datetime-schemas.ts';
import { localDateTime } from '../../platform/time.ts';
import { caller } from '../auth.ts';
import { answerPage } from '../paging.ts';
import { registrarClienteFhir, revocarClienteFhir } from '../../commands/cliente-fhir.ts';
import { SCOPES_SISTEMA } from '../../commands/cliente-fhir-rules.ts';
import { findClienteFhir, pageClientesFhir } from '../../queries/fhir-clientes.ts';
import { smartTokenUrl } from '../fhir/smart/index.ts';
import { actorOf } from './direcciones.ts';

// The machine clients of the FHIR API (SMART Backend Services, docs/fhir.md): an admin registers
// one with its public keys and gets its client_id; revoking it stops its tokens at once.

const tag = 'Clientes FHIR';
const fields = {
  idCliente: s.int({ description: 'Identificador del cliente FHIR' }),
  clientId: s.string({ description: 'El client_id de OAuth: iss y sub de las aserciones del cliente', example: '3f2a9c0d5b7e41a8c6d2e9f0a1b3c4d5' }),
  nombre: s.string({ description: 'Nombre del sistema cliente' }),
  scopes: s.array(s.enum(SCOPES_SISTEMA), { description: 'Ámbitos SMART que se le pueden conceder' }),
  activo: { ...s.bool(), description: 'false una vez revocado: sus tokens ya no valen' },
  registradoEn: localDateTimeOut('Cuándo se registró'),
};
const clienteSchema = named('ClienteFhir', s.object(fields, Object.keys(fields)));
const registradoSchema = named('ClienteFhirRegistrado', s.object(
  { ...fields, tokenUrl: s.string({ description: 'El token endpoint: el aud de sus aserciones', example: 'https://consulta.example.com/fhir/R4/auth/token' }) },
  [...Object.keys(fields), 'tokenUrl'],
));

const jwkSchema = named('JwkPublica', s.object({
  kty: s.enum(['EC', 'RSA']),
  kid: s.string({ minLength: 1, maxLength: 255 }),
  alg: s.enum(['ES384', 'RS384']),
  use: s.enum(['sig']),
  crv: s.enum(['P-384']),
  x: s.string({ maxLength: 2048 }), y: s.string({ maxLength: 2048 }), n: s.string({ maxLength: 2048 }), e: s.string({ maxLength: 2048 }),
}, ['kty', 'kid'], {
  additionalProperties: true,
  description: 'Una clave pública JWK (RFC 7517): EC P-384 (ES384) o RSA de 2048 bits o más (RS384). Los demás miembros públicos se descartan; una clave con miembros privados (d, p, q...) se rechaza',
}));
const body = named('ClienteFhirDatos', s.object({
  nombre: { ...s.nonEmpty(100), description: 'Nombre del sistema cliente (p. ej. la exportación de una historia clínica electrónica)' },
  jwks: s.object({ keys: s.array(jwkSchema, { minItems: 1, maxItems: 10 }) }, ['keys'], { description: 'El JWK Set público del cliente; cada kid, distinto' }),
  scopes: s.array(s.enum(SCOPES_SISTEMA), { minItems: 1, maxItems: SCOPES_SISTEMA.length, uniqueItems: true, description: 'Ámbitos que se le pueden conceder; por defecto ["system/*.read"]' }),
}, ['nombre', 'jwks']));

interface Body { nombre: string; jwks: unknown; scopes?: string[] }

export function clientesFhirRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'post', path: '/api/admin/clientes-fhir', operationId: 'createClienteFhir', tag, auth: ['ADMIN'],
      summary: 'Registrar un cliente FHIR (SMART Backend Services)',
      description: 'Registra un sistema (p. ej. la exportación de una historia clínica electrónica) con su JWK Set público. '
        + 'El cliente pide tokens en tokenUrl con client_credentials y una aserción JWT firmada (ES384 o RS384) con iss = sub = clientId.',
      body, responses: { 201: { description: 'Cliente registrado', schema: registradoSchema } },
      handler: async (ctx, { body: b }: { body: Body }) => {
        const tokenUrl = smartTokenUrl(deps, ctx); // before the write: a Host that makes no URL refuses it
        const r = await registrarClienteFhir(deps, actorOf(caller(ctx)), { nombre: b.nombre, jwks: b.jwks, scopes: b.scopes ?? ['system/*.read'] });
        await settled(deps, r);
        const written = r.events[0].data as { clientId: string; nombre: string; scopes: string[]; registradoEn: string };
        const zone = deps.config.practiceTimezone;
        const view = (await findClienteFhir(deps.knex, r.idCliente, zone)) ?? {
          idCliente: r.idCliente, clientId: written.clientId, nombre: written.nombre, scopes: written.scopes, activo: true,
          registradoEn: localDateTime(new Date(written.registradoEn), zone),
        };
        ctx.status = 201;
        ctx.body = { ...view, tokenUrl };
      },
    },
    {
      method: 'get', path: '/api/admin/clientes-fhir', operationId: 'listClientesFhir', tag, auth: ['ADMIN'],
      summary: 'Clientes FHIR registrados', description: 'Todos, también los revocados (activo false), por idCliente.',
      responses: { 200: { description: 'Clientes FHIR, por idCliente', schema: s.array(clienteSchema) } },
      handler: async (ctx, { page }) => {
        await answerPage(ctx, page, (p) => pageClientesFhir(deps.knex, p, deps.config.practiceTimezone));
      },
    },
    {
      method: 'delete', path: '/api/admin/clientes-fhir/:id', operationId: 'deleteClienteFhir', tag, auth: ['ADMIN'],
      summary: 'Revocar un cliente FHIR', description: 'Sus tokens dejan de valer en el acto y no puede pedir otros. 404 si no existe o ya estaba revocado.',
      responses: { 204: { description: 'Revocado' } },
      handler: async (ctx, { params }) => {
        await settled(deps, await revocarClienteFhir(deps, actorOf(caller(ctx)), params.id));
        ctx.status = 204;
      },
    },
  ];
}
