import type { AppDeps } from '../deps.ts';
import type { RouteDef } from '../routes.ts';
import { named, s } from '../validation.ts';
import { queryInteger } from '../query-integer.ts';
import { AUDIT_READERS } from '../auditor-access.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { consistencyBetween, inclusionOf, latestSignedCheckpoint, verifierKeys } from '../../queries/audit-log.ts';

// The tamper-evident log (docs/audit.md): RFC 9162 proofs over the events' leaves and checkpoints
// in the c2sp.org/tlog-checkpoint signed-note format. ADMIN and AUDITOR.

const TAG = 'Registro verificable';
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const SIZE = '^(0|[1-9][0-9]{0,14})$';
const b64 = s.string({ description: 'Base64 (RFC 4648 §4)' });

const inclusionSchema = named('PruebaInclusion', s.object(
  {
    leafIndex: s.int({ minimum: 0 }), treeSize: s.int({ minimum: 1 }),
    leaf: { ...b64, description: 'Los bytes de la hoja (formato practice.audit.leaf/v1), en base64' },
    hashes: s.array(b64, { description: 'La ruta de inclusión de RFC 9162 §2.1.3, de la hoja a la raíz' }),
  },
  ['leafIndex', 'treeSize', 'leaf', 'hashes'],
));
const consistencySchema = named('PruebaConsistencia', s.object(
  { from: s.int({ minimum: 0 }), to: s.int({ minimum: 0 }), hashes: s.array(b64, { description: 'La prueba de consistencia de RFC 9162 §2.1.4' }) },
  ['from', 'to', 'hashes'],
));

/** A tree size in the query: up to 32 characters of text, read by size() below. */
const treeSizeQuery = (minimum: number, description: string) =>
  queryInteger({ minimum, maximum: 999_999_999_999_999 }, s.string({ maxLength: 32, description }));

function size(value: string, name: string): number {
  if (!new RegExp(SIZE).test(value)) {
    throw errors.invalid(`${name} debe ser un número entero de 0 a 999999999999999`, `${name} must be a whole number from 0 to 999999999999999`);
  }
  return Number(value);
}

const beyond = (current: number) =>
  errors.invalid(`El árbol tiene ${current} hojas: pida un tamaño de como máximo ${current}`, `The tree has ${current} leaves: ask for a size of at most ${current}`);

function text(ctx: { type: string; body: unknown }, body: string) {
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = body;
}

export function auditLogRoutes(deps: AppDeps): RouteDef[] {
  const { knex } = deps;
  return [
    {
      method: 'get', path: '/audit/v1/checkpoint', operationId: 'getAuditCheckpoint', tag: TAG, auth: AUDIT_READERS,
      summary: 'El último checkpoint firmado (nota firmada c2sp.org/tlog-checkpoint: origen, tamaño del árbol y raíz)',
      responses: { 200: { description: 'La nota firmada', schema: s.string(), contentType: 'text/plain' } },
      handler: async (ctx) => {
        const cp = await latestSignedCheckpoint(knex);
        if (!cp) throw new AppError(404, { es: 'Aún no hay ningún checkpoint firmado; vuelva a intentarlo en un segundo', en: 'No checkpoint is signed yet; retry in a second' });
        text(ctx, cp.note);
      },
    },
    {
      method: 'get', path: '/audit/v1/key', operationId: 'getAuditKey', tag: TAG, auth: AUDIT_READERS,
      summary: 'La clave de verificación del registro, en el formato de clave de verificación de las notas firmadas (nombre+id+base64)',
      responses: { 200: { description: 'La clave (sin salto de línea final)', schema: s.string(), contentType: 'text/plain' } },
      handler: async (ctx) => text(ctx, deps.config.audit.signer.text),
    },
    {
      method: 'get', path: '/audit/v1/keys', operationId: 'listAuditKeys', tag: TAG, auth: AUDIT_READERS,
      summary: 'Todas las claves que han firmado checkpoints (rotaciones incluidas), una por línea, la actual la última',
      responses: { 200: { description: 'Una clave por línea', schema: s.string(), contentType: 'text/plain' } },
      handler: async (ctx) => {
        const keys = await verifierKeys(knex);
        const current = deps.config.audit.signer.text;
        text(ctx, [...keys.filter((k) => k !== current), current].map((k) => `${k}\n`).join(''));
      },
    },
    {
      method: 'get', path: '/audit/v1/proof/inclusion', operationId: 'getAuditInclusionProof', tag: TAG, auth: AUDIT_READERS,
      summary: 'Prueba de inclusión del evento en el árbol de treeSize hojas (por defecto, el del último checkpoint firmado)',
      query: s.object({ eventId: s.string({ maxLength: 64, description: 'Id del evento (UUID)' }), treeSize: treeSizeQuery(1, 'Entero ≥ 1') }, ['eventId']),
      responses: { 200: { description: 'La prueba', schema: inclusionSchema } },
      handler: async (ctx, { query }) => {
        if (!new RegExp(UUID).test(query.eventId)) throw errors.invalid('eventId debe ser un UUID (8-4-4-4-12 dígitos hexadecimales)', 'eventId must be a UUID (8-4-4-4-12 hex digits)');
        const treeSize = query.treeSize === undefined ? undefined : size(query.treeSize, 'treeSize');
        if (treeSize === 0) throw errors.invalid('treeSize debe ser al menos 1', 'treeSize must be at least 1');
        const r = await inclusionOf(knex, query.eventId.toLowerCase(), treeSize);
        if (r.kind === 'tooLarge') throw beyond(r.size);
        if (r.kind === 'notInTree') {
          throw new AppError(404, {
            es: `El evento aún no está en el árbol de ${r.size} hojas (o no existe): vuelva a intentarlo en unos segundos`,
            en: `The event is not in the tree of ${r.size} leaves yet (or does not exist): retry in a few seconds`,
          });
        }
        ctx.body = r.proof;
      },
    },
    {
      method: 'get', path: '/audit/v1/proof/consistency', operationId: 'getAuditConsistencyProof', tag: TAG, auth: AUDIT_READERS,
      summary: 'Prueba de consistencia entre el árbol de from hojas y el de to hojas (from ≤ to)',
      query: s.object({ from: treeSizeQuery(0, 'Entero ≥ 0'), to: treeSizeQuery(0, 'Entero ≥ from') }, ['from', 'to']),
      responses: { 200: { description: 'La prueba', schema: consistencySchema } },
      handler: async (ctx, { query }) => {
        const [from, to] = [size(query.from, 'from'), size(query.to, 'to')];
        if (from > to) throw errors.invalid('from no puede ser mayor que to', 'from cannot be greater than to');
        const r = await consistencyBetween(knex, from, to);
        if (r.kind !== 'ok') throw beyond(r.size);
        ctx.body = r.proof;
      },
    },
  ];
}
