import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { Presence } from '../../src/realtime/presence.ts';
import { notificationSeal } from '../../src/platform/crypto/notifications.ts';

// The STOMP session cap across instances (STOMP_SESSIONS_PER_USER) is decided in Presence.open,
// under the user's lock: the other instances' rows plus this instance's own count. That count
// must be read under the lock; read before it, it missed a session of the same instance recorded
// meanwhile, and six CONNECTs racing on two instances let three through (test/scale/shared-limits).
describe('presence: the session cap is counted under the user\'s lock', () => {
  let db: TestDatabase;
  const options = { graceMs: 1000, heartbeatMs: 60_000, instanceTimeoutMs: 120_000, sweepMs: 60_000, seal: notificationSeal('k'.repeat(64)) };
  const presenceOf = () => new Presence(db.knex, db.url, randomUUID(), options, () => undefined, () => []);

  before(async () => {
    db = await createTestDatabase();
  });
  after(async () => {
    await db.drop();
  });

  it('reads this instance\'s count when it decides, not when the CONNECT asked', async () => {
    const [a, b] = [presenceOf(), presenceOf()];
    const idUsuario = 4242;
    expect(await b.open(randomUUID(), idUsuario, { max: 2, held: () => 1 })).to.equal(true);
    // A CONNECT on A asks while A holds one slot (its own): with B's session that makes two.
    let heldOnA = 1;
    const lock = await db.knex.transaction();
    await lock.raw('select pg_advisory_xact_lock(?::int, ?::int)', [0x50524553, idUsuario]);
    const asked = a.open(randomUUID(), idUsuario, { max: 2, held: () => heldOnA });
    expect(await Promise.race([asked.then(() => 'decided'), new Promise((r) => setTimeout(() => r('waiting'), 200))])).to.equal('waiting');
    // While it waits for the user's lock, another session of A took a slot (and was recorded).
    heldOnA = 2;
    await lock.commit();
    expect(await asked, 'B\'s one and A\'s two would be three').to.equal(false);
    const rows = await db.knex('realtime_sesiones').where({ id_usuario: idUsuario }).count<{ count: string }[]>('* as count');
    expect(Number(rows[0].count)).to.equal(1);
  });

  it('lets two sessions through and refuses the third, wherever it lands', async () => {
    const [a, b] = [presenceOf(), presenceOf()];
    const idUsuario = 4343;
    expect(await a.open(randomUUID(), idUsuario, { max: 2, held: () => 1 })).to.equal(true);
    expect(await b.open(randomUUID(), idUsuario, { max: 2, held: () => 1 })).to.equal(true);
    expect(await a.open(randomUUID(), idUsuario, { max: 2, held: () => 2 })).to.equal(false);
    expect(await b.open(randomUUID(), idUsuario, { max: 2, held: () => 2 })).to.equal(false);
  });
});
