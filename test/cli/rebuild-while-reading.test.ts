import { expect } from 'chai';
import { startTestServer, ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from '../support/server.ts';
import { asignar, newPaciente, newPsicologo } from '../clinico/support.ts';
import { runCli, serverEnv } from './support.ts';

// The default rebuild fills copies beside the live tables and swaps them in: clients reading meanwhile
// (the listing, and the sign-in and token checks that read the users' read model) never see a gap.
describe('npm run -s projections:rebuild while clients read', function () {
  this.timeout(180_000);
  let srv: TestServer;

  before(async () => {
    srv = await startTestServer();
  });
  after(async () => {
    await srv?.stop();
  });

  it('every authenticated read answers 200 with the full list, every sign-in succeeds', async () => {
    const admin = await srv.adminToken();
    const psi = await newPsicologo(srv, admin);
    for (let i = 0; i < 6; i++) await asignar(srv, admin, (await newPaciente(srv)).idPaciente, psi.idPsicologo);
    const expected = (await srv.request('GET', '/api/pacientes/admin', { token: admin })).body;
    expect(expected).to.be.an('array').with.length.of.at.least(6);

    let done = false;
    const failures: string[] = [];
    let reads = 0;
    const reader = async () => {
      while (!done) {
        const r = await srv.request('GET', '/api/pacientes/admin', { token: admin });
        reads++;
        if (r.status !== 200) failures.push(`GET ${r.status} ${r.text}`);
        else if (JSON.stringify(r.body) !== JSON.stringify(expected)) failures.push(`GET answered ${r.body.length} of ${expected.length}`);
      }
    };
    const signer = async () => {
      while (!done) {
        const r = await srv.request('POST', '/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
        if (r.status !== 200) failures.push(`login ${r.status} ${r.text}`);
        await new Promise((res) => setTimeout(res, 50));
      }
    };
    const loops = [reader(), reader(), signer()];
    const rebuild = await runCli('rebuild-projections', [], serverEnv(srv), 120_000).finally(() => { done = true; });
    await Promise.all(loops);
    expect(rebuild.code, rebuild.stderr).to.equal(0);
    expect(reads).to.be.greaterThan(10);
    expect(failures.slice(0, 5), `${failures.length} failures of ${reads} reads`).to.deep.equal([]);
    expect(rebuild.stderr).to.include('Switched to the rebuilt tables');
  });
});
