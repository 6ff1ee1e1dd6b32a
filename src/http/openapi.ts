import type { RouteDef } from './routes.ts';
import { isThrottled } from './throttling.ts';
import { named, type JsonSchema } from './validation.ts';
import { SchemaComponents } from './openapi-schemas.ts';
import { fieldExample, PATH_PARAMETERS, QUERY_PARAMETERS, TAG_DESCRIPTIONS } from './openapi-text.ts';
import { CONSISTENCY_EXAMPLE, CONSISTENCY_HEADER } from './consistency.ts';
import { readsOnReplica } from './replica-reads.ts';
import { documentedQuery } from './query-integer.ts';
import { localDateTimeOut } from './datetime-schemas.ts';

const errorSchema: JsonSchema = {
  type: 'object',
  description: 'Cuerpo de toda respuesta de error, en el idioma de Accept-Language (es por defecto, en)',
  properties: {
    mensaje: { type: 'string', description: 'Qué falló, legible por una persona' },
    timestamp: localDateTimeOut('Momento del error'),
    status: { type: 'integer', description: 'Código de estado HTTP, el mismo de la respuesta', minimum: 400, maximum: 599 },
    error: { type: 'string', description: 'Nombre del estado HTTP (p. ej. Bad Request)' },
  },
  required: ['mensaje', 'timestamp', 'status', 'error'],
};
const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorContent = { 'application/json': { schema: ERROR_REF } };

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Petición no válida: cuerpo, parámetro o identificador mal formado, o una regla de negocio incumplida',
  401: 'Falta el token Bearer, es inválido o ha caducado',
  403: 'El rol del usuario no permite esta operación (un AUDITOR solo puede leer GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros)',
  404: 'El recurso no existe o no es visible para este usuario',
  409: 'Conflicto con el estado actual (p. ej. solapamiento, duplicado o cambio concurrente)',
  413: 'Cuerpo demasiado grande',
  415: 'Tipo de contenido no admitido (se espera application/json)',
  503: 'Servicio no disponible temporalmente; reintentar más tarde',
};

const fotoBody = named('FotoPerfilSubida', {
  type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'], additionalProperties: false,
});

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function parameters(def: RouteDef, schemas: SchemaComponents) {
  const params = [...def.path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    description: PATH_PARAMETERS[m[1]] ?? missing(`path parameter ${m[1]}`),
    schema: ['name', 'token', 'secreto', 'codigo'].includes(m[1]) ? { type: 'string' } : { type: 'integer', format: 'int32', minimum: 1 },
  }));
  const query = def.query as { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
  for (const [name, text] of Object.entries(query?.properties ?? {})) {
    const schema = documentedQuery(text);
    const description = (schema.description as string | undefined) ?? QUERY_PARAMETERS[name] ?? missing(`query parameter ${name} of ${def.operationId}`);
    const example = schema.pattern !== undefined && schema.example === undefined ? fieldExample(name) : undefined;
    const documented = { ...schemas.use(schema), ...(example === undefined ? {} : { example }) };
    params.push({ name, in: 'query', required: query?.required?.includes(name) ?? false, description, schema: documented as never });
  }
  // Sent back by the typed client on every read; only the list reads a replica answers look at it.
  if (readsOnReplica(def)) params.push(consistencyParameter as never);
  return params;
}

const consistencyParameter = {
  name: CONSISTENCY_HEADER, in: 'header', required: false,
  description: 'Opcional: la cabecera de la última escritura del cliente. Con réplica de lectura (DATABASE_REPLICA_URL), la lista se lee cuando ' +
    'la réplica ya contiene esa escritura (o del primario tras REPLICA_WAIT_MS); sin ella puede llegar con un retraso breve. Solo espera un valor que emitió ' +
    'este servicio; uno ajeno (como el de ejemplo) es un 400 inmediato',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$', example: CONSISTENCY_EXAMPLE },
};

/** On every successful write that stored events: what a later read sends back to see it (src/http/consistency.ts). */
const consistencyHeader = {
  [CONSISTENCY_HEADER]: {
    description: 'Si la escritura guardó eventos. Opaco: su posición en el registro. Enviarlo en las lecturas siguientes (cabecera del mismo nombre) para leer lo escrito también desde una réplica',
    schema: { type: 'string', example: CONSISTENCY_EXAMPLE },
  },
};

const missing = (what: string): never => {
  throw new Error(`OpenAPI: no description for ${what}`);
};

/** Statuses every operation may answer besides its own: what the middleware and the guards produce. */
function commonErrors(def: RouteDef): number[] {
  const write = def.method !== 'get';
  return [400, 401, 403, 404, 409, 413, 415, 503].filter((st) => {
    if (def.auth === 'public' && (st === 401 || st === 403)) return false;
    // Conflicts come from writes only. Any write may carry a body (checked for type and size even where the route reads none).
    return st === 409 || st === 413 || st === 415 ? write : true;
  });
}

const alternatives = (r: RouteDef['responses'][number], schemas: SchemaComponents) =>
  Object.fromEntries((r.alternatives ?? []).map((a) => [a.contentType, { schema: schemas.use(a.schema) }]));

function responses(def: RouteDef, schemas: SchemaComponents) {
  const out: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(def.responses)) {
    // A route's own error status (a 409 naming its rules, say) carries the error body.
    const type = r.contentType ?? 'application/json';
    const headers = def.method !== 'get' && Number(status) < 300 ? { ...r.headers, ...consistencyHeader } : r.headers;
    out[status] = {
      description: r.description,
      ...(headers ? { headers } : {}),
      ...(r.schema ? { content: { [type]: { schema: schemas.use(r.schema) }, ...alternatives(r, schemas) } } : Number(status) >= 400 ? { content: errorContent } : {}),
    };
  }
  for (const st of commonErrors(def)) out[String(st)] ??= { description: ERROR_DESCRIPTIONS[st], content: errorContent };
  if (isThrottled(def)) {
    out['429'] ??= {
      description: 'Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md)',
      headers: { 'Retry-After': { description: 'Segundos que esperar antes de reintentar', schema: { type: 'integer', minimum: 1 } } },
      content: errorContent,
    };
  }
  return out;
}

function who(def: RouteDef): string {
  if (def.auth === 'public') return 'Acceso público, sin token.';
  if (def.auth === 'authenticated') return 'Cualquier usuario autenticado.';
  // Last line, no full stop: the fuzz test (and any client) reads the roles from it.
  return `Roles: ${def.auth.join(', ')}`;
}

function requestBody(def: RouteDef, schemas: SchemaComponents) {
  if (def.body) return { requestBody: { required: true, content: { 'application/json': { schema: schemas.use(def.body) } } } };
  if (def.multipart) return { requestBody: { required: true, content: { 'multipart/form-data': { schema: schemas.use(fotoBody) } } } };
  return {};
}

function operation(def: RouteDef, schemas: SchemaComponents) {
  if (!TAG_DESCRIPTIONS[def.tag]) missing(`tag ${def.tag}`);
  return {
    operationId: def.operationId,
    tags: [def.tag],
    summary: def.summary,
    description: [def.description ?? `${def.summary}.`, who(def)].join('\n\n'),
    security: def.auth === 'public' ? [] : [{ bearerAuth: [] }],
    parameters: parameters(def, schemas),
    ...requestBody(def, schemas),
    responses: responses(def, schemas),
  };
}

/** OpenAPI 3.1 built from the same route definitions and schemas that validate requests. */
export function openApiDocument(defs: RouteDef[]) {
  const schemas = new SchemaComponents({ Error: errorSchema });
  const paths: Record<string, Record<string, unknown>> = {};
  const ids = new Set<string>();
  for (const def of defs) {
    // Generated clients name their methods after these: a duplicate or a malformed one must not ship.
    if (ids.has(def.operationId) || !/^[a-z][A-Za-z0-9]*$/.test(def.operationId)) throw new Error(`bad or duplicate operationId ${def.operationId}`);
    ids.add(def.operationId);
    const p = toOpenApiPath(def.path);
    paths[p] ??= {};
    paths[p][def.method] = operation(def, schemas);
  }
  const tags = [...new Set(defs.map((d) => d.tag))].map((name) => ({ name, description: TAG_DESCRIPTIONS[name] }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Psychology practice API', version: '1.0.0',
      description: 'Back end con event sourcing para consultas de psicología. Autenticación: `Authorization: Bearer <token>` con el token de POST /auth/login. '
        + 'Fechas y horas: hora local de la consulta (PRACTICE_TIMEZONE), AAAA-MM-DDTHH:mm:ss sin zona; las peticiones pueden omitir los segundos, '
        + 'las respuestas los llevan siempre. Única excepción, por su nombre: un campo acabado en Utc es el mismo instante en UTC '
        + '(AAAA-MM-DDTHH:mm:ss.sssZ). Listas: paginadas con `limit` y `cursor` (cabecera Link).',
    },
    servers: [{ url: '/', description: 'Este mismo servidor' }],
    tags,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http', scheme: 'bearer', bearerFormat: 'JWT',
          description: 'Token de POST /auth/login. Roles: ADMIN, PSICOLOGO, PACIENTE y AUDITOR (solo lectura: '
            + 'GET /audit/v1/**, GET /api/admin/auditoria/** y GET /api/admin/facturacion/registros; 403 en cualquier otra ruta y en STOMP)',
        },
      },
      schemas: schemas.schemas,
    },
    paths,
  };
}
