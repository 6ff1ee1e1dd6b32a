import pino from 'pino';

export type Logger = pino.Logger;

// Health data never goes into logs: request bodies are never logged, and these paths are redacted
// wherever an object reaches a log line by mistake.
const REDACT = [
  'password', '*.password', 'passwordHash', '*.passwordHash', 'token', '*.token',
  'req.headers.authorization', 'headers.authorization', 'body', '*.body', 'data', '*.data',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' }, base: undefined });
}
