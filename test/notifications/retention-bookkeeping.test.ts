import { expect } from 'chai';
import { DateTime } from 'luxon';
import { ManualClock } from '../../src/platform/clock.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { newPaciente, newPsicologo, settle, waitMailsTo, type Persona } from './support.ts';

const ZONE = 'Europe/Madrid';
const DAY = 86_400_000;

// BOOKKEEPING_RETENTION_DAYS: the periodic job deletes processed-event markers and finished outbox
// rows older than that, and nothing is ever sent again because of it.
describe('retention of the reactors\' bookkeeping (markers and sent outbox rows)', function () {
  this.timeout(120_000);
  const clock = new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000));
  let srv: TestServer;
  let psi: Persona;
  let ana: Persona;

  const count = async (table: string, where: Record<string, unknown> = {}) =>
    Number((await srv.deps.knex(table).where(where).count<{ n: string }[]>({ n: '*' }))[0].n);
  const mailCount = () => srv.smtp.mails.length;
  const bookIn = async (token: string, days: number) => {
    const start = DateTime.fromJSDate(clock.now()).setZone(ZONE).plus({ days }).set({ hour: 10, minute: 0, second: 0 }).toFormat("yyyy-LL-dd'T'HH:mm:ss");
    const r = await srv.request('POST', '/api/citas', { token, body: { idPsicologo: psi.idPsicologo, startDatetime: start, durationMinutes: 50 } });
    expect(r.status, r.text).to.equal(201);
  };
  const waitUntil = async (what: () => Promise<boolean>, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error('condition not reached');
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  before(async () => {
    srv = await startTestServer({ clock, env: { RETENTION_JOB_INTERVAL_MS: '1000', BOOKKEEPING_RETENTION_DAYS: '7' } });
    const admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    ana = await newPaciente(srv);
    await bookIn(ana.token, 3);
    await waitMailsTo(srv, ana.email, 1);
    await waitMailsTo(srv, psi.email, 1);
    // Every reactor has handled the events and the outbox has sent what they queued: the counts hold still.
    let last = '';
    await waitUntil(async () => {
      const now = JSON.stringify([await count('reactor_processed'), await count('outbox'), await count('outbox', { status: 'SENT' })]);
      const steady = now === last && (await count('outbox', { status: 'PENDING' })) === 0;
      last = now;
      await new Promise((r) => setTimeout(r, 400));
      return steady;
    });
    // Two rows the purge must leave alone: mail still to be sent, and the markers of a reactor that has no checkpoint.
    await srv.deps.knex('outbox').insert({ kind: 'mail', dedupe_key: 'programado', payload: '{}', next_attempt_at: new Date(Date.now() + 365 * DAY), created_at: new Date(Date.now() - 60 * DAY) });
    await srv.deps.knex('reactor_processed').insert({ reactor: 'sin-checkpoint', event_id: '00000000-0000-4000-8000-000000000001', processed_at: new Date(Date.now() - 60 * DAY) });
  });
  after(async () => { await srv?.stop(); });

  it('keeps everything younger than the retention period', async () => {
    const [markers, sent] = [await count('reactor_processed'), await count('outbox', { status: 'SENT' })];
    expect(markers).to.be.greaterThan(3);
    expect(sent).to.be.at.least(4); // two welcome mails, two appointment notices
    await settle(2500); // the job runs every second
    expect(await count('reactor_processed')).to.equal(markers);
    expect(await count('outbox', { status: 'SENT' })).to.equal(sent);
  });

  it('past it, the job deletes old markers and sent rows; nothing is sent again, and new events are told once', async () => {
    const mails = mailCount();
    clock.advance(8 * DAY);
    await waitUntil(async () => (await count('outbox', { status: 'SENT' })) === 0 && (await count('reactor_processed')) === 1);
    expect(await srv.deps.knex('reactor_processed').pluck('reactor')).to.deep.equal(['sin-checkpoint']);
    expect(await srv.deps.knex('outbox').pluck('dedupe_key')).to.deep.equal(['programado']);
    await settle(1500);
    expect(mailCount(), 'no mail sent again').to.equal(mails);

    // Tokens issued a week ago have expired: sign in again, as a user would.
    const token = await srv.login(ana.email, 'secreto123');
    await bookIn(token, 20);
    await waitMailsTo(srv, ana.email, 2);
    await waitMailsTo(srv, psi.email, 2);
    await settle(1500);
    expect(mailCount()).to.equal(mails + 2);
  });
});
