import { Writable } from 'node:stream';
import { expect } from 'chai';
import pino from 'pino';
import type { Context } from 'koa';
import { requestLog } from '../../src/http/middleware.ts';

// A feed URL is its own credential: the request log shows where it went, never the secret.
describe('request log of a calendar feed', () => {
  it('writes /calendario/{secreto}.ics instead of the secret', async () => {
    const lines: string[] = [];
    const sink = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    const log = requestLog(pino({ level: 'info' }, sink));
    const secreto = 'q1w2e3r4t5y6u7i8o9p0aZq1w2e3r4t5y6u7i8o9p0a';
    const ctx = { get: () => '', set: () => undefined, state: {}, method: 'GET', path: `/calendario/${secreto}.ics`, status: 200 } as unknown as Context;
    await log(ctx, async () => undefined);
    expect(lines).to.have.length(1);
    expect(JSON.parse(lines[0]).path).to.equal('/calendario/{secreto}.ics');
    expect(lines[0]).not.to.include(secreto);
  });
});
