import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, pacienteBody, uniqueEmail } from '../http/helpers.ts';
import { asignar, newCita, newPaciente } from '../notifications/support.ts';
import { newFirmante, PASSWORD, type Firmante } from '../clinico/firma-support.ts';
import { countBcryptRuns } from '../support/bcrypt-runs.ts';

// Issue 31, item 2: guesses sent all at once got past the account lockout, which was read before
// bcrypt and written after it (40 wrong signing passwords all 401, 100 wrong logins from 4
// addresses all 401, then the right one worked). Each check now reserves its attempt first, in one
// statement, so at most LOGIN_MAX_FAILURES wrong passwords are checked however many arrive at once;
// and signing counts per address like a login (AUTH_RATE_PER_MINUTE).

const MAX = 5;
const SIGNING_ADDRESSES = ['198.51.100.31', '198.51.100.32', '198.51.100.33', '198.51.100.34'];
const LOGIN_ADDRESSES = ['198.51.100.41', '198.51.100.42', '198.51.100.43', '198.51.100.44'];
const from = (address: string) => ({ 'X-Forwarded-For': address });
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

describe('account lockout under concurrent guesses (LOGIN_MAX_FAILURES, AUTH_RATE_PER_MINUTE)', () => {
  let srv: TestServer;
  let admin: string;
  let bcrypt: { runs: () => number };

  before(async () => {
    srv = await startTestServer({ env: { LOGIN_MAX_FAILURES: String(MAX), AUTH_RATE_PER_MINUTE: '30', TRUST_PROXY: 'true' } });
    admin = await srv.adminToken();
    bcrypt = countBcryptRuns(srv);
  });
  after(() => srv?.stop());

  /** A psychologist's own unsigned session record of a patient of theirs. */
  async function unsignedSesion(psi: Firmante, hour: string): Promise<number> {
    const p = await newPaciente(srv, 'Lucía');
    await asignar(srv, admin, p.idPaciente, psi.idPsicologo);
    const idCita = await newCita(srv, p.idPaciente, psi.idPsicologo, `2030-02-01T${hour}:00:00`);
    const body = { idCita, idPaciente: p.idPaciente, sessionDate: `2030-02-01T${hour}:00:00`, durationMinutes: 50, notas: 'Primera entrevista', recomendaciones: 'Registro diario' };
    const r = await srv.request('POST', '/api/psicologo/sesiones', { token: psi.token, body });
    expect(r.status, r.text).to.equal(201);
    return r.body.idSesion as number;
  }
  const firmar = (psi: Firmante, id: number, password: string, address: string) =>
    srv.request('POST', `/api/psicologo/sesiones/${id}/firma`, { token: psi.token, body: { password }, headers: from(address) });
  const firmaOf = async (psi: Firmante, id: number) => (await srv.request('GET', `/api/psicologo/sesiones/${id}`, { token: psi.token })).body.firma;

  it('40 wrong signing passwords at once: only LOGIN_MAX_FAILURES are checked, the rest 429, and the right one then cannot sign', async () => {
    const psi = await newFirmante(srv, admin, 'Elena');
    const id = await unsignedSesion(psi, '10');
    const runsBefore = bcrypt.runs();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => firmar(psi, id, `adivina${i}`, SIGNING_ADDRESSES[i % 4])));
    expect(tally(answers.map((r) => r.status))).to.deep.equal({ 401: MAX, 429: 40 - MAX });
    expect(bcrypt.runs() - runsBefore, 'passwords checked').to.equal(MAX);
    const right = await firmar(psi, id, PASSWORD, SIGNING_ADDRESSES[0]);
    expectError(right, 429);
    expect(Number(right.headers.get('retry-after'))).to.be.at.least(1);
    expect(await firmaOf(psi, id), 'nothing signed').to.equal(null);
    // The same account's login is locked too.
    expectError(await srv.request('POST', '/auth/login', { body: { email: psi.email, password: PASSWORD }, headers: from('198.51.100.35') }), 429);
  });

  it('100 wrong logins at once from 4 addresses: only LOGIN_MAX_FAILURES are checked, the rest 429, and the right one is refused', async () => {
    const email = uniqueEmail('asedio');
    expect((await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email, password: 'secreto123' }), headers: from('198.51.100.40') })).status).to.equal(200);
    const runsBefore = bcrypt.runs();
    const login = (password: string, address: string) => srv.request('POST', '/auth/login', { body: { email, password }, headers: from(address) });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(`adivina${i}`, LOGIN_ADDRESSES[i % 4])));
    expect(tally(answers.map((r) => r.status))).to.deep.equal({ 401: MAX, 429: 100 - MAX });
    expect(bcrypt.runs() - runsBefore, 'passwords checked').to.equal(MAX);
    expectError(await login('secreto123', LOGIN_ADDRESSES[0]), 429);
    // Another account logs in meanwhile: the lock is the account's, not the server's.
    const other = uniqueEmail('vecina');
    expect((await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email: other, password: 'secreto123' }), headers: from('198.51.100.45') })).status).to.equal(200);
    expect((await srv.request('POST', '/auth/login', { body: { email: other, password: 'secreto123' }, headers: from('198.51.100.45') })).status).to.equal(200);
  });

  it('a right password gives its reservation back: failures before a success do not add up to a lock', async () => {
    const email = uniqueEmail('despistada');
    expect((await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { email, password: 'secreto123' }), headers: from('198.51.100.50') })).status).to.equal(200);
    const login = (password: string) => srv.request('POST', '/auth/login', { body: { email, password }, headers: from('198.51.100.50') });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < MAX - 1; i++) expectError(await login('equivocada1'), 401);
      expect((await login('secreto123')).status, `round ${round}`).to.equal(200);
    }
  });

  it('counts signing requests per address like logins: past AUTH_RATE_PER_MINUTE a minute, 429 before any password is checked', async () => {
    const psi = await newFirmante(srv, admin, 'Rosa');
    const id = await unsignedSesion(psi, '12');
    const address = '198.51.100.60';
    // Requests that never reach a password (a record not found) spend the address's minute as well.
    for (let i = 0; i < 30; i++) expectError(await firmar(psi, 424242, PASSWORD, address), 404);
    const runsBefore = bcrypt.runs();
    const over = await firmar(psi, id, PASSWORD, address);
    expectError(over, 429);
    expect(Number(over.headers.get('retry-after'))).to.be.at.least(1);
    expect(bcrypt.runs(), 'no password checked').to.equal(runsBefore);
    expect(await firmaOf(psi, id)).to.equal(null);
    // From another address the psychologist signs.
    expect((await firmar(psi, id, PASSWORD, '198.51.100.61')).status).to.equal(201);
  });
});
