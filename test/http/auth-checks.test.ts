import { expect } from 'chai';
import { CoalescedAuthChecks } from '../../src/http/auth-checks.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { findAuthStates, type AuthState } from '../../src/queries/usuarios.ts';

/** A read model the test edits, and the reads of it that the checks send, answered when the test says. */
function fakeReads() {
  const rows = new Map<string, AuthState>();
  const sent: { hashes: string[]; answer: () => void; fail: (err: Error) => void }[] = [];
  const readMany = (hashes: string[]) =>
    new Promise<Map<string, AuthState>>((resolve, reject) => {
      // The snapshot is taken when the read is sent, as PostgreSQL's statement snapshot is.
      const snapshot = new Map(hashes.filter((h) => rows.has(h)).map((h) => [h, { ...rows.get(h)! }]));
      sent.push({ hashes, answer: () => resolve(snapshot), fail: reject });
    });
  return { rows, sent, readMany };
}

const active = (idUsuario: number): AuthState => ({ idUsuario, rol: 'PACIENTE', activo: true });
const tick = () => new Promise((r) => setImmediate(r));

describe('the per-request check of the caller, coalesced', () => {
  it('a check asked for while a read is in flight is answered by a later read: a deactivation committed meanwhile is seen', async () => {
    const db = fakeReads();
    const checks = new CoalescedAuthChecks(db.readMany);
    db.rows.set('h1', active(1));
    const first = checks.check('h1');
    // Another instance deactivates the user after the first read was sent; then a request of the user arrives here.
    db.rows.set('h1', { ...active(1), activo: false });
    const second = checks.check('h1');
    db.sent[0].answer();
    expect(await first).to.deep.equal(active(1));
    await tick();
    expect(db.sent).to.have.length(2);
    db.sent[1].answer();
    expect((await second)?.activo).to.equal(false);
  });

  it('the checks waiting together go in one read, each answered with its own row (or null)', async () => {
    const db = fakeReads();
    const checks = new CoalescedAuthChecks(db.readMany);
    for (const id of [1, 2, 3]) db.rows.set(`h${id}`, active(id));
    const first = checks.check('h1');
    const waiting = ['h1', 'h2', 'h3', 'h2', 'nadie'].map((h) => checks.check(h));
    db.sent[0].answer();
    await first;
    await tick();
    expect(db.sent).to.have.length(2);
    expect(db.sent[1].hashes).to.have.members(['h1', 'h2', 'h3', 'nadie']);
    db.sent[1].answer();
    expect((await Promise.all(waiting)).map((s) => s?.idUsuario ?? null)).to.deep.equal([1, 2, 3, 2, null]);
  });

  it('a failed read fails its own checks only, and the next checks are read again', async () => {
    const db = fakeReads();
    const checks = new CoalescedAuthChecks(db.readMany);
    db.rows.set('h1', active(1));
    const failed = checks.check('h1');
    db.sent[0].fail(new Error('connection lost'));
    let error: unknown;
    await failed.catch((err) => (error = err));
    expect(String(error)).to.contain('connection lost');
    const next = checks.check('h1');
    db.sent[1].answer();
    expect(await next).to.deep.equal(active(1));
  });

  describe('on PostgreSQL', () => {
    let tdb: TestDatabase;
    before(async () => {
      // Only the read model's table, as its migration (004) makes it.
      tdb = await createTestDatabase({ migrate: false });
      await tdb.knex.raw(`create table usuarios (id_usuario int primary key, email text not null, email_hash text not null, nombre text not null,
        apellido text not null, dni text, rol text not null, activo boolean not null default true, password_hash text not null);
        create index usuarios_email_hash on usuarios (email_hash)`);
    });
    after(async () => tdb?.drop());

    it('findAuthStates reads each hash\'s id, rol and activo in one statement', async () => {
      const { knex } = tdb;
      await knex('usuarios').insert([
        { id_usuario: 901, email: 'a@x', email_hash: 'ha', nombre: 'A', apellido: '', rol: 'PACIENTE', activo: true, password_hash: 'x' },
        { id_usuario: 902, email: 'b@x', email_hash: 'hb', nombre: 'B', apellido: '', rol: 'PSICOLOGO', activo: false, password_hash: 'x' },
      ]);
      const states = await findAuthStates(knex, ['ha', 'hb', 'hz']);
      expect(Object.fromEntries(states)).to.deep.equal({
        ha: { idUsuario: 901, rol: 'PACIENTE', activo: true },
        hb: { idUsuario: 902, rol: 'PSICOLOGO', activo: false },
      });
    });
  });
});
