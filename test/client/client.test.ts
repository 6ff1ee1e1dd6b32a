import { expect } from 'chai';
import { DateTime } from 'luxon';
import {
  allItems, ApiError, connectRealtime, createPracticeClient, RealtimeError, unwrap,
  type Mensaje, type PracticeClient, type Presence, type RealtimeClient, type Session,
} from '../../client/src/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/server.ts';

// The typed client against a real server: what an app does, through the package alone.

let seq = 0;
const email = (who: string) => `${who}.${Date.now()}.${seq++}@client.test`;

/** Wall-clock datetime of the practice `days` ahead at `hour` (no zone, as the API wants). */
const ahead = (days: number, hour: number) =>
  DateTime.now().setZone('Europe/Madrid').plus({ days }).set({ hour, minute: 0, second: 0, millisecond: 0 }).toFormat("yyyy-MM-dd'T'HH:mm:ss");

/** Resolves with the first value `register` hands its handler that passes `accept`. */
function first<T>(register: (h: (v: T) => void) => () => void, accept: (v: T) => boolean = () => true, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { off(); reject(new Error('nothing arrived in time')); }, ms);
    const off = register((v) => {
      if (!accept(v)) return;
      clearTimeout(timer);
      off();
      resolve(v);
    });
  });
}

describe('typed client (client/src) against a real server', () => {
  let srv: TestServer;
  let anon: PracticeClient;
  let admin: PracticeClient;
  let psi: Session;
  let pac: Session;
  let pacApi: PracticeClient;
  const sockets: RealtimeClient[] = [];

  const register = async () => unwrap(await anon.POST('/auth/register-paciente', {
    body: {
      usuario: { nombre: 'Ana', apellido: 'Pérez', email: email('pac'), password: 'secreto123' },
      fechaNacimiento: '1990-05-01', aceptaTerminos: true,
    },
  }));

  const realtime = async (token: string) => {
    const rt = await connectRealtime({ baseUrl: srv.url, token, acceptLanguage: 'en', heartbeatMs: 0 });
    sockets.push(rt);
    return rt;
  };

  before(async () => {
    srv = await startTestServer();
    anon = createPracticeClient({ baseUrl: srv.url });
    const adminSession = unwrap(await anon.POST('/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }));
    admin = createPracticeClient({ baseUrl: srv.url, token: adminSession.token });
    psi = unwrap(await admin.POST('/auth/register-psicologo', {
      body: { nombre: 'Laura', apellido: 'Gómez', email: email('psi'), password: 'terapia2024', especialidad: 'Clínica', experiencia: 7 },
    }));

    const registered = await register();
    expect(registered.rol).to.equal('PACIENTE');
    // Log in again, as an app does at its next start.
    const pacEmail = email('login');
    await anon.POST('/auth/register-paciente', {
      body: { usuario: { nombre: 'Eva', apellido: 'Ruiz', email: pacEmail, password: 'secreto123' }, fechaNacimiento: '1985-02-03', aceptaTerminos: true },
    });
    pac = unwrap(await anon.POST('/auth/login', { body: { email: pacEmail, password: 'secreto123' } }));
    let token: string | null = null;
    pacApi = createPracticeClient({ baseUrl: srv.url, token: () => token, acceptLanguage: 'en' });
    token = pac.token; // the token function is read per request
    unwrap(await admin.POST('/api/admin/psicologos/asignar-psicologo', { body: { idPaciente: pac.idPaciente!, idPsicologo: psi.idPsicologo! } }));
  });

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.disconnect()));
  });

  after(async () => {
    await srv?.stop();
  });

  it('books appointments and lists them all through the Link pages', async () => {
    const booked = [];
    for (const hour of [9, 11, 13]) {
      const cita = unwrap(await pacApi.POST('/api/citas', {
        body: { idPsicologo: psi.idPsicologo!, startDatetime: ahead(7, hour), durationMinutes: 50, motivo: 'Primera consulta' },
      }));
      expect(cita.estado).to.equal('PENDIENTE');
      booked.push(cita.idCita);
    }
    let pages = 0;
    const all = await allItems((cursor) => {
      pages++;
      return pacApi.GET('/api/citas', { params: { query: { limit: 2, cursor } } });
    });
    expect(pages).to.equal(2);
    expect(all.map((c) => c.idCita)).to.deep.equal(booked);
  });

  it('answers a bad request with its status and the spec error body, typed', async () => {
    const r = await pacApi.GET('/api/citas', { params: { query: { limit: 0 } } });
    expect(r.response.status).to.equal(400);
    expect(r.error).to.include({ status: 400, error: 'Bad Request', mensaje: 'limit must be an integer between 1 and 500' });
    expect(r.error?.timestamp).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);

    const noToken = createPracticeClient({ baseUrl: srv.url });
    const err = await noToken.GET('/api/citas').then(unwrap).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(ApiError);
    expect((err as ApiError).status).to.equal(401);
    expect((err as ApiError).body.status).to.equal(401);
  });

  it('chats in real time: delivery to the receiver, presence, sendChat answering the stored message, a refused send rejected once', async () => {
    const patient = await realtime(pac.token);
    expect(patient.idUsuario).to.equal(pac.idUsuario);
    const online = first<Presence>(patient.onPresence, (p) => p.idUsuario === psi.idUsuario && p.online);
    const psychologist = await realtime(psi.token);
    expect(await online).to.deep.equal({ idUsuario: psi.idUsuario, online: true });

    const received = first<Mensaje>(psychologist.onMessage);
    const sent = await patient.sendChat({ receiverId: psi.idUsuario, mensaje: 'Hola, ¿podemos hablar?', enviadoEn: ahead(0, 12) });
    const m = await received;
    expect(m).to.include({ senderId: pac.idUsuario, receiverId: psi.idUsuario, mensaje: 'Hola, ¿podemos hablar?', leido: false });
    expect(sent).to.deep.equal(m);

    const reported: RealtimeError[] = [];
    patient.onError((error) => reported.push(error));
    let rejections = 0;
    const refused = await patient.sendChat({ receiverId: psi.idUsuario, mensaje: 'x'.repeat(2001) }).catch((e: unknown) => {
      rejections++;
      return e;
    });
    expect(refused).to.be.instanceOf(RealtimeError);
    const e = refused as RealtimeError;
    expect(e.status).to.equal(400);
    expect(e.fatal).to.equal(false);
    expect(e.body).to.include({ status: 400, error: 'Bad Request' });
    expect(e.message).to.match(/mensaje/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(rejections).to.equal(1);
    expect(reported, 'the refusal rejected the send; onError is for refusals no send is waiting on').to.deep.equal([]);
    // The session survives an application error.
    const again = first<Mensaje>(psychologist.onMessage);
    const second = await patient.sendChat({ receiverId: psi.idUsuario, mensaje: 'Sigo aquí' });
    expect(second.mensaje).to.equal('Sigo aquí');
    expect(second.idMensaje).to.be.greaterThan(sent.idMensaje);
    expect((await again).mensaje).to.equal('Sigo aquí');
  });

  it('refuses a connection without a valid token', async () => {
    const err = await connectRealtime({ baseUrl: srv.url, token: 'not-a-token', heartbeatMs: 0 }).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(RealtimeError);
    expect((err as RealtimeError).fatal).to.equal(true);
  });
});
