import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect } from 'chai';
import { loadLimits, type Limits } from '../../src/platform/limits.ts';

// The limits a client can run into are told where an operator and a client developer look: every
// variable of src/platform/limits.ts in docs/limits.md's table with its default, and the README's
// summary naming each cap per user and per patient. The README once left out the device cap and
// still said a push went to every registered device.

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8');

/** `field → VARIABLE` for every limit read through `int(env, 'VARIABLE', ...)` or `flag(env, 'VARIABLE')`. */
function variables(): Map<keyof Limits, string> {
  const source = read('src/platform/limits.ts');
  const found = [...source.matchAll(/(\w+): (?:int|flag)\(env, '([A-Z_]+)'/g)].map(([, field, name]) => [field as keyof Limits, name] as const);
  expect(found.length).to.be.greaterThan(15);
  return new Map(found);
}

/** The README's paragraph that starts "Limits (every one with its variable and default ...". */
function readmeSummary(): string {
  const readme = read('README.md');
  const start = readme.indexOf('Limits (every one with its variable and default');
  expect(start, 'README limits summary').to.be.greaterThan(-1);
  return readme.slice(start, readme.indexOf('\n\n', start)).replace(/\s+/g, ' ');
}

describe('docs: the limits are documented where they are looked for', () => {
  it('docs/limits.md has a row for every variable of src/platform/limits.ts, with its default', () => {
    const doc = read('docs/limits.md');
    const defaults = loadLimits({});
    for (const [field, name] of variables()) {
      const row = doc.split('\n').find((l) => l.startsWith(`| \`${name}\` |`));
      expect(row, name).to.be.a('string');
      const value = defaults[field];
      if (typeof value === 'number') expect(row, name).to.include(`| \`${value}\``);
    }
  });

  it('the README summary names every cap per user and per patient, and the token length', () => {
    const summary = readmeSummary();
    const caps = [...variables().values()].filter((n) => /PER_USER|^PATIENT_|_PER_(MINUTE|HOUR)$/.test(n));
    expect(caps).to.include.members(['MAX_DEVICE_TOKENS_PER_USER', 'STOMP_SESSIONS_PER_USER', 'PATIENT_MAX_FUTURE_APPOINTMENTS_UNASSIGNED']);
    for (const name of caps) expect(summary, name).to.include(`\`${name}\``);
    expect(summary).to.match(/token of at most 512 characters/);
  });

  it('the README does not promise a push to every registered device (the newest MAX_DEVICE_TOKENS_PER_USER only)', () => {
    const readme = read('README.md').replace(/\s+/g, ' ');
    expect(readme).to.not.match(/every registered device/);
    expect(readme).to.match(/newest `MAX_DEVICE_TOKENS_PER_USER` \(10\) registered devices/);
  });
});
