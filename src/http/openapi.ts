import type { RouteDef } from './routes.ts';
import { isThrottled } from './throttling.ts';
import type { JsonSchema } from './validation.ts';

const errorSchema: JsonSchema = {
  type: 'object',
  properties: {
    mensaje: { type: 'string' },
    timestamp: { type: 'string', example: '2026-01-01T10:00:00' },
    status: { type: 'integer' },
    error: { type: 'string' },
  },
  required: ['mensaje', 'timestamp', 'status', 'error'],
};

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function parameters(def: RouteDef) {
  const params = [...def.path.matchAll(/:(\w+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: m[1] === 'name' || m[1] === 'token' ? { type: 'string' } : { type: 'integer', minimum: 0 },
  }));
  const query = def.query as { properties?: Record<string, JsonSchema>; required?: string[] } | undefined;
  for (const [name, schema] of Object.entries(query?.properties ?? {})) {
    params.push({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema: schema as never });
  }
  return params;
}

function operation(def: RouteDef) {
  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(def.responses)) {
    const type = r.contentType ?? 'application/json';
    responses[status] = {
      description: r.description,
      ...(r.headers ? { headers: r.headers } : {}),
      ...(r.schema ? { content: { [type]: { schema: r.schema } } } : {}),
    };
  }
  const errorsListed = [400, 401, 403, 404, 409, 413, 415, 503].filter((st) => {
    if (def.auth === 'public' && (st === 401 || st === 403)) return false;
    // Any write may carry a body (checked for type and size even where the route reads none).
    return st !== 413 && st !== 415 ? true : def.method !== 'get';
  });
  for (const st of errorsListed) {
    responses[String(st)] ??= { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  if (isThrottled(def)) {
    responses['429'] ??= {
      description: 'Demasiadas peticiones (límite por usuario o por dirección; ver docs/limits.md)',
      headers: { 'Retry-After': { description: 'Segundos que esperar antes de reintentar', schema: { type: 'integer', minimum: 1 } } },
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return {
    operationId: def.operationId,
    tags: [def.tag],
    summary: def.summary,
    security: def.auth === 'public' ? [] : [{ bearerAuth: [] }],
    ...(def.auth !== 'public' && Array.isArray(def.auth) ? { description: `Roles: ${def.auth.join(', ')}` } : {}),
    parameters: parameters(def),
    ...(def.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: def.body } } } }
      : def.multipart
        ? {
            requestBody: {
              required: true,
              content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
            },
          }
        : {}),
    responses,
  };
}

/** OpenAPI 3.1 built from the same route definitions and schemas that validate requests. */
export function openApiDocument(defs: RouteDef[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const ids = new Set<string>();
  for (const def of defs) {
    // Generated clients name their methods after these: a duplicate or a malformed one must not ship.
    if (ids.has(def.operationId) || !/^[a-z][A-Za-z0-9]*$/.test(def.operationId)) throw new Error(`bad or duplicate operationId ${def.operationId}`);
    ids.add(def.operationId);
    const p = toOpenApiPath(def.path);
    paths[p] ??= {};
    paths[p][def.method] = operation(def);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Psychology practice API', version: '1.0.0', description: 'Event-sourced back end for psychology practices.' },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: errorSchema },
    },
    paths,
  };
}
