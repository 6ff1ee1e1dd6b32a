import { FHIR_TIPOS } from '../../../commands/cliente-fhir-rules.ts';

// SMART system scopes of a read-only API: `system/<Type|*>.read` (v1) and `.rs` (v2, read and
// search) grant the same thing here. A request is narrowed to what the client was registered for.
// Psychotherapy notes (DocumentReference) are the exception to `*`: a wildcard, registered or
// asked, never covers them; only a registration naming DocumentReference itself grants them.

interface Scope {
  type: string;
  suffix: 'read' | 'rs';
}

/** The type of the psychotherapy notes, which `*` never covers. */
export const NOTAS = 'DocumentReference';

const SCOPE = /^system\/(\*|[A-Za-z]+)\.(read|rs)$/;
const TIPOS = new Set<string>(FHIR_TIPOS);

function parse(scope: string): Scope | null {
  const m = SCOPE.exec(scope);
  if (!m || (m[1] !== '*' && !TIPOS.has(m[1]))) return null;
  return { type: m[1], suffix: m[2] as Scope['suffix'] };
}

/** What a requested scope and an allowed one both permit, in the requested form; null when nothing. */
function meet(requested: Scope, allowed: Scope): string | null {
  const type = requested.type === '*' || requested.type === allowed.type ? allowed.type
    : allowed.type === '*' && requested.type !== NOTAS ? requested.type : null;
  return type === null ? null : `system/${type}.${requested.suffix}`;
}

/**
 * Requested ∩ allowed, each once, in the request's order. Scopes not understood (another context,
 * a write) are left out, not refused: the server may grant less than asked (SMART App Launch 2).
 */
export function grantScopes(requested: string, allowed: readonly string[]): string[] {
  const permitted = allowed.map(parse).filter((s): s is Scope => s !== null);
  const granted = new Set<string>();
  for (const word of requested.split(' ').filter(Boolean)) {
    const asked = parse(word);
    if (!asked) continue;
    for (const p of permitted) {
      const g = meet(asked, p);
      if (g) granted.add(g);
    }
  }
  // system/Patient.read says nothing system/*.read does not; system/DocumentReference.read does.
  return [...granted].filter((g) => {
    const { type, suffix } = parse(g)!;
    return type === '*' || type === NOTAS || !granted.has(`system/*.${suffix}`);
  });
}

/** Whether granted scopes hand out psychotherapy notes: only a scope naming DocumentReference does. */
export function grantsNotes(scopes: readonly string[]): boolean {
  return scopes.some((sc) => parse(sc)?.type === NOTAS);
}

/** The resource types granted scopes open: all, or these. */
export function scopeTypes(scopes: readonly string[]): 'all' | Set<string> {
  const types = new Set<string>();
  for (const sc of scopes) {
    const s = parse(sc);
    if (s?.type === '*') return 'all';
    if (s) types.add(s.type);
  }
  return types;
}
