// Checks an answer against the served OpenAPI 3.1 document: its status is documented for the
// operation, its content type is one documented for that status, and its body validates.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Schema } from './generator.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const DOC_ID = 'served-openapi.json';

/** JSON Pointer escaping of one segment. */
const seg = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const mediaType = (header: string | null) => (header ?? '').split(';')[0].trim().toLowerCase();
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

function matches(documented: string, actual: string): boolean {
  if (documented === actual || documented === '*/*') return true;
  return documented.endsWith('/*') && actual.startsWith(documented.slice(0, -1));
}

export interface Answer {
  status: number;
  contentType: string | null;
  text: string;
}

/** null when the answer is valid; else what is wrong, the kind first (it groups the report). */
export type Problem = { kind: string; detail: string } | null;

export function responseValidator(doc: Schema) {
  // The whole document is the schema resource, so $refs such as #/components/schemas/Error resolve in it.
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateSchema: false }));
  ajv.addFormat('binary', true);
  ajv.addSchema(doc, DOC_ID);
  const compiled = new Map<string, ValidateFunction>();

  function validatorFor(pointer: string): ValidateFunction {
    let fn = compiled.get(pointer);
    if (!fn) {
      fn = ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      compiled.set(pointer, fn);
    }
    return fn;
  }

  return function check(method: string, template: string, answer: Answer): Problem {
    const op = doc.paths[template]?.[method.toLowerCase()];
    if (!op) return { kind: 'operation not in the document', detail: `${method} ${template}` };
    if (answer.status >= 500) return { kind: '5xx', detail: answer.text.slice(0, 300) };
    const status = String(answer.status);
    const response = op.responses[status] ?? op.responses.default;
    if (!response) return { kind: 'undocumented status', detail: `documented: ${Object.keys(op.responses).join(', ')}; body: ${answer.text.slice(0, 200)}` };
    const content: Record<string, { schema?: Schema }> | undefined = response.content;
    if (!content) {
      return answer.text === '' ? null : { kind: 'body where none is documented', detail: answer.text.slice(0, 200) };
    }
    const actual = mediaType(answer.contentType);
    const documented = Object.keys(content).find((t) => matches(t.toLowerCase(), actual));
    if (documented === undefined) {
      return { kind: 'undocumented content type', detail: `${actual || '(none)'}; documented: ${Object.keys(content).join(', ')}` };
    }
    if (!content[documented].schema) return null;
    let value: unknown = answer.text;
    if (isJson(actual)) {
      try {
        value = JSON.parse(answer.text);
      } catch {
        return { kind: 'body is not JSON', detail: answer.text.slice(0, 200) };
      }
    } else if (!actual.startsWith('text/')) {
      return null; // binary (an image): nothing to validate beyond the documented type
    }
    const pointer = `/paths/${seg(template)}/${method.toLowerCase()}/responses/${status}/content/${seg(documented)}/schema`;
    const fn = validatorFor(pointer);
    if (fn(value)) return null;
    const errors = (fn.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    return { kind: 'body does not match the schema', detail: `${errors.join('; ')}; body: ${answer.text.slice(0, 200)}` };
  };
}
