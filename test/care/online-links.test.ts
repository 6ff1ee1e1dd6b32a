import { request as httpRequest } from 'node:http';
import { expect } from 'chai';
import ICAL from 'ical.js';
import { ManualClock } from '../../src/platform/clock.ts';
import { ReminderWorker } from '../../src/reactors/reminders.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { readMail, waitMailsTo } from '../notifications/support.ts';
import { stomp, type StompUser } from '../realtime/support.ts';
import { waitFor } from '../mensajes/support.ts';
import { at, JITSI, paciente, psicologo, reservar, salaDe, setClock, type Persona } from './online-support.ts';

// Where an ONLINE appointment's way in appears (docs/care.md "Online sessions"): the STOMP notice to
// the patient when the psychologist opens the room, the calendar feed and the reminders, each
// only to the appointment's participants, and never a token.

describe('online sessions: notice, calendar feed and reminders', function () {
  this.timeout(120_000);
  const clock = new ManualClock(at('2030-01-10T08:00:00Z'));
  let srv: TestServer;
  let psi: Persona;
  let ana: Persona;
  let luis: Persona;
  const open: StompUser[] = [];
  const mover = (iso: string) => setClock(srv, clock, iso, [psi, ana, luis]);
  const connect = async (p: Persona) => {
    const u = await stomp(`${srv.url.replace('http', 'ws')}/ws`, p.token);
    open.push(u);
    return u;
  };
  const online = async (startDatetime: string) => {
    await mover('2030-01-10T08:00:00Z');
    const r = await reservar(srv, ana, psi.idPsicologo, startDatetime, 'ONLINE');
    expect(r.status, r.text).to.equal(201);
    return r.body.idCita as number;
  };

  before(async () => {
    srv = await startTestServer({ clock, env: JITSI });
    // The test drives its own reminder worker at chosen instants.
    await srv.reminders.stop();
    const admin = await srv.adminToken();
    psi = await psicologo(srv, admin);
    ana = await paciente(srv);
    luis = await paciente(srv);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((u) => u.close()));
  });
  after(async () => {
    await srv?.stop();
  });

  it('tells the patient over STOMP when the psychologist first opens the room, once, and nobody else', async () => {
    const idCita = await online('2030-01-21T10:00:00');
    await mover('2030-01-21T08:52:00Z');
    const avisos = (await connect(ana)).subscribe('/user/queue/avisos');
    const ajenos = (await connect(luis)).subscribe('/user/queue/avisos');
    await new Promise((r) => setTimeout(r, 100)); // SUBSCRIBE frames are on their way
    expect((await srv.request('GET', `/api/citas/${idCita}/sala`, { token: ana.token })).status).to.equal(200);
    await avisos.none(300); // the patient's own entry tells nobody
    expect((await srv.request('GET', `/api/citas/${idCita}/sala`, { token: psi.token })).status).to.equal(200);
    const aviso = await avisos.next(5000);
    expect(aviso.headers.destination).to.equal('/user/queue/avisos');
    expect(JSON.parse(aviso.body)).to.deep.equal({ tipo: 'SALA_ABIERTA', idCita, idPsicologo: psi.idPsicologo });
    expect(aviso.body).to.not.include('jwt');
    expect((await srv.request('GET', `/api/citas/${idCita}/sala`, { token: psi.token })).status).to.equal(200);
    await avisos.none(300);
    await ajenos.none(0);
  });

  it('puts the room endpoint (no token) in the LOCATION and URL of the participants\' feeds only', async () => {
    const idCita = await online('2030-01-22T10:00:00');
    const presencial = (await reservar(srv, ana, psi.idPsicologo, '2030-01-22T12:00:00')).body.idCita;
    const room = await salaDe(srv, idCita);
    const feed = async (p: Persona) => {
      const ruta = (await srv.request('POST', '/api/calendario/feed', { token: p.token })).body.ruta;
      return (await fetch(`${srv.url}${ruta}`)).text();
    };
    const link = `${srv.url}/api/citas/${idCita}/sala`;
    for (const p of [ana, psi]) {
      const text = await feed(p);
      const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent');
      const ev = events.find((v) => v.getFirstPropertyValue('uid') === `cita-${idCita}@psicologia`)!;
      expect(ev.getFirstPropertyValue('url')).to.equal(link);
      expect(ev.getFirstPropertyValue('location')).to.equal('Sesión online (videollamada)');
      const other = events.find((v) => v.getFirstPropertyValue('uid') === `cita-${presencial}@psicologia`)!;
      expect(other.getFirstPropertyValue('url')).to.equal(null);
      expect(text).to.not.include('jwt');
      expect(text).to.not.include(room!);
    }
    expect(await feed(luis)).to.not.include(`/api/citas/${idCita}/sala`);
    // A Host that makes no URL: the feed still answers (as before rooms), the link a path.
    const ruta = (await srv.request('POST', '/api/calendario/feed', { token: ana.token })).body.ruta;
    const text = await new Promise<string>((done, fail) => {
      const { hostname, port } = new URL(srv.url);
      httpRequest({ hostname, port, path: ruta, headers: { Host: 'consulta.local/otra?ruta' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => (res.statusCode === 200 ? done(Buffer.concat(chunks).toString()) : fail(new Error(`status ${res.statusCode}`))));
      }).on('error', fail).end();
    });
    expect(text.replace(/\r\n /g, '')).to.include(`URL:/api/citas/${idCita}/sala`);
  });

  it('links the room endpoint in the ONLINE reminders, to the two participants only, never a token', async () => {
    const idCita = await online('2030-01-23T10:00:00'); // 09:00Z
    const device = `online-links-${ana.idUsuario}`;
    expect((await srv.request('POST', '/api/dispositivos', { token: ana.token, body: { token: device } })).status).to.be.oneOf([200, 201]);
    // The worker finds due appointments through the reminders' read model, which follows the log.
    expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 10_000)).to.equal(true);
    const worker = new ReminderWorker({ knex: srv.deps.knex, store: srv.deps.store, clock, practiceTimezone: 'Europe/Madrid' });
    // The 12:00 PRESENCIAL appointment of the 22nd is due too: its reminders must not carry any room link.
    expect(await worker.runOnce(at('2030-01-22T09:00:00Z'))).to.equal(4);
    const path = `/api/citas/${idCita}/sala`;
    for (const p of [ana, psi]) {
      const mails = await waitMailsTo(srv, p.email, 100, 1500);
      const reminder = mails.find((m) => m.subject.startsWith('Recordatorio') && m.text.includes('23 de enero'));
      expect(reminder, p.email).to.not.equal(undefined);
      expect(reminder!.text).to.include(`Es una sesión online. Entre desde la aplicación de la consulta, que abre la sala unos minutos antes del inicio: ${path}`);
      expect(reminder!.text).to.not.include('jwt');
    }
    // The push's data carries it too (the lock-screen text does not).
    const push = await waitFor(() => srv.push.sent.find((m) => m.token === device && m.data?.tipo === 'CitaRecordatorioEnviado' && m.data?.idCita === String(idCita)), 10_000, 'the reminder push');
    expect(push?.data?.sala).to.equal(path);
    expect(JSON.stringify(srv.push.sent)).to.not.include('jwt');
    const conEnlace = srv.smtp.mails.map(readMail).filter((m) => m.text.includes(path));
    expect(conEnlace.flatMap((m) => m.to)).to.have.members([ana.email, psi.email]);
  });
});
