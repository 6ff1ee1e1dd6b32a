import { expect } from 'chai';
import { RawStomp } from '../realtime/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

describe('life cycle: STOMP sessions at shutdown', function () {
  this.timeout(30_000);
  let server: TestServer | null = null;

  after(async () => {
    await server?.stop(); // close() runs once: a second call waits for the first
  });

  it('an open session gets an ERROR saying the server is shutting down, then the socket closes', async () => {
    server = await startTestServer();
    const token = await server.adminToken();
    const client = await RawStomp.open(`${server.url.replace('http', 'ws')}/ws`);
    expect((await client.connect(token)).command).to.equal('CONNECTED');
    const closing = server.close();
    const notice = await client.frames.next();
    expect(notice.command).to.equal('ERROR');
    expect(notice.headers.message).to.equal('server shutting down');
    await client.waitClosed();
    await closing;
  });
});
