// Checks that run on every JSON a client sends (REST bodies and queries, STOMP frames) before any
// recursive code sees it. Both are loops, never recursion: a hostile document cannot exhaust the stack.

/** Deepest nesting a body may have (decisions.md "Limits"). */
export const MAX_JSON_DEPTH = 32;

/** True when the JSON text nests arrays/objects deeper than `max`; one pass over the text, strings skipped. */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

export type TextProblem = { path: string; kind: 'nul' | 'unicode' | 'depth' };

/**
 * The first string (value or key) that is not well-formed Unicode (a lone surrogate) or holds NUL,
 * which PostgreSQL cannot store and mail/JSON encoders reject; also a value nested deeper than `max`.
 */
export function textProblem(value: unknown, max = MAX_JSON_DEPTH): TextProblem | null {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const bad = badString(v);
      if (bad) return { path, kind: bad };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return { path, kind: 'depth' };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: `${path}[${i}]`, depth: depth + 1 });
      continue;
    }
    for (const [k, child] of Object.entries(v)) {
      const bad = badString(k);
      const childPath = path ? `${path}.${k}` : k;
      if (bad) return { path: path || 'cuerpo', kind: bad };
      stack.push({ v: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
}

function badString(s: string): 'nul' | 'unicode' | null {
  if (s.includes('\u0000')) return 'nul';
  return s.isWellFormed() ? null : 'unicode';
}
