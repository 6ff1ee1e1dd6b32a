import { createHash } from 'node:crypto';
import { expect } from 'chai';
import ICAL from 'ical.js';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { rebuildProjections } from '../../src/cli/rebuild-projections.ts';
import { at, book, newPaciente, newPsicologo, Y, type Paciente, type Psicologo } from '../citas/support.ts';

const MOTIVO = 'Ataques de pánico nocturnos';

interface Parsed { uid: string; start: string; end: string; summary: string; description: string; status: string }

function parse(text: string): Parsed[] {
  const cal = new ICAL.Component(ICAL.parse(text));
  expect(cal.getFirstPropertyValue('version')).to.equal('2.0');
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    expect(v.getFirstPropertyValue('dtstamp'), 'DTSTAMP').to.not.equal(null);
    return {
      uid: e.uid, start: e.startDate.toJSDate().toISOString(), end: e.endDate.toJSDate().toISOString(),
      summary: e.summary, description: e.description, status: String(v.getFirstPropertyValue('status')),
    };
  });
}

describe('calendar feed (POST/DELETE /api/calendario/feed, GET /calendario/{secreto}.ics)', () => {
  let srv: TestServer;
  let admin: string;
  let psi: Psicologo;
  let ana: Paciente;
  let luis: Paciente;
  const citas: Record<string, number> = {};

  const create = async (token: string) => {
    const r = await srv.request('POST', '/api/calendario/feed', { token });
    expect(r.status, r.text).to.equal(201);
    expect(r.body.url).to.equal(`${srv.url}${r.body.ruta}`);
    expect(r.body.ruta).to.match(/^\/calendario\/[A-Za-z0-9_-]{43}\.ics$/);
    return r.body.ruta as string;
  };
  const get = async (ruta: string) => {
    const res = await fetch(`${srv.url}${ruta}`);
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    ana = await newPaciente(srv, 'Ana', 'Pérez');
    luis = await newPaciente(srv, 'Luis', 'Martín');
    citas.verano = (await book(srv, ana, psi.idPsicologo, at('07-10', '10:00'), 50, MOTIVO)).idCita;
    citas.invierno = (await book(srv, ana, psi.idPsicologo, at('01-15', '10:00'), 60, `${MOTIVO}, otra vez`)).idCita;
    citas.pendiente = (await book(srv, ana, psi.idPsicologo, at('02-03', '17:30'), 45, null)).idCita;
    citas.luis = (await book(srv, luis, psi.idPsicologo, at('02-04', '09:00'), 50, 'Duelo')).idCita;
    for (const [id, estado] of [[citas.verano, 'CONFIRMADA'], [citas.invierno, 'CANCELADA']] as const) {
      const r = await srv.request('PUT', `/api/psicologo/citas/${id}`, { token: psi.token, body: { estado } });
      expect(r.status, r.text).to.equal(200);
    }
  });
  after(async () => {
    await srv?.stop();
  });

  it("a patient's feed: their appointments in UTC with statuses, read by an iCalendar parser, no motivo or names", async () => {
    const r = await get(await create(ana.token));
    expect(r.status).to.equal(200);
    expect(r.type).to.equal('text/calendar; charset=utf-8');
    const events = parse(r.text).sort((a, b) => a.start.localeCompare(b.start));
    expect(events).to.deep.equal([
      // Madrid is UTC+1 in winter, UTC+2 in summer.
      { uid: `cita-${citas.invierno}@psicologia`, start: `${Y}-01-15T09:00:00.000Z`, end: `${Y}-01-15T10:00:00.000Z`, status: 'CANCELLED' },
      { uid: `cita-${citas.pendiente}@psicologia`, start: `${Y}-02-03T16:30:00.000Z`, end: `${Y}-02-03T17:15:00.000Z`, status: 'TENTATIVE' },
      { uid: `cita-${citas.verano}@psicologia`, start: `${Y}-07-10T08:00:00.000Z`, end: `${Y}-07-10T08:50:00.000Z`, status: 'CONFIRMED' },
    ].map((e) => ({ ...e, summary: 'Cita de psicología', description: `Cita ${e.uid.slice(5, e.uid.indexOf('@'))}; detalles, cambios y cancelación en la aplicación de la consulta` })));
    for (const word of ['pánico', 'Duelo', 'Ana', 'Pérez', 'Laura', 'Gómez', 'Luis']) expect(r.text).not.to.include(word);
  });

  it('is RFC 5545 text: CRLF lines of at most 75 octets, folded, TEXT escaped, UTC DTSTART/DTEND', async () => {
    const { text } = await get(await create(ana.token));
    expect(text.endsWith('\r\n')).to.equal(true);
    expect(text.replace(/\r\n/g, '')).not.to.match(/[\r\n]/);
    const lines = text.slice(0, -2).split('\r\n');
    for (const l of lines) expect(Buffer.byteLength(l, 'utf8'), l).to.be.at.most(75);
    expect(lines.some((l) => l.startsWith(' ')), 'some folded line').to.equal(true);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).to.include(`DESCRIPTION:Cita ${citas.verano}\\; detalles\\, cambios y cancelación`);
    expect(unfolded).to.match(/^DTSTART:\d{8}T\d{6}Z$/m);
    expect(unfolded).to.match(/^DTSTAMP:\d{8}T\d{6}Z$/m);
  });

  it("a psychologist's feed has the practice's appointments; each patient's only their own; an admin's none", async () => {
    const mine = parse((await get(await create(psi.token))).text);
    expect(mine.map((e) => e.uid)).to.have.members(Object.values(citas).map((id) => `cita-${id}@psicologia`));
    expect(new Set(mine.map((e) => e.summary))).to.deep.equal(new Set(['Cita con paciente']));
    const his = parse((await get(await create(luis.token))).text);
    expect(his.map((e) => e.uid)).to.deep.equal([`cita-${citas.luis}@psicologia`]);
    const none = await get(await create(admin));
    expect(none.status).to.equal(200);
    expect(parse(none.text)).to.deep.equal([]);
  });

  it('rotating answers a new URL and the old one 404s; revoking 404s it; unknown secrets 404', async () => {
    const first = await create(ana.token);
    const second = await create(ana.token);
    expect(second).not.to.equal(first);
    expect((await get(first)).status).to.equal(404);
    expect((await get(second)).status).to.equal(200);
    const del = await srv.request('DELETE', '/api/calendario/feed', { token: ana.token });
    expect(del.status, del.text).to.equal(204);
    expect((await get(second)).status).to.equal(404);
    expectError(await srv.request('DELETE', '/api/calendario/feed', { token: ana.token }), 404);
    for (const ruta of ['/calendario/abc.ics', `/calendario/${'A'.repeat(43)}.ics`]) expect((await get(ruta)).status, ruta).to.equal(404);
    expectError(await srv.request('POST', '/api/calendario/feed'), 401);
  });

  it('is event-sourced: the log holds only the hash; a rebuild gives the same read model', async () => {
    const ruta = await create(luis.token);
    const secreto = ruta.slice('/calendario/'.length, -'.ics'.length);
    const stream = await srv.deps.store.readStream(`calendario-usuario-${luis.idUsuario}`);
    const last = stream[stream.length - 1];
    expect(last.type).to.equal('FeedCalendarioCreado');
    expect(last.data).to.deep.equal({ idUsuario: luis.idUsuario, hashSecreto: createHash('sha256').update(secreto).digest('hex') });
    expect(stream.map((e) => e.type)).to.include('FeedCalendarioRevocado');
    expect(JSON.stringify(stream.map((e) => e.data))).not.to.include(secreto);
    const before = await srv.db.knex('feeds_calendario').orderBy('id_usuario').select('hash_secreto', 'id_usuario');
    await rebuildProjections(srv.config);
    expect(await srv.db.knex('feeds_calendario').orderBy('id_usuario').select('hash_secreto', 'id_usuario')).to.deep.equal(before);
    expect((await get(ruta)).status).to.equal(200);
  });
});
