import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import sharp from 'sharp';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, expectSession, pacienteBody, psicologoBody, type Res } from '../http/helpers.ts';

// formidable names its temporary files with a 25-character cuid2 in the OS temp folder.
const FORMIDABLE_TEMP = /^[a-z][a-z0-9]{24}$/;
const tempUploads = () => new Set(readdirSync(tmpdir()).filter((n) => FORMIDABLE_TEMP.test(n)));
const MiB = 1024 * 1024;

interface Part { data: Buffer | string; name: string; type: string }

describe('psychologist profile photo', () => {
  let srv: TestServer;
  let admin: string;
  let psi: { token: string; idPsicologo: number };
  let otro: { token: string; idPsicologo: number };
  let paciente: string;
  let tempBefore: Set<string>;
  let png: Buffer;
  let jpeg: Buffer;
  let current: string;

  async function upload(idPsicologo: number | string, opts: { token?: string; files?: Record<string, Part>; fields?: Record<string, string> }): Promise<Res> {
    const form = new FormData();
    for (const [k, f] of Object.entries(opts.files ?? {})) form.append(k, new Blob([typeof f.data === 'string' ? f.data : new Uint8Array(f.data)], { type: f.type }), f.name);
    for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
    const headers: Record<string, string> = opts.token ? { Authorization: `Bearer ${opts.token}` } : {};
    const res = await fetch(`${srv.url}/api/psicologo/${idPsicologo}/foto`, { method: 'POST', headers, body: form });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : undefined };
  }
  const file = (data: Buffer | string, name = 'foto.png', type = 'image/png') => ({ file: { data, name, type } });
  const getFile = (url: string, token?: string) => fetch(`${srv.url}${url}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const filesDir = () => join(srv.config.dataDir, 'files');
  const stored = () => (existsSync(filesDir()) ? readdirSync(filesDir()) : []);
  const perfil = async () => (await srv.request('GET', `/api/psicologo/${psi.idPsicologo}/perfil`, { token: admin })).body;

  async function registerPsi() {
    const r = await srv.request('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody() });
    expectSession(r, 'PSICOLOGO');
    return { token: r.body.token as string, idPsicologo: r.body.idPsicologo as number };
  }

  before(async () => {
    tempBefore = tempUploads();
    srv = await startTestServer();
    admin = await srv.adminToken();
    psi = await registerPsi();
    otro = await registerPsi();
    const p = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody() });
    expectSession(p, 'PACIENTE');
    paciente = p.body.token;
    // Noise, so the compressed data is long and a cut lands inside it.
    png = await sharp(randomBytes(200 * 150 * 3), { raw: { width: 200, height: 150, channels: 3 } }).png().toBuffer();
    jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'CamaraSecreta', Model: 'Modelo-X' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 25/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '3/1 42/1 0/1' } })
      .toBuffer();
  });
  after(async () => { await srv?.stop(); });

  it('accepts a real PNG from the psychologist: 200 with the profile, and serves it to authenticated callers', async () => {
    const r = await upload(psi.idPsicologo, { token: psi.token, files: file(png) });
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.include({ idPsicologo: psi.idPsicologo });
    expect(r.body.fotoPerfilUrl).to.match(/^\/files\/[0-9a-f]{32}\.png$/);
    expect((await perfil()).fotoPerfilUrl).to.equal(r.body.fotoPerfilUrl);
    current = r.body.fotoPerfilUrl;
    for (const token of [paciente, otro.token, admin]) {
      const res = await getFile(current, token);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('image/png');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).to.deep.equal(['png', 200, 150]);
    }
  });

  it('GET /files/<name>: 401 without a token; a bad or unknown name is 404 (no path traversal)', async () => {
    expectError(await srv.request('GET', current), 401);
    for (const path of ['/files/..%2F..%2Fetc%2Fpasswd', '/files/..%2F.jwt_secret', `/files/${'A'.repeat(32)}.png`, `/files/${'a'.repeat(32)}.svg`, `/files/${'a'.repeat(32)}.png`, '/files/.%2E']) {
      expectError(await srv.request('GET', path, { token: admin }), 404);
    }
  });

  it('accepts a JPEG from an ADMIN, re-encoded without EXIF/GPS, and removes the replaced file', async () => {
    expect((await sharp(jpeg).metadata()).exif, 'the test input carries EXIF').to.be.instanceOf(Buffer);
    expect(jpeg.includes('CamaraSecreta')).to.equal(true);
    const r = await upload(psi.idPsicologo, { token: admin, files: file(jpeg, 'vacaciones.jpg', 'image/jpeg') });
    expect(r.status, r.text).to.equal(200);
    expect(r.body.fotoPerfilUrl).to.match(/^\/files\/[0-9a-f]{32}\.jpg$/);
    const res = await getFile(r.body.fotoPerfilUrl, paciente);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('image/jpeg');
    const served = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(served).metadata();
    expect(meta.format).to.equal('jpeg');
    expect(meta.exif).to.equal(undefined);
    expect([meta.width, meta.height], 'resized to fit 1024').to.deep.equal([1024, 768]);
    expect(served.includes('CamaraSecreta')).to.equal(false);
    expect(served.includes('Exif')).to.equal(false);
    expect((await getFile(current, admin)).status, 'the replaced photo is gone').to.equal(404);
    current = r.body.fotoPerfilUrl;
    expect(stored()).to.deep.equal([current.slice('/files/'.length)]);
  });

  it('accepts WebP too', async () => {
    const webp = await sharp(png).webp().toBuffer();
    const r = await upload(otro.idPsicologo, { token: otro.token, files: file(webp, 'x.bin', 'application/octet-stream') });
    expect(r.status, r.text).to.equal(200);
    expect(r.body.fotoPerfilUrl).to.match(/^\/files\/[0-9a-f]{32}\.webp$/);
  });

  it('rejects what is not a JPEG, PNG or WebP by content with 400, whatever the name or declared type', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
    const gif = await sharp(png).gif().toBuffer();
    const cases: Part[] = [
      { data: 'esto no es una imagen', name: 'foto.png', type: 'image/png' },
      { data: svg, name: 'foto.svg', type: 'image/svg+xml' },
      { data: svg, name: 'foto.png', type: 'image/png' },
      { data: png.subarray(0, Math.floor(png.length / 2)), name: 'cortada.png', type: 'image/png' },
      { data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), name: 'cortada.jpg', type: 'image/jpeg' },
      { data: Buffer.concat([png.subarray(0, 8), randomBytes(500)]), name: 'cabecera.png', type: 'image/png' },
      { data: gif, name: 'foto.gif', type: 'image/gif' },
    ];
    for (const part of cases) {
      expectError(await upload(psi.idPsicologo, { token: psi.token, files: { file: part } }), 400, 'El archivo no es una imagen JPEG, PNG o WebP válida');
    }
    expectError(await upload(psi.idPsicologo, { token: psi.token, files: file('', 'vacia.png') }), 400);
    expect((await perfil()).fotoPerfilUrl).to.equal(current);
  });

  it('rejects a file over 5 MiB with 413', async () => {
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(5 * MiB + 100)]);
    expectError(await upload(psi.idPsicologo, { token: psi.token, files: file(big) }), 413);
    expect((await perfil()).fotoPerfilUrl).to.equal(current);
  });

  it('rejects a missing part, another part name, or an extra field with 400, and JSON with 415', async () => {
    expectError(await upload(psi.idPsicologo, { token: psi.token }), 400);
    expectError(await upload(psi.idPsicologo, { token: psi.token, files: { foto: { data: png, name: 'a.png', type: 'image/png' } } }), 400);
    expectError(await upload(psi.idPsicologo, { token: psi.token, files: file(png), fields: { idPsicologo: String(otro.idPsicologo) } }), 400);
    expectError(await srv.request('POST', `/api/psicologo/${psi.idPsicologo}/foto`, { token: psi.token, body: { file: 'x' } }), 415);
    expect((await perfil()).fotoPerfilUrl).to.equal(current);
  });

  it("access: no token 401, a patient 403, another psychologist's profile 404, an unknown one 404", async () => {
    expectError(await upload(psi.idPsicologo, { files: file(png) }), 401);
    expectError(await upload(psi.idPsicologo, { token: paciente, files: file(png) }), 403);
    expectError(await upload(psi.idPsicologo, { token: otro.token, files: file(png) }), 404);
    expectError(await upload(999999, { token: admin, files: file(png) }), 404);
    expectError(await upload('abc', { token: admin, files: file(png) }), 400);
    expect((await perfil()).fotoPerfilUrl).to.equal(current);
  });

  it("deleting the profile removes its photo file", async () => {
    const fotoOtro = (await srv.request('GET', `/api/psicologo/${otro.idPsicologo}/perfil`, { token: admin })).body.fotoPerfilUrl;
    expect(stored()).to.include(fotoOtro.slice('/files/'.length));
    expect((await srv.request('DELETE', `/api/psicologo/${otro.idPsicologo}`, { token: admin })).status).to.equal(204);
    expect(stored()).to.deep.equal([current.slice('/files/'.length)]);
    expect((await getFile(fotoOtro, admin)).status).to.equal(404);
  });

  it('leaves no upload behind in the temp folder', async () => {
    // formidable unlinks a cut-off upload on the next tick; give it a moment.
    let left: string[] = [];
    for (let i = 0; i < 20; i++) {
      left = [...tempUploads()].filter((n) => !tempBefore.has(n));
      if (left.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(left).to.deep.equal([]);
  });
});
