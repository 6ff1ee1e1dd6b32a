import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError, type Res } from './helpers.ts';
import { asignar, at, book, newPaciente, newPsicologo, Y, type Paciente, type Psicologo } from '../citas/support.ts';

// decisions.md "Limits": every list takes limit (1-500, default 500) and an opaque cursor, stays a
// JSON array, and sends Link rel="next" while more remain.

const NEXT = /^<([^>]+)>; rel="next"$/;
const ORIGIN = 'https://app.example';

describe('paging of lists (limit, cursor, Link)', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;
  let psi: Psicologo;
  let pac: Paciente;

  const get = (path: string, token: string) => srv.request('GET', path, { token });
  const nextOf = (r: Res) => {
    const link = r.headers.get('link');
    if (link === null) return null;
    const m = NEXT.exec(link);
    expect(m, link).to.not.equal(null);
    return m![1];
  };

  /** Follows Link from `path` to the end; answers the pages. `between` runs after the first page. */
  async function walk(path: string, token: string, between?: () => Promise<void>): Promise<any[][]> {
    const pages: any[][] = [];
    for (let next: string | null = path; next !== null;) {
      const r = await get(next, token);
      expect(r.status, r.text).to.equal(200);
      expect(r.body).to.be.an('array');
      pages.push(r.body);
      next = nextOf(r);
      if (next) expect(next.split('?')[0]).to.equal(path.split('?')[0]);
      if (pages.length === 1 && between) await between();
      expect(pages.length).to.be.below(1000);
    }
    return pages;
  }

  /** Runs `n` calls of `task`, `width` at a time. */
  async function inParallel(n: number, width: number, task: (i: number) => Promise<void>) {
    let i = 0;
    await Promise.all(Array.from({ length: width }, async () => {
      while (i < n) await task(i++);
    }));
  }

  const send = (from: { token: string }, receiverId: number, mensaje: string, prefix = '/api/mensajes') =>
    srv.request('POST', prefix, { token: from.token, body: { receiverId, mensaje } }).then((r) => expect(r.status, r.text).to.equal(201));
  const diario = (p: Paciente, i: number) =>
    srv.request('POST', '/api/diario-emocional', { token: p.token, body: { emocion: 'Calma', intensidad: (i % 10) + 1 } })
      .then((r) => { expect(r.status, r.text).to.equal(201); return r.body.idDiario as number; });

  before(async () => {
    srv = await startTestServer({ env: { CORS_ORIGINS: ORIGIN } });
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    pac = await newPaciente(srv);
    await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
  });
  after(async () => { await srv?.stop(); });

  it('messages: pages by enviadoEn then id, every message once, no Link on the last page, one sent meanwhile included', async () => {
    for (let i = 0; i < 7; i++) await send(i % 2 ? psi : pac, i % 2 ? pac.idUsuario : psi.idUsuario, `m${i}`, i % 2 ? '/api/psicologo/mensajes' : '/api/mensajes');
    const all = (await get('/api/mensajes', pac.token)).body as any[];
    expect(all).to.have.length(7);
    const pages = await walk('/api/mensajes?limit=3', pac.token, async () => { await send(pac, psi.idUsuario, 'late'); });
    expect(pages.map((p) => p.length)).to.deep.equal([3, 3, 2]);
    const walked = pages.flat();
    expect(walked.map((m) => m.mensaje)).to.deep.equal([...all.map((m) => m.mensaje), 'late']);
    expect(new Set(walked.map((m) => m.idMensaje)).size).to.equal(8);
    const key = (m: any) => `${m.enviadoEn}#${String(m.idMensaje).padStart(10, '0')}`;
    expect(walked.map(key)).to.deep.equal([...walked.map(key)].sort());
    const last = await get('/api/mensajes?limit=8', pac.token);
    expect(last.body).to.have.length(8);
    expect(last.headers.get('link')).to.equal(null);
    for (const [path, token] of [['/api/psicologo/mensajes?limit=5', psi.token], ['/api/admin/mensajes?limit=1', admin]] as const) {
      expect((await walk(path, token)).flat().map((m) => m.idMensaje)).to.deep.equal(walked.map((m) => m.idMensaje));
    }
  });

  it('appointments: the three lists by idCita, and the month agenda (paged in memory) by fecha and horaInicio', async () => {
    const ids: number[] = [];
    for (const [d, h] of [['03-09', '10:00'], ['03-02', '12:00'], ['03-05', '09:00'], ['03-02', '09:00'], ['03-20', '16:00']]) {
      ids.push((await book(srv, pac, psi.idPsicologo, at(d, h))).idCita);
    }
    for (const [path, token] of [['/api/citas', pac.token], ['/api/psicologo/citas', psi.token], ['/api/admin/citas', admin]]) {
      const pages = await walk(`${path}?limit=2`, token);
      expect(pages.map((p) => p.length), path).to.deep.equal([2, 2, 1]);
      expect(pages.flat().map((c) => c.idCita), path).to.deep.equal(ids);
    }
    const agenda = await walk(`/api/psicologo/agenda?month=${Y}-03&limit=2`, psi.token);
    expect(agenda.flat().map((e) => `${e.fecha} ${e.horaInicio}`)).to.deep.equal(
      ['02 09:00', '02 12:00', '05 09:00', '09 10:00', '20 16:00'].map((s) => `${Y}-03-${s}`),
    );
    const own = await walk(`/api/citas/paciente/${pac.idPaciente}/agenda?month=${Y}-03&limit=4`, pac.token);
    expect(own.map((p) => p.length)).to.deep.equal([4, 1]);
  });

  it('diary: at most 500 without limit, with a Link to the rest; limit pages walk every entry once, one written meanwhile too; admin list', async () => {
    const ids: number[] = [];
    await inParallel(503, 8, async (i) => { ids.push(await diario(pac, i)); });
    ids.sort((a, b) => a - b);
    const first = await get('/api/diario-emocional', pac.token);
    expect(first.status).to.equal(200);
    expect(first.body).to.have.length(500);
    const rest = nextOf(first);
    expect(rest).to.match(/^\/api\/diario-emocional\?cursor=[\w-]+\.[\w-]+$/);
    const second = await get(rest!, pac.token);
    expect(second.body.map((e: any) => e.idDiario)).to.deep.equal(ids.slice(500));
    expect(second.headers.get('link')).to.equal(null);
    expect([...first.body, ...second.body].map((e: any) => e.idDiario)).to.deep.equal(ids);

    const pages = await walk('/api/diario-emocional?limit=120', pac.token, async () => { ids.push(await diario(pac, 0)); });
    expect(pages.map((p) => p.length)).to.deep.equal([120, 120, 120, 120, 24]);
    expect(pages.flat().map((e) => e.idDiario)).to.deep.equal(ids);
    const byPsi = await walk(`/api/psicologo/diario-emocional?idPaciente=${pac.idPaciente}&limit=250`, psi.token);
    expect(byPsi.flat().map((e) => e.idDiario)).to.deep.equal(ids);
    const all = await walk('/api/admin/diario-emocional?limit=500', admin);
    expect(all.map((p) => p.length)).to.deep.equal([500, 4]);
  });

  it('admin lists: patients, administrators and psychologists with their patients, by id', async () => {
    const more = [await newPaciente(srv), await newPaciente(srv), await newPaciente(srv)];
    const otros = [await newPsicologo(srv, admin), await newPsicologo(srv, admin)];
    await asignar(srv, admin, more[0].idPaciente, otros[1].idPsicologo);
    const pacientes = await walk('/api/pacientes/admin?limit=2', admin);
    expect(pacientes.flat().map((p) => p.idPaciente)).to.deep.equal([pac, ...more].map((p) => p.idPaciente));
    expect(pacientes.at(-1)).to.have.length(2);
    const conPacientes = (await walk('/api/admin/psicologos/pacientes?limit=1', admin)).flat();
    expect(conPacientes.map((p) => p.idPsicologo)).to.deep.equal([psi, ...otros].map((p) => p.idPsicologo));
    expect(conPacientes.map((p) => p.pacientes.map((x: any) => x.idPaciente))).to.deep.equal([[pac.idPaciente], [], [more[0].idPaciente]]);
    expect((await walk('/auth/admins?limit=1', admin)).flat()).to.have.length(1);
  });

  it('a bad limit or cursor is 400 with the spec body (es/en); the list still answers afterwards', async () => {
    for (const limit of ['0', '501', '-1', 'abc', '1.5', '', '050', '1e2']) {
      expectError(await get(`/api/diario-emocional?limit=${limit}`, pac.token), 400, 'limit debe ser un entero entre 1 y 500');
    }
    expectError(await get('/api/diario-emocional?limit=2&limit=3', pac.token), 400, /limit/);
    const en = await srv.request('GET', '/api/admin/citas?limit=0', { token: admin, headers: { 'Accept-Language': 'en' } });
    expectError(en, 400, 'limit must be an integer between 1 and 500');

    const good = nextOf(await get('/api/diario-emocional?limit=2', pac.token))!;
    const cursor = new URL(good, 'http://x').searchParams.get('cursor')!;
    const [payload, mac] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify([1])).toString('base64url');
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    for (const bad of ['x', 'abc.def', `${forged}.${mac}`, `${flip(payload)}.${mac}`, `${payload}.${flip(mac)}`, `${payload}.`, `${cursor}x`]) {
      expectError(await get(`/api/diario-emocional?cursor=${bad}`, pac.token), 400, /cursor/);
    }
    // A cursor is signed for its own list.
    expectError(await get(`/api/admin/diario-emocional?cursor=${cursor}`, admin), 400, /cursor/);
    expectError(await get(`/api/mensajes?cursor=${cursor}`, pac.token), 400, /cursor/);
    // Lists with their own query schema still refuse unknown parameters and check their own.
    expectError(await get(`/api/psicologo/diario-emocional?idPaciente=${pac.idPaciente}&page=2`, psi.token), 400, /page/);
    expectError(await get('/api/psicologo/diario-emocional?limit=5', psi.token), 400, /idPaciente/);
    const ok = await get(good, pac.token);
    expect(ok.status).to.equal(200);
    expect(ok.body).to.have.length(2);
  });

  it('documents limit, cursor and the Link header on every list operation, and exposes Link to CORS', async () => {
    const doc = (await srv.request('GET', '/v3/api-docs')).body;
    let lists = 0;
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      const op = ops.get;
      if (op?.responses?.['200']?.content?.['application/json']?.schema?.type !== 'array') continue;
      lists++;
      const names = op.parameters.filter((p: any) => p.in === 'query').map((p: any) => p.name);
      expect(names, path).to.include.members(['limit', 'cursor']);
      expect(op.responses['200'].headers?.Link, path).to.be.an('object');
    }
    expect(lists).to.be.at.least(25);
    const cors = await srv.request('GET', '/api/citas?limit=1', { token: pac.token, headers: { Origin: ORIGIN } });
    expect(cors.headers.get('access-control-expose-headers')).to.match(/\bLink\b/);
  });
});
