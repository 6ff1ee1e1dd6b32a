import { expect } from 'chai';
import type { IFrame } from '@stomp/stompjs';
import { encodeFrame } from '../../src/realtime/frame.ts';
import { asignar, newPaciente, newPsicologo, waitFor, type Persona } from '../mensajes/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { rawWith, wsUrlOf } from './hardening-support.ts';
import { RawStomp, stomp, type StompUser } from './support.ts';

describe('STOMP hardening: sessions per user, chat input, write throttle', () => {
  let srv: TestServer;
  let wsUrl: string;
  let psi: Persona;
  let pac: Persona;
  const open: StompUser[] = [];
  const raws: RawStomp[] = [];
  const connect = async (token: string) => {
    const u = await stomp(wsUrl, token);
    open.push(u);
    return u;
  };
  const raw = async (headers: Record<string, string> = {}) => {
    const r = await rawWith(wsUrl, headers);
    raws.push(r);
    return r;
  };
  const stored = async (p: Persona) => ((await srv.request('GET', '/api/mensajes', { token: p.token })).body as { mensaje: string }[]).map((m) => m.mensaje);

  before(async () => {
    srv = await startTestServer({ env: { STOMP_SESSIONS_PER_USER: '2', WRITES_PER_MINUTE: '60', WRITE_BURST: '12' } });
    wsUrl = wsUrlOf(srv);
    const admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    pac = await newPaciente(srv);
    await asignar(srv, admin, pac.idPaciente!, psi.idPsicologo!);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((u) => u.close()));
    for (const r of raws.splice(0)) r.ws.close();
  });
  after(async () => { await srv?.stop(); });

  describe('sessions per user (STOMP_SESSIONS_PER_USER)', () => {
    it('refuses the next CONNECT past the cap with ERROR in the client\'s language, and closing one frees a slot', async () => {
      const first = await raw();
      const second = await raw();
      expect((await first.connect(pac.token)).command).to.equal('CONNECTED');
      expect((await second.connect(pac.token)).command).to.equal('CONNECTED');
      for (const [lang, text] of [['es', /Demasiadas sesiones.*máximo 2/], ['en', /Too many real-time sessions.*at most 2/]] as const) {
        const extra = await raw({ 'Accept-Language': lang });
        const f = await extra.connect(pac.token);
        expect(f.command).to.equal('ERROR');
        expect(f.headers.message).to.match(/Too many real-time sessions/);
        const body = JSON.parse(f.body);
        expect(body).to.have.all.keys('mensaje', 'timestamp', 'status', 'error');
        expect(body).to.include({ status: 429, error: 'Too Many Requests' });
        expect(body.mensaje).to.match(text);
        await extra.waitClosed();
      }
      // Another user is not affected, and the sessions already open still work.
      expect((await (await raw()).connect(psi.token)).command).to.equal('CONNECTED');
      first.frame('SUBSCRIBE', { id: '0', destination: '/user/queue/messages', receipt: 's' });
      expect((await first.frames.next()).headers['receipt-id']).to.equal('s');
      const r = await srv.request('POST', '/api/psicologo/mensajes', { token: psi.token, body: { receiverId: pac.idUsuario, mensaje: 'tope' } });
      expect(JSON.parse((await first.frames.next()).body).idMensaje).to.equal(r.body.idMensaje);

      second.ws.close();
      await second.closed;
      const again = await waitFor(async () => {
        const c = await raw();
        const f = await c.connect(pac.token);
        return f.command === 'CONNECTED' ? c : null;
      }, 5000, 'a freed session slot');
      expect(again.ws.readyState).to.equal(again.ws.OPEN);
    });
  });

  describe('chat input', () => {
    it('refuses bodies that are too deep, hold NUL or broken Unicode, to /user/queue/errors; nothing stored, the session goes on', async () => {
      const sender = await connect(pac.token);
      const errors = sender.subscribe('/user/queue/errors');
      const mine = sender.subscribe('/user/queue/messages');
      await new Promise((r) => setTimeout(r, 100));
      const before = await stored(pac);
      // Each SEND takes a write token, refused or not: these 7 stay within the burst.
      const deep = (n: number) => `{"receiverId":${psi.idUsuario},"mensaje":"hondo","enviadoEn":${'['.repeat(n)}${']'.repeat(n)}}`;
      const cases: [string, RegExp][] = [
        [deep(40), /anida más de 32 niveles/],
        [deep(30_000), /anida más de 32 niveles/],
        [`{"receiverId":${psi.idUsuario},"mensaje":"a\\u0000b"}`, /^mensaje: contiene el carácter NUL/],
        [`{"receiverId":${psi.idUsuario},"mensaje":"a\\ud800b"}`, /^mensaje: no es Unicode bien formado/],
        [`{"receiverId":${psi.idUsuario},"mensaje":"x","\\udc00":1}`, /no es Unicode bien formado/],
      ];
      for (const [body, mensaje] of cases) {
        sender.client.publish({ destination: '/app/chat', body });
        const err = JSON.parse((await errors.next()).body);
        expect(err, body.slice(0, 60)).to.include({ status: 400, error: 'Bad Request' });
        expect(err.mensaje).to.match(mensaje);
      }
      // 32 levels in all pass the guard and reach the schema, which wants enviadoEn as a string.
      sender.client.publish({ destination: '/app/chat', body: deep(31) });
      expect(JSON.parse((await errors.next()).body).mensaje).to.match(/enviadoEn/).and.not.match(/niveles/);
      sender.client.publish({ destination: '/app/chat', body: JSON.stringify({ receiverId: psi.idUsuario, mensaje: 'sano' }) });
      expect(JSON.parse((await mine.next()).body).mensaje).to.equal('sano');
      expect(sender.client.connected).to.equal(true);
      expect((await stored(pac)).length).to.equal(before.length + 1);
    });

    it('refuses raw bytes that are not UTF-8 or hold NUL in the body, and non-UTF-8 headers as a malformed frame', async () => {
      const r = await raw();
      await r.connect(pac.token);
      r.frame('SUBSCRIBE', { id: 'e', destination: '/user/queue/errors', receipt: 's' });
      await r.frames.next();
      const before = await stored(pac);
      const json = (mensaje: string) => Buffer.from(`{"receiverId":${psi.idUsuario},"mensaje":"${mensaje}"}`, 'utf8');
      const badUtf8 = Buffer.concat([json('a').subarray(0, -3), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
      const nul = Buffer.concat([json('a').subarray(0, -3), Buffer.from([0]), Buffer.from('"}')]);
      for (const [body, mensaje] of [[badUtf8, /UTF-8/], [nul, /NUL/]] as const) {
        r.send(encodeFrame('SEND', { destination: '/app/chat' }, body));
        const f = await r.frames.next();
        expect(f.command).to.equal('MESSAGE');
        expect(JSON.parse(f.body)).to.include({ status: 400 });
        expect(JSON.parse(f.body).mensaje).to.match(mensaje);
      }
      expect(await stored(pac)).to.deep.equal(before);
      r.send(Buffer.concat([Buffer.from('SEND\ndestination:/app/chat\nx-note:'), Buffer.from([0xc3, 0x28]), Buffer.from('\n\n{}\0')]));
      const f = await r.frames.next();
      expect(f.command).to.equal('ERROR');
      expect(f.headers.message).to.equal('malformed frame');
      expect(f.body).to.match(/not valid UTF-8/);
      await r.waitClosed();
      expect(await stored(pac)).to.deep.equal(before);
    });
  });

  describe('write throttle (WRITES_PER_MINUTE / WRITE_BURST)', () => {
    it('answers a SEND past the bucket with ERROR and retry-after, stores nothing and keeps the session', async () => {
      const admin = await srv.adminToken();
      const writer = await newPaciente(srv);
      await asignar(srv, admin, writer.idPaciente!, psi.idPsicologo!);
      const u = await connect(writer.token);
      const refused: IFrame[] = [];
      u.client.onStompError = (frame) => refused.push(frame);
      const sendWithReceipt = (id: string) => new Promise<void>((resolve) => {
        u.client.watchForReceipt(id, () => resolve());
        u.client.publish({ destination: '/app/chat', headers: { receipt: id }, body: JSON.stringify({ receiverId: psi.idUsuario, mensaje: id }) });
      });
      // Pipelined, past the burst of 12: some are refused whatever the refill while they are handled.
      const sent = Array.from({ length: 18 }, (_, i) => `b${i + 1}`);
      for (const id of sent) u.client.publish({ destination: '/app/chat', body: JSON.stringify({ receiverId: psi.idUsuario, mensaje: id }) });
      const kept = await waitFor(async () => {
        const list = await stored(writer);
        return refused.length > 0 && list.length + refused.length === sent.length ? list : null;
      }, 5000, 'every SEND stored or refused');
      expect(kept.length).to.be.at.least(12);
      const err = refused[0];
      expect(err.headers.message).to.match(/Too many requests/);
      const retryAfter = Number(err.headers['retry-after']);
      expect(retryAfter).to.be.a('number').and.at.least(1);
      expect(JSON.parse(err.body)).to.include({ status: 429, error: 'Too Many Requests' });
      expect(JSON.parse(err.body).mensaje).to.match(/Demasiadas peticiones/);

      // The session stays: once the bucket refills, the same connection sends again.
      expect(u.client.connected).to.equal(true);
      await new Promise((r) => setTimeout(r, retryAfter * 1000 + 200));
      await sendWithReceipt('later');
      expect(await stored(writer)).to.include('later').and.have.length(kept.length + 1);
      expect(refused).to.have.length(sent.length - kept.length);
      // Other users have buckets of their own.
      const other = await connect(psi.token);
      await new Promise<void>((resolve) => {
        other.client.watchForReceipt('p1', () => resolve());
        other.client.publish({ destination: '/app/chat', headers: { receipt: 'p1' }, body: JSON.stringify({ receiverId: writer.idUsuario, mensaje: 'p1' }) });
      });
    });
  });
});
