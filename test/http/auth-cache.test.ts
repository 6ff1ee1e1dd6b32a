import { expect } from 'chai';
import { LiveTail } from '../../src/eventstore/live-tail.ts';
import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '../../src/eventstore/postgres.ts';
import { openEventStore } from '../../src/eventstore/open.ts';
import { AuthUserCache, UNSETTLED_MS } from '../../src/http/auth-cache.ts';
import type { AuthUser } from '../../src/queries/usuarios.ts';
import { createTestDatabase, type TestDatabase } from '../support/db.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from './helpers.ts';
import { newPaciente } from '../citas/support.ts';
import { allProjections } from '../../src/projections/index.ts';
import { useInlineModels } from '../../src/projections/inline.ts';

const meta = () => ({
  eventId: randomUUID(), actor: { idUsuario: null, rol: null }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(),
});
const desactivado = (idUsuario: number) => ({ type: 'UsuarioDesactivado', data: { idUsuario, motivo: 'baja' }, metadata: meta() });
const user = (idUsuario: number, activo = true): AuthUser => ({
  idUsuario, email: `u${idUsuario}@example.org`, nombre: 'Ana', apellido: 'Pérez', rol: 'PACIENTE', activo, passwordHash: 'x', idPaciente: idUsuario, idPsicologo: null,
});
const until = async (what: () => boolean | Promise<boolean>, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('the authenticated users in memory', function () {
  this.timeout(60_000);

  describe('evicted by the log (another process appends)', () => {
    let db: TestDatabase;
    let store: PostgresEventStore;
    let other: PostgresEventStore; // another server process's store on the same database
    before(async () => {
      db = await createTestDatabase();
      store = new PostgresEventStore(db.knex, db.url);
      other = new PostgresEventStore(db.knex, db.url);
    });
    after(async () => {
      await store?.close();
      await other?.close();
      await db?.drop();
    });

    it('serves a kept user without reading; a deactivation seen in the log refuses them although the read model still says active', async () => {
      let reads = 0;
      const rows = new Map([['h1', user(1)], ['h2', user(2)]]);
      const cache = new AuthUserCache(async (h) => { reads++; return rows.get(h) ?? null; });
      const tail = new LiveTail(store);
      await tail.start();
      cache.follow(tail);
      try {
        expect((await cache.get('h1'))!.activo).to.equal(true);
        expect((await cache.get('h1'))!.activo).to.equal(true);
        expect((await cache.get('h2'))!.activo).to.equal(true);
        expect(reads).to.equal(2);
        await other.append([{ streamId: 'usuario-1', expected: 'any', events: [desactivado(1)] }]);
        // The read model lags: it still answers the row as active. The event decides.
        await until(async () => (await cache.get('h1'))!.activo === false);
        const readsAfter = reads;
        expect((await cache.get('h1'))!.activo).to.equal(false);
        expect(reads, 'not kept while the read model may lag').to.equal(readsAfter + 1);
        expect((await cache.get('h2'))!.activo, 'the others stay').to.equal(true);
        expect(reads).to.equal(readsAfter + 1);
      } finally {
        await cache.stop();
        await tail.stop();
      }
    });

    it('a fill that read the row while an event about the user arrived is not kept', async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => { release = r; });
      let reads = 0;
      let row = user(3);
      const cache = new AuthUserCache(async () => {
        reads++;
        const answer = row;
        if (reads === 1) await gate; // read before the change, answered after it was seen
        return answer;
      }, { unsettledMs: 50 });
      const tail = new LiveTail(store);
      await tail.start();
      cache.follow(tail);
      try {
        const seen = () => (cache as unknown as { generation: number }).generation;
        const before = seen();
        const filling = cache.get('h3');
        await other.append([{ streamId: 'psicologo-30', expected: 'any', events: [{ type: 'PsicologoRegistrado', data: { idPsicologo: 30, idUsuario: 3 }, metadata: meta() }] }]);
        row = { ...user(3), idPsicologo: 30 };
        await until(() => seen() > before); // the subscription saw the event while the fill was reading
        release();
        expect((await filling)!.idPsicologo, 'this request got what it read').to.equal(null);
        await new Promise((r) => setTimeout(r, 300)); // the subscription has seen the event; the unsettled time is over
        expect((await cache.get('h3'))!.idPsicologo).to.equal(30);
        expect((await cache.get('h3'))!.idPsicologo).to.equal(30);
        expect(reads).to.equal(2);
      } finally {
        await cache.stop();
        await tail.stop();
      }
    });
  });

  describe('in a server', () => {
    let srv: TestServer;
    before(async () => { srv = await startTestServer(); });
    after(async () => { await srv?.stop(); });

    const usuarioReads = async (run: () => Promise<unknown>) => {
      let n = 0;
      const count = (q: { sql: string }) => { if (/from "usuarios"/.test(q.sql)) n++; };
      srv.deps.knex.on('query', count);
      try {
        await run();
      } finally {
        srv.deps.knex.off('query', count);
      }
      return n;
    };

    it('serves a known caller without reading their row; their deactivation refuses the very next request', async () => {
      const p = await newPaciente(srv);
      const admin = await srv.adminToken();
      // Just registered: read afresh for a moment (the read model may lag its events), then kept.
      await new Promise((r) => setTimeout(r, UNSETTLED_MS + 100));
      expect((await srv.request('GET', '/api/citas', { token: p.token })).status).to.equal(200);
      const reads = await usuarioReads(async () => {
        for (let i = 0; i < 5; i++) expect((await srv.request('GET', '/api/citas', { token: p.token })).status).to.equal(200);
      });
      expect(reads).to.equal(0);
      const baja = await srv.request('PUT', `/auth/pacientes/${p.idPaciente}/baja`, { token: admin });
      expect(baja.status, baja.text).to.equal(200);
      expectError(await srv.request('GET', '/api/citas', { token: p.token }), 401);
    });

    it('a deactivation appended by another process refuses the token within moments', async () => {
      const p = await newPaciente(srv);
      expect((await srv.request('GET', '/api/citas', { token: p.token })).status).to.equal(200);
      const { raw: other } = await openEventStore(srv.config, srv.db.knex, srv.db.url); // either store
      // As another server opens it: on PostgreSQL its appends write the inline read models (docs/read-models.md).
      useInlineModels(other, srv.db.knex, allProjections(srv.config));
      try {
        const [last] = (await other.readStream(`usuario-${p.idUsuario}`)).slice(-1);
        await other.append([{ streamId: `usuario-${p.idUsuario}`, expected: last.revision, events: [desactivado(p.idUsuario)] }]);
      } finally {
        await other.close();
      }
      await until(async () => (await srv.request('GET', '/api/citas', { token: p.token })).status === 401, 3_000);
    });
  });
});
