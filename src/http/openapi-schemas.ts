import { schemaName, type JsonSchema } from './validation.ts';
import { fieldDescription, fieldExample } from './openapi-text.ts';

const REF = '#/components/schemas/';

/**
 * Turns the validation schemas into the document's: every schema named with `named()` goes once
 * into components.schemas and is replaced by a $ref wherever it appears; every property gets the
 * description of its field and every integer its int32 range. Copies only: the route definitions
 * keep the inline objects ajv compiled.
 */
export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly sources = new Map<string, object>();

  constructor(fixed: Record<string, JsonSchema>) {
    for (const [name, schema] of Object.entries(fixed)) {
      this.sources.set(name, schema);
      this.schemas[name] = this.copy(schema);
    }
  }

  /** The document's form of `schema`: a $ref if it is named, else a copy with its parts converted. */
  use(schema: JsonSchema): JsonSchema {
    const name = schemaName(schema);
    if (name === undefined) return this.copy(schema);
    const source = this.sources.get(name);
    if (source !== undefined && source !== schema) throw new Error(`two different schemas named ${name}`);
    if (source === undefined) {
      this.sources.set(name, schema);
      this.schemas[name] = this.copy(schema);
    }
    return { $ref: `${REF}${name}` };
  }

  private copy(schema: JsonSchema): JsonSchema {
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties') out.properties = this.properties(value as Record<string, JsonSchema>);
      else if (key === 'items' || key === 'not' || key === 'additionalProperties') out[key] = isSchema(value) ? this.use(value) : value;
      else if (key === 'oneOf' || key === 'anyOf' || key === 'allOf') out[key] = (value as JsonSchema[]).map((s) => this.use(s));
      else out[key] = value;
    }
    // PostgreSQL integers: the document states the range that `s.int()` leaves implicit.
    if (isInteger(out) && out.format === undefined) out.format = 'int32';
    return out;
  }

  private properties(props: Record<string, JsonSchema>): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    for (const [field, schema] of Object.entries(props)) {
      const converted = this.use(schema);
      if (converted.$ref) {
        out[field] = converted;
        continue;
      }
      // Without an example a UI invents one from the pattern, which need not be a valid value.
      const example = converted.pattern !== undefined && converted.example === undefined ? fieldExample(field) : undefined;
      out[field] = { ...converted, description: converted.description ?? fieldDescription(field), ...(example === undefined ? {} : { example }) };
    }
    return out;
  }
}

const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInteger = (s: JsonSchema) => s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer'));
