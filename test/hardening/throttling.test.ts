import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, pacienteBody, uniqueEmail } from '../http/helpers.ts';
import { newPaciente } from '../clinico/support.ts';
import { SharedLoginFailures, throttlePool } from '../../src/platform/throttle-shared.ts';
import { countBcryptRuns } from '../support/bcrypt-runs.ts';

const retryAfter = (r: { headers: Headers }) => Number(r.headers.get('retry-after'));

describe('throttling', () => {
  describe('failed logins of one account (LOGIN_MAX_FAILURES)', () => {
    let srv: TestServer;
    let bcrypt: { runs: () => number };
    before(async () => {
      srv = await startTestServer({ env: { LOGIN_MAX_FAILURES: '5' } });
      bcrypt = countBcryptRuns(srv);
    });
    after(() => srv?.stop());
    const login = (email: string, password: string) => srv.request('POST', '/auth/login', { body: { email, password } });

    it('answers 429 after 5 failures, without running bcrypt, and an attempt during the lock does not lengthen it; other accounts log in', async () => {
      const email = uniqueEmail('victim');
      expect((await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email, password: 'secreto123' }) })).status).to.equal(200);
      for (let i = 0; i < 5; i++) expectError(await login(email, 'wrong-pass1'), 401);
      const runsBefore = bcrypt.runs();
      const locked = await login(email, 'secreto123');
      expectError(locked, 429);
      const again = await login(email, 'wrong-pass1');
      expectError(again, 429);
      expect(retryAfter(locked)).to.be.at.least(1);
      expect(retryAfter(again)).to.be.at.most(retryAfter(locked));
      expect(bcrypt.runs(), 'bcrypt never ran for a locked account').to.equal(runsBefore);
      // Another account is not affected, and its success runs bcrypt as usual.
      const other = uniqueEmail('other');
      expect((await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email: other, password: 'secreto123' }) })).status).to.equal(200);
      expect((await login(other, 'secreto123')).status).to.equal(200);
    });

    it('checks at most 5 wrong passwords in any 15 minutes: the lock lasts until the oldest failure leaves the window, not 30 s', async () => {
      // The account's counters under a clock of the test's (the server's use the database's).
      let t = Date.UTC(2031, 5, 1);
      const pool = throttlePool(srv.db.url, (err) => { throw err; }, 2);
      const original = srv.deps.throttles.logins;
      srv.deps.throttles.logins = new SharedLoginFailures(pool, 5, 15 * 60_000, () => t);
      try {
        const email = uniqueEmail('paciente-sin-prisa');
        expect((await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email, password: 'secreto123' }) })).status).to.equal(200);
        const first = t;
        for (let i = 0; i < 5; i++, t += 1000) expectError(await login(email, `adivina${i}`), 401);
        const last = t - 1000;
        const runsBefore = bcrypt.runs();
        // 31 s after the lock (the old lock's end) and 5 minutes after: nothing is checked, the right password neither.
        for (const after of [31_000, 5 * 60_000]) {
          t = last + after;
          for (const password of ['adivina-otra', 'secreto123']) {
            const r = await login(email, password);
            expectError(r, 429);
            expect(retryAfter(r), `${after} ms after`).to.equal(Math.ceil((first + 15 * 60_000 - t) / 1000));
          }
        }
        expect(bcrypt.runs(), 'no password checked during the lock').to.equal(runsBefore);
        // Just after the oldest failure leaves the window, one more attempt is checked (and only one).
        t = first + 15 * 60_000 + 1;
        expectError(await login(email, 'adivina-otra'), 401);
        expect(bcrypt.runs() - runsBefore, 'checked').to.equal(1);
        expectError(await login(email, 'secreto123'), 429);
        // The next failure leaves the window: the right password is checked and clears the account.
        t = first + 1000 + 15 * 60_000 + 1;
        expect((await login(email, 'secreto123')).status).to.equal(200);
        for (let i = 0; i < 5; i++) expectError(await login(email, `adivina${i}`), 401);
        expectError(await login(email, 'secreto123'), 429);
      } finally {
        srv.deps.throttles.logins = original;
        await pool.end();
      }
    });
  });

  describe('per client address (AUTH_RATE_PER_MINUTE, REGISTRATIONS_PER_HOUR, TRUST_PROXY)', () => {
    let srv: TestServer;
    before(async () => {
      srv = await startTestServer({ env: { AUTH_RATE_PER_MINUTE: '4', REGISTRATIONS_PER_HOUR: '2', TRUST_PROXY: 'true' } });
    });
    after(() => srv?.stop());
    const from = (address: string) => ({ 'X-Forwarded-For': `203.0.113.9, ${address}` });

    it('limits registrations per hour from one address; nothing stored past the limit', async () => {
      const headers = from('198.51.100.1');
      for (let i = 0; i < 2; i++) expect((await srv.request('POST', '/auth/register-paciente', { body: pacienteBody(), headers })).status).to.equal(200);
      const email = uniqueEmail('third');
      const third = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email }), headers });
      expectError(third, 429);
      expect(retryAfter(third)).to.be.above(60);
      // The e-mail was not taken: from another address the same registration succeeds.
      expect((await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email }), headers: from('198.51.100.2') })).status).to.equal(200);
    });

    it('limits auth requests per minute from one address, by the proxy-appended X-Forwarded-For entry', async () => {
      const body = { email: 'nobody@example.com', password: 'whatever1' };
      for (let i = 0; i < 4; i++) expect((await srv.request('POST', '/auth/login', { body, headers: from('198.51.100.7') })).status).to.equal(404);
      expectError(await srv.request('POST', '/auth/login', { body, headers: from('198.51.100.7') }), 429);
      // A client cannot escape by forging the first entries: the last one is what the proxy saw.
      expectError(await srv.request('POST', '/auth/login', { body, headers: { 'X-Forwarded-For': '10.9.9.9, 198.51.100.7' } }), 429);
      expect((await srv.request('POST', '/auth/login', { body, headers: from('198.51.100.8') })).status).to.equal(404);
    });
  });

  describe("each user's writes (WRITES_PER_MINUTE, WRITE_BURST)", () => {
    let srv: TestServer;
    before(async () => {
      srv = await startTestServer({ env: { WRITES_PER_MINUTE: '60', WRITE_BURST: '5' } });
    });
    after(() => srv?.stop());

    it('answers 429 with Retry-After past the burst, stores nothing, and leaves reads and other users alone', async () => {
      const p = await newPaciente(srv);
      const write = (token: string) => srv.request('POST', '/api/diario-emocional', { token, body: { emocion: 'calma', intensidad: 4 } });
      for (let i = 0; i < 5; i++) expect((await write(p.token)).status).to.equal(201);
      const over = await write(p.token);
      expectError(over, 429);
      expect(retryAfter(over)).to.be.within(1, 2);
      const list = await srv.request('GET', '/api/diario-emocional', { token: p.token });
      expect(list.status).to.equal(200);
      expect(list.body).to.have.length(5);
      const other = await newPaciente(srv);
      expect((await write(other.token)).status).to.equal(201);
    });

    it('documents the 429 on every throttled operation of the OpenAPI document', async () => {
      const doc = (await srv.request('GET', '/v3/api-docs')).body;
      const ops = Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)
        .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
      const writes = ops.filter((o) => o.method !== 'get');
      expect(writes.length).to.be.above(30);
      for (const { path, method, op } of writes) expect(op.responses, `${method} ${path}`).to.have.property('429');
      expect(ops.find((o) => o.path === '/auth/login')!.op.responses['429']).to.have.nested.property('headers.Retry-After');
    });
  });
});
