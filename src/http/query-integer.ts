import { s, type JsonSchema } from './validation.ts';

// A query string is text, so these parameters are validated as text (ajv, no coercion) by a
// pattern of exactly their range; the OpenAPI document states them as the integers they are, so
// generated clients take numbers (`limit: 50`, serialised as `limit=50`), with that same range.

interface Range {
  minimum: number;
  maximum: number;
}

const INT32_MAX = 2_147_483_647;
const ranges = new WeakMap<JsonSchema, Range>();

/** `text` (a string schema), validated by the pattern of exactly `range` and documented as an integer in `range`. */
export function queryInteger(range: Range, text: JsonSchema): JsonSchema {
  // The pattern is the range itself, so the server refuses exactly what the document excludes.
  const exact = { ...text, ...s.intText(range.minimum, range.maximum), ...(text.example === undefined ? {} : { example: text.example }) };
  ranges.set(exact, range);
  return exact;
}

/** An id in the query (idPaciente): 1 to 2147483647, as the path ids. */
export const queryId = (): JsonSchema => queryInteger({ minimum: 1, maximum: INT32_MAX }, { type: 'string', example: '12' });

/** The document's form of a query parameter's schema: the integer it stands for, where it is one. */
export function documentedQuery(schema: JsonSchema): JsonSchema {
  const range = ranges.get(schema);
  if (!range) return schema;
  const { type: _type, pattern: _pattern, maxLength: _maxLength, example, ...rest } = schema;
  return {
    ...rest,
    type: 'integer',
    format: range.maximum > INT32_MAX ? 'int64' : 'int32',
    ...range,
    ...(example === undefined ? {} : { example: Number(example) }),
  };
}
