import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { loadAeatConfig } from '../../src/platform/verifactu/aeat-config.ts';
import { AEAT_ENDPOINTS } from '../../src/platform/verifactu/aeat-soap.ts';

// AEAT submission settings: off by default; once on, a start without a usable client certificate
// is refused at once (not at the first submission, hours later).

const hasOpenssl = !spawnSync('openssl', ['version']).error;

describe('AEAT submission configuration', () => {
  let dir: string;
  before(function () {
    dir = mkdtempSync(join(tmpdir(), 'aeat-config-'));
    if (!hasOpenssl) return;
    const ssl = (...args: string[]) => {
      const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(r.stderr);
    };
    ssl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'k.pem', '-out', 'c.pem', '-subj', '/CN=B12345674', '-days', '2');
    ssl('pkcs12', '-export', '-in', 'c.pem', '-inkey', 'k.pem', '-out', 'c.p12', '-passout', 'pass:clave');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is off by default, pointed at AEAT\'s pre-production outside production and at production in it', () => {
    expect(loadAeatConfig({}, false)).to.deep.equal({ enviar: false, endpoint: AEAT_ENDPOINTS.test, certificado: null });
    expect(loadAeatConfig({}, true).endpoint).to.equal('https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
    expect(loadAeatConfig({ AEAT_ENDPOINT: 'test' }, true).endpoint).to.equal('https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP');
    expect(loadAeatConfig({ AEAT_ENDPOINT: 'https://proxy.example/aeat' }, false).endpoint).to.equal('https://proxy.example/aeat');
  });

  it('refuses to start with submission on and no certificate, in production and through loadConfig', () => {
    expect(() => loadAeatConfig({ VERIFACTU_SUBMIT: 'true' }, true)).to.throw(ConfigError, /VERIFACTU_SUBMIT=true needs .*AEAT_CERT_P12/);
    expect(() => loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, VERIFACTU_SUBMIT: 'true' })).to.throw(ConfigError, /AEAT_CERT_P12/);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }).aeat.enviar).to.equal(false);
  });

  it('refuses values it cannot use: a plain-http or unknown endpoint, a yes for true, both certificate forms, half a PEM pair', () => {
    expect(() => loadAeatConfig({ AEAT_ENDPOINT: 'http://prewww1.aeat.es/x' }, false)).to.throw(ConfigError, /AEAT_ENDPOINT/);
    expect(() => loadAeatConfig({ AEAT_ENDPOINT: 'pre' }, false)).to.throw(ConfigError, /AEAT_ENDPOINT/);
    expect(() => loadAeatConfig({ VERIFACTU_SUBMIT: 'yes' }, false)).to.throw(ConfigError, /VERIFACTU_SUBMIT/);
    expect(() => loadAeatConfig({ AEAT_CERT_P12: 'a.p12', AEAT_CERT_PEM: 'c.pem' }, false)).to.throw(ConfigError, /not both/);
    expect(() => loadAeatConfig({ AEAT_CERT_PEM: 'c.pem' }, false)).to.throw(ConfigError, /go together/);
    expect(() => loadAeatConfig({ AEAT_CERT_P12: join(dir, 'missing.p12') }, false)).to.throw(ConfigError, /AEAT_CERT_P12: cannot read .*ENOENT/);
  });

  it('loads a PKCS#12 with its password or a PEM pair (files or inline), and stops the start on a wrong password', function () {
    if (!hasOpenssl) this.skip();
    const p12 = loadAeatConfig({ VERIFACTU_SUBMIT: 'true', AEAT_CERT_P12: join(dir, 'c.p12'), AEAT_CERT_PASSWORD: 'clave' }, true);
    expect(p12.enviar).to.equal(true);
    expect(p12.certificado).to.have.property('pfx');
    const pem = loadAeatConfig({ VERIFACTU_SUBMIT: 'true', AEAT_CERT_PEM: join(dir, 'c.pem'), AEAT_KEY_PEM: readFileSync(join(dir, 'k.pem'), 'utf8') }, true);
    expect(pem.certificado).to.have.property('key').that.matches(/BEGIN PRIVATE KEY/);
    expect(() => loadAeatConfig({ VERIFACTU_SUBMIT: 'true', AEAT_CERT_P12: join(dir, 'c.p12'), AEAT_CERT_PASSWORD: 'otra' }, true))
      .to.throw(ConfigError, /certificate cannot be loaded \(AEAT_CERT_P12, AEAT_CERT_PASSWORD\)/);
    // The message names the variables, never the password.
    try { loadAeatConfig({ AEAT_CERT_P12: join(dir, 'c.p12'), AEAT_CERT_PASSWORD: 'otra' }, false); } catch (err) { expect((err as Error).message).to.not.contain('otra'); }
  });
});
