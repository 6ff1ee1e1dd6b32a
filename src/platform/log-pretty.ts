// Log lines for a person at a terminal: time, level, message, then the other fields as key=value.
// A few lines instead of pino-pretty: no extra dependency and no worker thread, and only ever used on
// a TTY, where speed does not matter.
const LEVELS: Record<number, [string, string]> = {
  10: ['TRACE', '\x1b[90m'], 20: ['DEBUG', '\x1b[36m'], 30: ['INFO ', '\x1b[32m'],
  40: ['WARN ', '\x1b[33m'], 50: ['ERROR', '\x1b[31m'], 60: ['FATAL', '\x1b[41m'],
};

export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json);
  } catch {
    return json;
  }
  const { level, time, msg, ...rest } = entry;
  const [name, colour] = LEVELS[level as number] ?? [String(level), ''];
  const clock = new Date(typeof time === 'number' ? time : Date.now()).toISOString().slice(11, 23);
  const fields = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ');
  return `\x1b[90m${clock}\x1b[0m ${colour}${name}\x1b[0m ${msg ?? ''}${fields ? ` \x1b[90m${fields}\x1b[0m` : ''}\n`;
}

/** pino calls write once a line; passed straight on, so nothing waits in a buffer at process.exit. */
export function prettyStream(out: NodeJS.WritableStream): { write(line: string): void } {
  return { write: (line) => void out.write(prettyLine(line.trimEnd())) };
}
