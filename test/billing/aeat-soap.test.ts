import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { expect } from 'chai';
import { erroresEsquema, hayXmllint } from '../../src/platform/verifactu/aeat-fake.ts';
import { NS_SOAP_11 } from '../../src/platform/verifactu/aeat-mensaje.ts';
import { SoapAeatSubmitter, type CertificadoCliente } from '../../src/platform/verifactu/aeat-soap.ts';
import { AeatError, type Lote } from '../../src/platform/verifactu/aeat-tipos.ts';
import { altas, EMISOR, SISTEMA } from './aeat-datos.ts';

// The real adapter against a local HTTPS server that, like AEAT, demands a client certificate
// (mutual TLS on loopback; certificates made by openssl for the test), and answers as AEAT's
// RespuestaSuministro.xsd shapes it: RespuestaRegFactuSistemaFacturacion, or a SOAP Fault.

const hasOpenssl = !spawnSync('openssl', ['version']).error;
const NS_R = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd';
const NS_I = 'https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd';

const linea = (num: string, estado: string, error?: [string, string]) =>
  `<tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>${EMISOR.nif}</tik:IDEmisorFactura><tik:NumSerieFactura>${num}</tik:NumSerieFactura>`
  + '<tik:FechaExpedicionFactura>10-03-2026</tik:FechaExpedicionFactura></tikR:IDFactura>'
  + `<tikR:Operacion><tik:TipoOperacion>Alta</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>${estado}</tikR:EstadoRegistro>`
  + (error ? `<tikR:CodigoErrorRegistro>${error[0]}</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>${error[1]}</tikR:DescripcionErrorRegistro>` : '')
  + '</tikR:RespuestaLinea>';

const RESPUESTA = `<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="${NS_SOAP_11}"><env:Header/><env:Body>`
  + `<tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="${NS_R}" xmlns:tik="${NS_I}">`
  + '<tikR:CSV>A-YCZYSAKY7R4EEH</tikR:CSV>'
  + `<tikR:DatosPresentacion><tik:NIFPresentador>${EMISOR.nif}</tik:NIFPresentador><tik:TimestampPresentacion>2026-03-10T10:00:05+01:00</tik:TimestampPresentacion></tikR:DatosPresentacion>`
  + `<tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>Consulta Peña &amp; Asociados</tik:NombreRazon><tik:NIF>${EMISOR.nif}</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>`
  + '<tikR:TiempoEsperaEnvio>90</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>ParcialmenteCorrecto</tikR:EstadoEnvio>'
  + linea('A-2026/0001', 'Correcto')
  + linea('A-2026/0002', 'AceptadoConErrores', ['2004', 'El valor del campo FechaHoraHusoGenRegistro &lt;no&gt; es correcto'])
  + linea('A-2026/0003', 'Incorrecto', ['1100', 'Valor o tipo incorrecto del campo: NIF'])
  + '</tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>';

const fault = (code: string, texto: string) =>
  `<env:Envelope xmlns:env="${NS_SOAP_11}"><env:Body><env:Fault><faultcode>env:${code}</faultcode><faultstring>${texto}</faultstring></env:Fault></env:Body></env:Envelope>`;

type Modo = 'ok' | 'fault-server' | 'fault-client' | '503' | '403' | 'basura' | 'mudo';

describe('AEAT SOAP adapter (mutual TLS on loopback)', function () {
  let dir: string;
  let server: Server;
  let url: string;
  let modo: Modo = 'ok';
  let recibidos: { body: string; soapAction: string | undefined; cn: string | undefined }[] = [];
  const file = (name: string) => readFileSync(join(dir, name));

  before(function () {
    if (!hasOpenssl) this.skip();
    this.timeout(60_000);
    dir = mkdtempSync(join(tmpdir(), 'aeat-tls-'));
    const ssl = (...args: string[]) => {
      const r = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`openssl ${args.join(' ')}: ${r.stderr}`);
    };
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    ssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-subj', '/CN=Test AEAT CA', '-days', '2');
    writeFileSync(join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1\n');
    for (const [name, cn, ext] of [['srv', '127.0.0.1', ['-extfile', 'san.ext']], ['cli', EMISOR.nif, []], ['otro', 'Not trusted', []]] as const) {
      ssl('req', ...ec, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${cn}`);
      // The untrusted client signs its own certificate: the server must turn it away.
      if (name === 'otro') ssl('x509', '-req', '-in', 'otro.csr', '-signkey', 'otro.key', '-out', 'otro.crt', '-days', '2');
      else ssl('x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', '2', ...ext);
    }
    ssl('pkcs12', '-export', '-in', 'cli.crt', '-inkey', 'cli.key', '-out', 'cli.p12', '-passout', 'pass:secreto 1');
  });

  before(async function () {
    if (!hasOpenssl) this.skip();
    server = createServer({ key: file('srv.key'), cert: file('srv.crt'), ca: file('ca.crt'), requestCert: true, rejectUnauthorized: true }, (req, res) => {
      const partes: Buffer[] = [];
      req.on('data', (b: Buffer) => partes.push(b));
      req.on('end', () => {
        const cn = (req.socket as TLSSocket).getPeerCertificate().subject?.CN;
        recibidos.push({ body: Buffer.concat(partes).toString('utf8'), soapAction: req.headers.soapaction as string | undefined, cn: Array.isArray(cn) ? cn[0] : cn });
        if (modo === 'mudo') return; // never answers
        const [status, body] = modo === 'ok' ? [200, RESPUESTA]
          : modo === 'fault-server' ? [500, fault('Server', 'Codigo[-1].Error interno')]
            : modo === 'fault-client' ? [500, fault('Client', 'Codigo[4102].El XML no cumple el esquema. Falta informar campo obligatorio.: NIF')]
              : modo === '403' ? [403, '<html>Forbidden</html>']
                : modo === 'basura' ? [200, '<html><body>Mantenimiento</body></html>']
                  : [503, 'Service Unavailable'];
        res.writeHead(status, { 'Content-Type': 'text/xml; charset=utf-8' }).end(body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP`;
  });

  beforeEach(() => { modo = 'ok'; recibidos = []; });

  after(async () => {
    if (server) { server.closeAllConnections(); await new Promise((r) => server.close(r)); }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const lote: Lote = { obligado: EMISOR, sistema: SISTEMA, registros: altas(3) };
  const p12 = (): CertificadoCliente => ({ pfx: file('cli.p12'), passphrase: 'secreto 1' });
  const adapter = (certificado: CertificadoCliente, timeoutMs = 10_000) => new SoapAeatSubmitter({ endpoint: url, certificado, ca: file('ca.crt'), timeoutMs });
  const fallo = async (p: Promise<unknown>): Promise<AeatError> => {
    try { await p; } catch (err) { expect(err).to.be.instanceOf(AeatError); return err as AeatError; }
    throw new Error('expected the submission to fail');
  };

  it('posts the lote in a SOAP 1.1 envelope with the PKCS#12 certificate, and reads each record\'s answer', async () => {
    const r = await adapter(p12()).submit(lote);
    expect(recibidos).to.have.length(1);
    expect(recibidos[0].cn).to.equal(EMISOR.nif);
    expect(recibidos[0].soapAction).to.equal('""');
    const body = recibidos[0].body;
    expect(body).to.match(new RegExp(`^<\\?xml[^>]*>\\s*<soapenv:Envelope xmlns:soapenv="${NS_SOAP_11}"><soapenv:Header/><soapenv:Body><sum:RegFactuSistemaFacturacion `));
    if (hayXmllint()) {
      const documento = body.replace(/^[\s\S]*<soapenv:Body>/, '').replace(/<\/soapenv:Body>[\s\S]*$/, '');
      expect(erroresEsquema(documento)).to.equal(null);
    }
    expect(r.csv).to.equal('A-YCZYSAKY7R4EEH');
    expect(r.estadoEnvio).to.equal('ParcialmenteCorrecto');
    expect(r.tiempoEsperaSegundos).to.equal(90);
    expect(r.registros.map((x) => [x.idFactura.numSerie, x.idFactura.fechaExpedicion, x.operacion, x.estado, x.codigoError])).to.deep.equal([
      ['A-2026/0001', '2026-03-10', 'Alta', 'Correcto', null],
      ['A-2026/0002', '2026-03-10', 'Alta', 'AceptadoConErrores', '2004'],
      ['A-2026/0003', '2026-03-10', 'Alta', 'Incorrecto', '1100'],
    ]);
    expect(r.registros[1].descripcionError).to.equal('El valor del campo FechaHoraHusoGenRegistro <no> es correcto');
  });

  it('authenticates with a PEM certificate and key just the same', async () => {
    const r = await adapter({ cert: file('cli.crt'), key: file('cli.key') }).submit(lote);
    expect(recibidos[0].cn).to.equal(EMISOR.nif);
    expect(r.registros).to.have.length(3);
  });

  it('a certificate the server (like AEAT) does not trust is turned away in the handshake: nothing is posted', async () => {
    // Under TLS 1.3 the refusal arrives after the client's side of the handshake, as a reset the
    // client cannot tell from a network one: retried with the growing wait, and reported.
    const e = await fallo(adapter({ cert: file('otro.crt'), key: file('otro.key') }).submit(lote));
    expect(recibidos).to.have.length(0);
    expect(e.message).to.match(/^AEAT/);
  });

  it('a wrong PKCS#12 password is a configuration error, not something to retry', async () => {
    const e = await fallo(adapter({ pfx: file('cli.p12'), passphrase: 'no' }).submit(lote));
    expect(e.causa).to.equal('configuracion');
    expect(e.reintentable).to.equal(false);
  });

  it('a Server SOAP Fault and a plain 503 are retryable; a Client Fault (AEAT refused the XML) is not', async () => {
    modo = 'fault-server';
    expect((await fallo(adapter(p12()).submit(lote))).reintentable).to.equal(true);
    modo = '503';
    const e503 = await fallo(adapter(p12()).submit(lote));
    expect([e503.reintentable, e503.codigo]).to.deep.equal([true, '503']);
    modo = 'fault-client';
    const cliente = await fallo(adapter(p12()).submit(lote));
    expect([cliente.reintentable, cliente.causa, cliente.codigo]).to.deep.equal([false, 'rechazo', '4102']);
  });

  it('a 200 that is not AEAT\'s answer is retried (whether AEAT kept the records is unknown); a 403 is configuration', async () => {
    modo = 'basura';
    expect((await fallo(adapter(p12()).submit(lote))).reintentable).to.equal(true);
    modo = '403';
    const e = await fallo(adapter(p12()).submit(lote));
    expect([e.causa, e.codigo]).to.deep.equal(['configuracion', '403']);
  });

  it('gives up on a silent server after its timeout, retryable; and an unreachable host is retryable', async () => {
    modo = 'mudo';
    const e = await fallo(adapter(p12(), 300).submit(lote));
    expect([e.reintentable, e.codigo]).to.deep.equal([true, 'ETIMEDOUT']);
    const cerrado = new SoapAeatSubmitter({ endpoint: 'https://127.0.0.1:1/x', certificado: p12(), ca: file('ca.crt'), timeoutMs: 5_000 });
    expect((await fallo(cerrado.submit(lote))).reintentable).to.equal(true);
  });

  it('refuses a lote of more than 1,000 records before any connection', async () => {
    const grande: Lote = { ...lote, registros: altas(1001) };
    let error: unknown;
    try { await adapter(p12()).submit(grande); } catch (err) { error = err; }
    expect(error).to.be.instanceOf(RangeError);
    expect(recibidos).to.have.length(0);
  });
});
