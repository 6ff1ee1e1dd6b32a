import { isUtf8 } from 'node:buffer';
import { errors } from '../platform/errors.ts';
import { jsonTooDeep, MAX_JSON_DEPTH, textProblem } from '../platform/json-guard.ts';

/**
 * The JSON of a chat SEND body, refused (400, reported like any invalid chat SEND) when it is not
 * UTF-8, holds NUL, nests deeper than MAX_JSON_DEPTH or carries a string that is not well-formed
 * Unicode. The depth is judged on the raw text, before JSON.parse or any recursive code sees it.
 */
export function parseChatBody(body: Buffer): unknown {
  // Buffer#toString would turn invalid bytes into U+FFFD silently: judge the bytes themselves.
  if (!isUtf8(body)) throw errors.invalid('El cuerpo no es texto UTF-8 válido', 'The body is not valid UTF-8 text');
  const text = body.toString('utf8');
  if (text.includes('\u0000')) throw errors.invalid('El cuerpo contiene el carácter NUL', 'The body holds a NUL character');
  if (jsonTooDeep(text)) {
    throw errors.invalid(`El JSON anida más de ${MAX_JSON_DEPTH} niveles`, `The JSON nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw errors.invalid('JSON mal formado o cuerpo no válido', 'Malformed JSON or invalid body');
  }
  // Escapes (\u0000, a lone \ud800) only become NUL or broken Unicode once parsed.
  const problem = textProblem(parsed);
  if (!problem) return parsed;
  const field = problem.path || 'cuerpo';
  if (problem.kind === 'nul') throw errors.invalid(`${field}: contiene el carácter NUL`, `${field}: holds a NUL character`);
  if (problem.kind === 'unicode') throw errors.invalid(`${field}: no es Unicode bien formado`, `${field}: is not well-formed Unicode`);
  throw errors.invalid(`El JSON anida más de ${MAX_JSON_DEPTH} niveles`, `The JSON nests deeper than ${MAX_JSON_DEPTH} levels`);
}
