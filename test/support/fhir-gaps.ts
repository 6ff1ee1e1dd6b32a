/**
 * What both validators let through although the spec forbids it (see the findings in
 * fhir-validate.ts). Two walks:
 *
 * - nestedInvariantMessages: Medplum's validateResource (4.5.2) evaluates the root resource's
 *   own invariants and those written on each element, but not the invariants of a data type used
 *   inside a resource (per-1 on Period, ref-1 on Reference, cpt-2 on ContactPoint, qty-3...) nor
 *   the resource invariants of a resource inside another (app-3 on an Appointment in a
 *   searchset Bundle). This walks with Medplum's own crawler and evaluates those invariants with
 *   Medplum's FHIRPath engine and definitions, as validateResource does for the root (same
 *   variables, same skipped keys): the rules are the spec's, not ours.
 * - jsonShapeMessages: the spec's JSON rules neither enforces (hl7.org/fhir/R4/json.html): no
 *   empty object, array or string (`subject: {}`, `name: []`, `family: ''` pass both), and
 *   Resource.id of the id type, [A-Za-z0-9-.]{1,64} (Medplum types it as a plain string, `fhir`
 *   tests an unanchored regex): an id composed of two UUIDs would pass both and break clients.
 */
import {
  crawlTypedValue,
  evalFhirPathTyped,
  toTypedValue,
  type Constraint,
  type InternalTypeSchema,
  type TypedValue,
} from '@medplum/core';

/** Skipped by Medplum's validateResource too (validation.ts, skippedConstraintKeys). */
const SKIPPED = new Set(['ele-1', 'dom-3', 'org-1', 'sdf-19']);
const ID = /^[A-Za-z0-9\-.]{1,64}$/;

function holds(constraint: Constraint, value: TypedValue, vars: Record<string, TypedValue>): true | string {
  try {
    const result = evalFhirPathTyped(constraint.expression, [value], { '%context': value, ...vars });
    // Empty means "does not apply": R4's ref-1 is empty on a display-only Reference, which the
    // spec allows (R5 spells it `reference.exists() implies ...`). Only an explicit false fails.
    if (result.length !== 1 || result[0].value !== false) return true;
    return `Constraint ${constraint.key} not met: ${constraint.description}`;
  } catch (err) {
    return `Error evaluating ${constraint.key}: ${(err as Error).message}`;
  }
}

/** Every failed error-severity invariant below the root, each with its path. */
export function nestedInvariantMessages(resource: object): string[] {
  const root = toTypedValue(resource);
  const resources: TypedValue[] = [];
  const messages: string[] = [];
  let depth = 0;
  crawlTypedValue(root, {
    onEnterResource: (_path, value) => void resources.push(toTypedValue(value.value)),
    onExitResource: () => void resources.pop(),
    onEnterObject: (path, value, schema: InternalTypeSchema) => {
      depth++;
      // The root is validateResource's job; backbone types (no kind) repeat their element's rules.
      if (depth === 1 || (schema.kind !== 'complex-type' && schema.kind !== 'resource')) return;
      const vars = {
        '%resource': resources[resources.length - 1],
        '%rootResource': root,
        '%ucum': toTypedValue('http://unitsofmeasure.org'),
      };
      for (const c of schema.constraints ?? []) {
        if (c.severity !== 'error' || SKIPPED.has(c.key)) continue;
        const result = holds(c, value, vars);
        if (result !== true) messages.push(`${value.path || path}: ${result}`);
      }
    },
    onExitObject: () => void depth--,
    visitProperty: () => undefined,
  });
  return messages;
}

/** Empty objects, arrays and strings anywhere, and ids of the wrong shape on any resource. */
export function jsonShapeMessages(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return value === '' ? [`${path}: empty string`] : [];
  if (typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value)) {
    if (value.length === 0) return [`${path}: empty array`];
    return value.flatMap((item, i) => jsonShapeMessages(item, `${path}[${i}]`));
  }
  const object = value as Record<string, unknown>;
  const here = path || String(object.resourceType ?? '');
  if (Object.keys(object).length === 0) return [`${here}: empty object`];
  const messages: string[] = [];
  if (typeof object.resourceType === 'string' && 'id' in object) {
    if (typeof object.id !== 'string' || !ID.test(object.id)) {
      messages.push(`${here}.id: invalid id ${JSON.stringify(object.id)} (1-64 of A-Za-z0-9-.)`);
    }
  }
  for (const [key, child] of Object.entries(object)) {
    messages.push(...jsonShapeMessages(child, `${here}.${key}`));
  }
  return messages;
}
