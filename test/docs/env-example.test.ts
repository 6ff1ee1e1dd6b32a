import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { generateSignerKey } from '../../src/platform/audit/note.ts';

// .env.example is what `docker compose` reads once copied to .env (issue 31 item 10): a key set twice
// silently takes the last value (an empty ANALYTICS_PEPPER= undid the one the user filled in), and
// a header that does not name every required value sends the user to a refused start.

const text = readFileSync(join(import.meta.dirname, '../../.env.example'), 'utf8');
const lines = text.split('\n');

/** The variables production refuses to start without, asked of loadConfig itself one refusal at a time. */
function requiredInProduction(): string[] {
  const dataDir = mkdtempSync(join(tmpdir(), 'env-example-'));
  const env: Record<string, string> = { NODE_ENV: 'production', DATA_DIR: dataDir };
  const required: string[] = [];
  try {
    for (let i = 0; i < 20; i++) {
      try {
        loadConfig(env);
        return required;
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        const names = /^([A-Z_]+(?: and [A-Z_]+)*) (?:is|are) required in production/.exec(err.message)?.[1]?.split(' and ');
        if (!names) throw err;
        for (const name of names) {
          required.push(name);
          env[name] = name === 'AUDIT_SIGNING_KEY' ? generateSignerKey('clinic.example/audit') : name === 'DATABASE_URL' ? 'postgres://x@localhost/x' : 'x'.repeat(48);
        }
      }
    }
    throw new Error(`loadConfig still refuses after ${required.join(', ')}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('.env.example', () => {
  it('sets every key at most once (the last one would win)', () => {
    const keys = lines.map((l) => /^([A-Z][A-Z0-9_]*)=/.exec(l)?.[1]).filter((k): k is string => !!k);
    const twice = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(twice, 'keys set more than once').to.deep.equal([]);
    expect(keys).to.include('JWT_SECRET');
  });

  it('names in its header every value production requires, and the count it says', () => {
    const required = requiredInProduction();
    expect(required).to.include.members(['MASTER_KEY', 'JWT_SECRET', 'DATABASE_URL']);
    const header = lines.slice(0, lines.indexOf('')).join('\n');
    for (const name of required) expect(header, name).to.match(new RegExp(`\\b${name}\\b`));
    // The values the user must fill in are those left empty here: the header says how many.
    const empty = required.filter((name) => lines.includes(`${name}=`));
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven'];
    expect(header).to.include(`fill in the ${words[empty.length]} empty`);
    // The rest have a value here or in docker-compose.yml: none is left out altogether.
    const compose = readFileSync(join(import.meta.dirname, '../../docker-compose.yml'), 'utf8');
    for (const name of required.filter((n) => !empty.includes(n))) {
      const given = lines.some((l) => l.startsWith(`${name}=`) && l.length > name.length + 1) || new RegExp(`^ +${name}: \\S`, 'm').test(compose);
      expect(given, `${name} has a value in .env.example or docker-compose.yml`).to.equal(true);
    }
  });
});
