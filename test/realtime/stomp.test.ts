import { expect } from 'chai';
import WebSocket from 'ws';
import { signToken } from '../../src/platform/security.ts';
import { asignar, newPaciente, newPsicologo, type Persona } from '../mensajes/support.ts';
import { ADMIN, RawStomp, startCluster, stomp, type Instance, type StompUser } from './support.ts';

describe('STOMP channel', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let srv: Instance;
  let psi: Persona;
  let pac: Persona;
  let otro: Persona;
  const open: StompUser[] = [];
  const connect = async (token: string | null, opts?: Parameters<typeof stomp>[2]) => {
    const u = await stomp(srv.wsUrl, token, opts);
    open.push(u);
    return u;
  };

  before(async () => {
    cluster = await startCluster(1);
    srv = cluster.instances[0];
    const admin = (await srv.request('POST', '/auth/login', { body: ADMIN })).body.token;
    psi = await newPsicologo(srv, admin);
    pac = await newPaciente(srv);
    otro = await newPaciente(srv);
    await asignar(srv, admin, pac.idPaciente!, psi.idPsicologo!);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((u) => u.close()));
  });
  after(async () => { await cluster?.stop(); });

  describe('delivery', () => {
    it('delivers a chat SEND to the receiver within 100 ms, as the stored record, and to nobody else', async () => {
      const receiver = await connect(pac.token);
      expect(receiver.connected.headers.version).to.equal('1.2');
      const inbox = receiver.subscribe('/user/queue/messages');
      const bystander = (await connect(otro.token)).subscribe('/user/queue/messages');
      const sender = await connect(psi.token);
      const sentBack = sender.subscribe('/user/queue/messages');
      await new Promise((r) => setTimeout(r, 100)); // SUBSCRIBE frames are on their way
      const latencies: number[] = [];
      // At a chat's pace: each SEND asks for a receipt, which comes once the read models have it too.
      for (let i = 0; i < 5; i++) {
        const receipt = new Promise<void>((resolve) => sender.client.watchForReceipt(`m${i}`, () => resolve()));
        const t0 = performance.now();
        sender.client.publish({
          destination: '/app/chat', headers: { receipt: `m${i}` },
          body: JSON.stringify({ receiverId: pac.idUsuario, mensaje: `hola ${i}`, enviadoEn: new Date().toISOString() }),
        });
        const m = await inbox.next(2000);
        latencies.push(performance.now() - t0);
        await receipt;
        const body = JSON.parse(m.body);
        expect(body).to.include({ senderId: psi.idUsuario, receiverId: pac.idUsuario, mensaje: `hola ${i}`, leido: false, idCita: null });
        expect(m.headers.destination).to.equal('/user/queue/messages');
        expect(JSON.parse((await sentBack.next()).body).idMensaje).to.equal(body.idMensaje);
      }
      latencies.sort((a, b) => a - b);
      expect(latencies[2], `latencies ${latencies.map((l) => l.toFixed(1)).join(', ')} ms`).to.be.below(100);
      await bystander.none(200);
      const stored = (await srv.request('GET', '/api/mensajes', { token: pac.token })).body as { mensaje: string }[];
      expect(stored.map((m) => m.mensaje)).to.include.members(['hola 0', 'hola 4']);
    });

    it('delivers messages sent over REST the same way', async () => {
      const receiver = await connect(pac.token);
      const inbox = receiver.subscribe('/user/queue/messages');
      await new Promise((r) => setTimeout(r, 100));
      const r = await srv.request('POST', '/api/psicologo/mensajes', { token: psi.token, body: { receiverId: pac.idUsuario, mensaje: 'por REST' } });
      expect(r.status, r.text).to.equal(201);
      expect(JSON.parse((await inbox.next()).body)).to.deep.equal(r.body);
    });

    it('answers a SEND receipt once stored; a bad chat body goes to /user/queue/errors with the spec body', async () => {
      const sender = await connect(pac.token);
      const errors = sender.subscribe('/user/queue/errors');
      await new Promise((r) => setTimeout(r, 100));
      const receipt = new Promise<void>((resolve) => sender.client.watchForReceipt('r-1', () => resolve()));
      sender.client.publish({ destination: '/app/chat', headers: { receipt: 'r-1' }, body: JSON.stringify({ receiverId: psi.idUsuario, mensaje: 'con recibo' }) });
      await receipt;
      const list = (await srv.request('GET', '/api/mensajes', { token: pac.token })).body as { mensaje: string }[];
      expect(list.map((m) => m.mensaje)).to.include('con recibo');

      sender.client.publish({ destination: '/app/chat', headers: { receipt: 'r-2' }, body: JSON.stringify({ receiverId: otro.idUsuario, mensaje: 'a otro paciente' }) });
      const err = await errors.next();
      expect(err.headers['receipt-id']).to.equal('r-2');
      const body = JSON.parse(err.body);
      expect(body).to.have.all.keys('mensaje', 'timestamp', 'status', 'error');
      expect(body).to.include({ status: 400, error: 'Bad Request', mensaje: 'El destinatario no existe' });
      sender.client.publish({ destination: '/app/chat', body: '{not json' });
      expect(JSON.parse((await errors.next()).body).status).to.equal(400);
      sender.client.publish({ destination: '/app/chat', body: JSON.stringify({ receiverId: psi.idUsuario, mensaje: 'x', senderId: otro.idUsuario }) });
      expect(JSON.parse((await errors.next()).body).mensaje).to.match(/senderId/);
      expect(sender.client.connected).to.equal(true);
    });
  });

  describe('over SockJS', () => {
    for (const transports of [['websocket'], ['xhr-streaming'], ['xhr-polling']]) {
      it(`connects and receives messages with the ${transports[0]} transport`, async () => {
        const receiver = await connect(pac.token, { sockjs: transports });
        const inbox = receiver.subscribe('/user/queue/messages');
        await new Promise((r) => setTimeout(r, 150));
        const r = await srv.request('POST', '/api/psicologo/mensajes', { token: psi.token, body: { receiverId: pac.idUsuario, mensaje: `sockjs ${transports[0]}` } });
        expect(JSON.parse((await inbox.next()).body).idMensaje).to.equal(r.body.idMensaje);
        const sender = await connect(psi.token, { sockjs: transports });
        sender.client.publish({ destination: '/app/chat', body: JSON.stringify({ receiverId: pac.idUsuario, mensaje: 'de vuelta' }) });
        expect(JSON.parse((await inbox.next()).body).mensaje).to.equal('de vuelta');
      });
    }

    it('refuses a CONNECT without a token there too', async () => {
      const err = await connect(null, { sockjs: ['websocket'] }).then(() => null, (e) => e);
      expect(err?.message).to.equal('unauthorized');
    });
  });

  describe('one upgrade dispatcher', () => {
    it('routes /ws to STOMP, /ws/* to SockJS, and refuses other upgrades', async () => {
      const info = await fetch(`${srv.url}/ws/info`);
      expect(info.status).to.equal(200);
      expect(await info.json()).to.include({ websocket: true });
      expect((await fetch(`${srv.url}/ws/iframe.html`)).status).to.equal(404);
      const big = await fetch(`${srv.url}/ws/000/abcdefgh/xhr_send`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x'.repeat(400 * 1024) });
      expect(big.status).to.equal(413);
      const refused = await new Promise<string>((resolve) => {
        const ws = new WebSocket(srv.wsUrl.replace(/\/ws$/, '/api/mensajes'));
        ws.on('error', (err) => resolve(err.message));
        ws.on('open', () => resolve('open'));
      });
      expect(refused).to.match(/404/);
      expect((await srv.request('GET', '/api/situaciones')).status).to.equal(200); // the API is still served
    });
  });

  describe('authentication and protocol errors', () => {
    it('refuses CONNECT without a valid token: ERROR, then close', async () => {
      for (const token of [null, 'not-a-jwt', signToken('another-secret-another-secret-xx', { email: 'x@y.z', idUsuario: 1, rol: 'PACIENTE' }, new Date(), 60_000)]) {
        const err = await connect(token).then(() => null, (e) => e);
        expect(err?.message).to.equal('unauthorized');
      }
      const expired = signToken(cluster.config.jwtSecret, { email: 'admin@rt.local', idUsuario: 1, rol: 'ADMIN' }, new Date(Date.now() - 7_200_000), 3_600_000);
      expect((await connect(expired).then(() => null, (e) => e))?.message).to.equal('unauthorized');
    });

    it('accepts nothing but CONNECT first: SUBSCRIBE before CONNECT gets ERROR and close', async () => {
      const raw = await RawStomp.open(srv.wsUrl);
      raw.frame('SUBSCRIBE', { id: '1', destination: '/user/queue/messages' });
      const f = await raw.frames.next();
      expect(f.command).to.equal('ERROR');
      expect(f.headers.message).to.equal('not connected');
      await raw.waitClosed();
    });

    it('lets nobody subscribe to another user\'s queue or any other destination', async () => {
      for (const destination of [`/user/${psi.idUsuario}/queue/messages`, '/queue/messages', '/topic/chat', '/user/queue/other']) {
        const raw = await RawStomp.open(srv.wsUrl);
        expect((await raw.connect(pac.token)).command).to.equal('CONNECTED');
        raw.frame('SUBSCRIBE', { id: 'x', destination });
        const f = await raw.frames.next();
        expect(f.command, destination).to.equal('ERROR');
        expect(f.headers.message).to.equal('destination not allowed');
        await raw.waitClosed();
      }
      const raw = await RawStomp.open(srv.wsUrl);
      await raw.connect(pac.token);
      raw.frame('SEND', { destination: '/user/queue/messages' }, '{}');
      expect((await raw.frames.next()).headers.message).to.equal('destination not allowed');
    });

    it('answers malformed and oversize frames with ERROR and close, and keeps serving others', async () => {
      const watcher = await connect(pac.token);
      const inbox = watcher.subscribe('/user/queue/messages');
      const bad = [
        'SEND\nno colon here\n\nx\0',
        'SEND\ndestination:/app/chat\ncontent-length:abc\n\n\0',
        `SEND\ndestination:/app/chat\ncontent-length:${70 * 1024}\n\n${'x'.repeat(70 * 1024)}\0`,
        `SEND\ndestination:/app/chat\n\n${'x'.repeat(70 * 1024)}\0`,
        `SEND\n${Array.from({ length: 40 }, (_, i) => `h${i}:v`).join('\n')}\n\n\0`,
        'SEND\ndestination:/app/\\tchat\n\n\0',
      ];
      for (const text of bad) {
        const raw = await RawStomp.open(srv.wsUrl);
        await raw.connect(psi.token);
        raw.send(text);
        const f = await raw.frames.next();
        expect(f.command, text.slice(0, 40)).to.equal('ERROR');
        expect(f.headers.message).to.match(/malformed frame/);
        await raw.waitClosed();
      }
      const r = await srv.request('POST', '/api/psicologo/mensajes', { token: psi.token, body: { receiverId: pac.idUsuario, mensaje: 'sigo aquí' } });
      expect(JSON.parse((await inbox.next()).body).idMensaje).to.equal(r.body.idMensaje);
    });

    it('handles several frames in one WebSocket message and one frame over several, with receipts', async () => {
      const raw = await RawStomp.open(srv.wsUrl);
      const frames = 'CONNECT\naccept-version:1.2\nAuthorization:Bearer ' + pac.token + '\n\n\0'
        + 'SUBSCRIBE\nid:0\ndestination:/user/queue/messages\nreceipt:s\n\n\0';
      const half = Math.floor(frames.length / 2);
      raw.send(frames.slice(0, half));
      raw.send(frames.slice(half));
      expect((await raw.frames.next()).command).to.equal('CONNECTED');
      expect((await raw.frames.next()).headers['receipt-id']).to.equal('s');
      raw.send('DISCONNECT\nreceipt:bye\n\n\0');
      expect((await raw.frames.next())).to.include({ command: 'RECEIPT' });
      await raw.waitClosed();
    });

    it('negotiates the version from accept-version and the subprotocol', async () => {
      const v11 = await RawStomp.open(srv.wsUrl, ['v11.stomp', 'v10.stomp']);
      expect(v11.ws.protocol).to.equal('v11.stomp');
      expect((await v11.connect(pac.token, { 'accept-version': '1.0,1.1' })).headers.version).to.equal('1.1');
      const v10 = await RawStomp.open(srv.wsUrl, ['v10.stomp']);
      v10.send(`CONNECT\nAuthorization:Bearer ${pac.token}\n\n\0`);
      expect((await v10.frames.next()).headers.version).to.equal('1.0');
      const none = await RawStomp.open(srv.wsUrl);
      const f = await none.connect(pac.token, { 'accept-version': '2.0' });
      expect(f).to.include({ command: 'ERROR' });
      expect(f.headers.version).to.equal('1.0,1.1,1.2');
      await none.waitClosed();
      v11.ws.close();
      v10.ws.close();
    });
  });

  describe('heart-beats and expiry', () => {
    it('sends heart-beats and closes a client silent for twice its promised interval', async () => {
      const raw = await RawStomp.open(srv.wsUrl);
      const c = await raw.connect(pac.token, { 'heart-beat': '100,300' });
      expect(c.headers['heart-beat']).to.equal('300,1000');
      const t0 = Date.now();
      const f = await raw.frames.next(4000);
      expect(f.headers.message).to.equal('heart-beat timeout');
      await raw.waitClosed();
      const silent = Date.now() - t0;
      expect(silent).to.be.within(1900, 3500); // max(100, 1000) x 2
      expect(raw.heartbeats).to.be.at.least(4);
    });

    it('keeps a client that beats', async () => {
      const raw = await RawStomp.open(srv.wsUrl);
      await raw.connect(pac.token, { 'heart-beat': '500,0' });
      const beat = setInterval(() => raw.send('\n'), 400);
      await new Promise((r) => setTimeout(r, 2600));
      clearInterval(beat);
      expect(raw.ws.readyState).to.equal(raw.ws.OPEN);
      raw.ws.close();
    });

    it('closes the sessions of a patient dado de baja at once', async () => {
      const admin = (await srv.request('POST', '/auth/login', { body: ADMIN })).body.token;
      const leaving = await newPaciente(srv);
      const raw = await RawStomp.open(srv.wsUrl);
      expect((await raw.connect(leaving.token)).command).to.equal('CONNECTED');
      expect((await srv.request('PUT', `/auth/pacientes/${leaving.idPaciente}/baja`, { token: admin })).status).to.equal(200);
      expect((await raw.frames.next()).headers.message).to.equal('unauthorized');
      await raw.waitClosed();
      expect((await connect(leaving.token).then(() => null, (e) => e))?.message).to.equal('unauthorized');
    });

    it('closes the session when its token expires', async () => {
      const login = await srv.request('POST', '/auth/login', { body: ADMIN });
      expect(login.status).to.equal(200);
      const short = signToken(cluster.config.jwtSecret, { email: ADMIN.email, idUsuario: login.body.idUsuario, rol: 'ADMIN' }, new Date(), 2000);
      const exp = JSON.parse(Buffer.from(short.split('.')[1], 'base64url').toString()).exp * 1000;
      const raw = await RawStomp.open(srv.wsUrl);
      expect((await raw.connect(short)).command).to.equal('CONNECTED');
      const f = await raw.frames.next(4000);
      expect(f.headers.message).to.equal('token expired');
      expect(Date.now()).to.be.within(exp - 50, exp + 1000);
      await raw.waitClosed();
    });
  });
});
