// Request bodies for the fuzz run: valid ones from the operation's schema and hostile ones at every
// layer a body passes through (content type, parser, nesting and Unicode guards, schema, handler).
import { hostileValue, nestedJson, nestedValue, RAW_DEEP, RAW_NUMBER, RAW_NUMBERS, validValue, type Pools, type Rng, type Schema } from './generator.ts';

export type Payload =
  | { kind: 'text'; text: string; type?: string }
  | { kind: 'bytes'; bytes: Uint8Array; type: string }
  | { kind: 'form'; parts: { name: string; data: Uint8Array | string; filename?: string; type?: string }[] };

export interface BodyCase {
  payload?: Payload;
  label: string;
}

const json = (value: unknown, label: string, rng?: Rng): BodyCase => {
  let text = JSON.stringify(value);
  // JSON.stringify cannot write 1e400; the marker value becomes such a literal in the text.
  if (rng && text.includes(JSON.stringify(RAW_NUMBER))) text = text.split(JSON.stringify(RAW_NUMBER)).join(rng.pick(RAW_NUMBERS));
  text = text.split(JSON.stringify(RAW_DEEP)).join(nestedJson(10_000, 'array'));
  return { payload: { kind: 'text', text, type: 'application/json' }, label };
};
const raw = (text: string, label: string, type = 'application/json'): BodyCase => ({ payload: { kind: 'text', text, type }, label });

const MALFORMED = [
  '{', '{"a":', "{'a':1}", '{"a":1,}', 'nul', '{"a":1}garbage', '\uFEFF{}', '"\\ud800"', '{"a":"\\u0000"}', '{"a" 1}', '[1,2', '',
  '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}', '{"a":1,"a":2}', '{"\\ud800":1}', '{"\\u0000":1}',
];

/** UTF-8 that is not: a CESU-8 lone surrogate and a stray 0xFF byte inside a JSON string. */
function invalidUtf8(): Uint8Array {
  return Uint8Array.from([...Buffer.from('{"a":"'), 0xed, 0xa0, 0x80, 0xff, ...Buffer.from('"}')]);
}

function fieldHostile(schema: Schema, valid: Record<string, unknown>, rng: Rng): BodyCase {
  const props = Object.keys(schema.properties ?? {});
  if (props.length === 0) return json(hostileValue(schema, rng), 'hostile body', rng);
  const key = rng.pick(props);
  return json({ ...valid, [key]: hostileValue(schema.properties[key], rng) }, `hostile ${key}`, rng);
}

/** One JSON body for an operation whose requestBody is application/json with `schema`. */
export function jsonBody(schema: Schema, rng: Rng, pools: Pools): BodyCase {
  const valid = validValue(schema, rng, pools) as Record<string, unknown>;
  const required: string[] = schema.required ?? [];
  const roll = rng.next();
  if (roll < 0.35) return json(valid, 'valid');
  if (roll < 0.6) return fieldHostile(schema, valid, rng);
  if (roll < 0.66) {
    if (!required.length) return json({}, 'empty object');
    const drop = rng.pick(required);
    const { [drop]: _gone, ...rest } = valid;
    return json(rest, `missing ${drop}`);
  }
  if (roll < 0.7) return json({ ...valid, [rng.pick(['extra', 'idPaciente', 'rol', 'isAdmin', '__proto__'])]: 1 }, 'unknown field');
  if (roll < 0.74) return json(rng.pick([[], 'x', 1, null, true, [valid]]), 'wrong JSON type');
  if (roll < 0.79) return raw(rng.pick(MALFORMED), 'malformed JSON');
  if (roll < 0.85) {
    const depth = rng.pick([33, 40, 10_000]);
    if (rng.chance(0.5)) return raw(nestedJson(depth, rng.pick(['array', 'object'])), `nested ${depth} (raw)`);
    const key = rng.pick(Object.keys(schema.properties ?? { a: 1 }));
    return raw(JSON.stringify({ ...valid, [key]: null }).replace(`"${key}":null`, `"${key}":${nestedJson(depth, 'array')}`), `nested ${depth} in ${key}`);
  }
  if (roll < 0.88) return json({ ...valid, deep: nestedValue(40) }, 'nested 40 unknown field');
  if (roll < 0.94) {
    const text = JSON.stringify(valid);
    return rng.pick([
      raw(text, 'text/plain', 'text/plain'),
      raw(text, 'text/plain UTF-8', 'text/plain;charset=UTF-8'),
      raw('a=1&b=2', 'urlencoded', 'application/x-www-form-urlencoded'),
      raw('<a>1</a>', 'xml', 'application/xml'),
      raw(text, 'json latin1 charset', 'application/json; charset=latin1'),
      raw(text, 'json utf-16 charset', 'application/json; charset=utf-16'),
      raw(text, '+json media type', 'application/merge-patch+json'),
      { payload: { kind: 'form', parts: [{ name: 'json', data: text }] }, label: 'multipart instead of JSON' },
    ]);
  }
  if (roll < 0.97) return { label: 'no body' };
  if (roll < 0.985) return { payload: { kind: 'bytes', bytes: invalidUtf8(), type: 'application/json' }, label: 'invalid UTF-8' };
  return raw(`{"x":"${'a'.repeat(1_100_000)}"}`, 'over 1 MiB');
}

/** A body sent where the operation takes none: a stray JSON object or a stray text. */
export function strayBody(rng: Rng): BodyCase {
  return rng.pick([raw('{"x":1}', 'stray JSON body'), raw('x', 'stray text body', 'text/plain'), raw('{', 'stray malformed JSON')]);
}

/** Bodies for the photo upload (multipart/form-data, one part `file`). */
export function multipartBody(rng: Rng, png: Uint8Array, valid = false): BodyCase {
  const file = (data: Uint8Array | string, filename = 'foto.png', type = 'image/png') => ({ name: 'file', data, filename, type });
  const form = (label: string, ...parts: Extract<Payload, { kind: 'form' }>['parts']): BodyCase => ({ payload: { kind: 'form', parts }, label });
  if (valid) return form('valid PNG', file(png));
  return rng.pick([
    form('valid PNG', file(png)),
    form('valid PNG', file(png, 'x.jpg', 'image/jpeg')),
    form('text named .png', file('esto no es una imagen')),
    form('empty file', file('')),
    form('truncated PNG', file(png.slice(0, 40))),
    form('two files', file(png), file(png)),
    form('extra field', file(png), { name: 'otro', data: 'x' }),
    form('other part name', { name: 'foto', data: png, filename: 'a.png', type: 'image/png' }),
    form('no parts'),
    { payload: { kind: 'text', text: '--xyz\r\ngarbage', type: 'multipart/form-data; boundary=xyz' }, label: 'broken multipart' },
    { payload: { kind: 'text', text: 'garbage', type: 'multipart/form-data' }, label: 'multipart without boundary' },
    raw('{"file":"x"}', 'JSON instead of multipart'),
    { label: 'no body' },
  ]);
}

/** The payload as fetch takes it; a fresh FormData each time. */
export function toFetchBody(payload: Payload): { body: NonNullable<RequestInit['body']>; type?: string } {
  if (payload.kind === 'text') return { body: payload.text, type: payload.type };
  if (payload.kind === 'bytes') return { body: payload.bytes, type: payload.type };
  const form = new FormData();
  for (const p of payload.parts) {
    if (p.filename === undefined && typeof p.data === 'string') form.append(p.name, p.data);
    else form.append(p.name, new Blob([p.data], { type: p.type }), p.filename);
  }
  return { body: form };
}

export function preview(payload?: Payload): string {
  if (!payload) return '(no body)';
  const cut = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}… (${s.length} chars)` : s);
  if (payload.kind === 'text') return `${payload.type ?? '(no type)'} ${cut(JSON.stringify(payload.text))}`;
  if (payload.kind === 'bytes') return `${payload.type} ${payload.bytes.length} bytes`;
  return `multipart [${payload.parts.map((p) => `${p.name}${p.filename ? `=${p.filename}` : ''}`).join(', ')}]`;
}
