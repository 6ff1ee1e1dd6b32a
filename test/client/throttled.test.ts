import { expect } from 'chai';
import { ApiError, connectRealtime, createPracticeClient, RealtimeError, unwrap, type RealtimeClient } from '../../client/src/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/server.ts';

// 429s through the typed client: REST gives ApiError.retryAfter; over STOMP the ERROR frame keeps
// the session, so the helper reports it without treating the connection as lost.

describe('typed client: throttled writes', () => {
  let srv: TestServer;
  let rt: RealtimeClient | undefined;

  before(async () => {
    srv = await startTestServer({ env: { WRITES_PER_MINUTE: '1', WRITE_BURST: '1' } });
  });
  after(async () => {
    await rt?.disconnect();
    await srv?.stop();
  });

  it('surfaces 429 with Retry-After over REST and over STOMP, and the session stays', async () => {
    const anon = createPracticeClient({ baseUrl: srv.url });
    const session = unwrap(await anon.POST('/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }));
    const admin = createPracticeClient({ baseUrl: srv.url, token: session.token });
    const psi = unwrap(await admin.POST('/auth/register-psicologo', {
      body: { nombre: 'Laura', apellido: 'Gómez', email: `psi.${Date.now()}@client.test`, password: 'terapia2024', especialidad: 'Clínica', experiencia: 7 },
    })); // the one write of the burst
    const rest = await admin.POST('/api/dispositivos', { body: { token: 'device-token-1234567890' } }).then(unwrap).catch((e: unknown) => e);
    expect(rest).to.be.instanceOf(ApiError);
    expect((rest as ApiError).status).to.equal(429);
    expect((rest as ApiError).retryAfter).to.be.a('number').greaterThan(0);

    rt = await connectRealtime({ baseUrl: srv.url, token: session.token, heartbeatMs: 0 });
    const closed = new Promise<void>((resolve) => rt!.onClose(resolve));
    const err = await rt.sendChat({ receiverId: psi.idUsuario, mensaje: 'hola' }).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(RealtimeError);
    expect(err).to.include({ status: 429, fatal: false });
    expect((err as RealtimeError).retryAfter).to.be.a('number').greaterThan(0);
    const stillOpen = await Promise.race([closed.then(() => false), new Promise((r) => setTimeout(() => r(true), 300))]);
    expect(stillOpen, 'the session stays open after a throttled SEND').to.equal(true);
  });
});
