import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { upgradeLegacyAgendas } from '../../src/commands/agenda-upgrade.ts';
import { KurrentEventStore } from '../../src/eventstore/kurrentdb.ts';
import { FORMAT, VERSION, importLog } from '../../src/eventstore/transfer.ts';
import { tramoCita } from '../../src/platform/agenda-time.ts';
import { asignar, newPaciente, newPsicologo } from '../clinico/support.ts';
import { Y } from '../citas/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startKurrentStandIn, type KurrentStandIn } from '../kurrentdb-wire/server.ts';

// The writers that batch, against a server that refuses appends over its MaxAppendSize as KurrentDB
// does (256 MiB of events by default on 26.1; 1 MiB here, a server configured smaller): events:import of one source transaction of 1.5 MiB, and the
// agenda upgrade (its events sealed, grown by base64) on a server configured with a small limit.
// Both used to fail with the server's error; they now split their appends and write everything once.

const ZONE = 'Europe/Madrid';
const meta = () => ({ eventId: randomUUID(), actor: { idUsuario: 1, rol: 'ADMIN' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });

describe('appends over the server\'s maximum append size (KurrentDB stand-in)', function () {
  this.timeout(120_000);

  it('events:import writes one 1.5 MiB source transaction in parts: every event once, in order', async () => {
    const server = await startKurrentStandIn({ maxAppendSize: 1024 * 1024 });
    const store = new KurrentEventStore(server.url);
    try {
      const lines = [JSON.stringify({ kind: 'header', format: FORMAT, version: VERSION, source: 'postgres', exportedAt: new Date().toISOString() })];
      // One PostgreSQL transaction (tx 77): 16 events of 100 KiB over two streams.
      for (let i = 0; i < 16; i++) {
        const streamId = i < 10 ? 'documento-1' : 'documento-2';
        lines.push(JSON.stringify({
          kind: 'event', streamId, revision: String(i < 10 ? i : i - 10), position: `77/${i}`,
          type: 'DocumentoAnexado', data: { i, contenido: 'x'.repeat(100 * 1024) }, metadata: meta(),
        }));
      }
      lines.push(JSON.stringify({ kind: 'end', events: 16, reservations: 0 }));
      const result = await importLog(store, (async function* () { yield* lines; })());
      expect(result.imported).to.equal(16);
      expect((await store.readAll(null, 100)).events.map((e) => e.data.i)).to.deep.equal([...Array(16).keys()]);
      // Resumable as before: a second import skips all.
      const again = await importLog(store, (async function* () { yield* lines; })());
      expect(again).to.include({ imported: 0, skipped: 16 });
    } finally {
      await store.close();
      await server.close();
    }
  });

  describe('the agenda upgrade on a server with a 16 KiB MaxAppendSize', function () {
    let standIn: KurrentStandIn;
    let srv: TestServer;
    before(async () => {
      standIn = await startKurrentStandIn({ maxAppendSize: 16 * 1024 });
      srv = await startTestServer({ env: { EVENT_STORE: 'kurrentdb', KURRENTDB_URL: `${standIn.url}&streamPrefix=upgrade_${process.pid}` } });
    });
    after(async () => {
      await srv?.stop();
      await standIn?.close();
    });

    it('carries 30 legacy appointments into the day streams in parts, the marker last, nothing doubled', async () => {
      const admin = await srv.adminToken();
      const psi = await newPsicologo(srv, admin);
      const pac = await newPaciente(srv);
      await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
      const ids: number[] = [];
      for (let d = 0; d < 30; d++) {
        const idCita = await srv.deps.ids('cita');
        const start = `${Y}-07-${String(1 + (d % 28)).padStart(2, '0')}T${d < 28 ? '10' : '16'}:00:00`;
        const t = tramoCita(start, 50, ZONE)!;
        const ref = { idCita, idPaciente: pac.idPaciente, idPsicologo: psi.idPsicologo };
        await srv.deps.store.append([
          { streamId: `cita-${idCita}`, expected: 'noStream', events: [{ type: 'CitaCreada', data: { ...ref, startDatetime: start, durationMinutes: 50, motivo: 'Seguimiento '.repeat(20), endDatetime: t.endDatetime }, metadata: meta() }] },
          { streamId: `agenda-${psi.idPsicologo}`, expected: 'any', events: [{ type: 'HuecoReservado', data: { idPsicologo: psi.idPsicologo, idCita, inicio: t.inicio, fin: t.fin }, metadata: meta() }] },
        ]);
        ids.push(idCita);
      }
      const report = await upgradeLegacyAgendas(srv.deps);
      expect(report).to.include({ streams: 1, citas: 30 });
      const legacy = await srv.deps.store.readStream(`agenda-${psi.idPsicologo}`);
      expect(legacy[legacy.length - 1].type).to.equal('AgendaPasadaADias');
      // Every appointment on its day stream exactly once.
      const placed = new Map<number, number>();
      for (const e of (await srv.deps.store.readAll(null, 10_000)).events) {
        if (e.type === 'HuecoReservado' && /^agenda-\d+-\d{4}-/.test(e.streamId)) placed.set(Number(e.data.idCita), (placed.get(Number(e.data.idCita)) ?? 0) + 1);
      }
      expect(ids.map((id) => placed.get(id))).to.deep.equal(ids.map(() => 1));
      expect(await upgradeLegacyAgendas(srv.deps)).to.include({ streams: 0, citas: 0 });
    });
  });
});
