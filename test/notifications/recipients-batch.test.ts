import { expect } from 'chai';
import { CheckpointRunner } from '../../src/projections/runner.ts';
import { reactorHandlers } from '../../src/reactors/reactor.ts';
import { citaNotificationsReactor } from '../../src/reactors/notifications/citas.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { cancelCita, mailsTo, newCita, newPaciente, newPsicologo, pushesTo, settle, waitMailsTo, type Persona } from './support.ts';

const START = '2030-01-15T10:00:00'; // Madrid 10:00, New York 04:00

// The notification reactor looks every recipient of a batch up in one query (it was three per
// person and event: the user, their settings, their devices), and what each is told stays the same.
describe('appointment notifications: a batch of recipients in one query', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let psi: Persona;
  const device = (who: string) => `fcm-lote-${who}-${process.pid}`;

  before(async () => {
    srv = await startTestServer();
    psi = await newPsicologo(srv, await srv.adminToken(), 'Laura');
  });
  after(async () => {
    await srv?.stop();
  });

  it('a batch of bookings and a cancellation for four people: one lookup, language, zone, consent and devices kept', async () => {
    const put = async (p: Persona, method: string, path: string, body: object, status: number) => {
      const r = await srv.request(method, path, { token: p.token, body });
      expect(r.status, r.text).to.equal(status);
    };
    const [john, carmen, eva] = [await newPaciente(srv, 'John'), await newPaciente(srv, 'Carmen'), await newPaciente(srv, 'Eva')];
    await put(john, 'PUT', '/api/ajustes', { idioma: 'en', timezone: 'America/New_York' }, 200);
    await put(carmen, 'PUT', '/api/ajustes', { notificaciones: false }, 200);
    for (const [p, who] of [[psi, 'psi'], [john, 'john'], [carmen, 'carmen']] as const) await put(p, 'POST', '/api/dispositivos', { token: device(who) }, 201);
    // The server's own reactors stand still: the batch below is run here, whole, with its statements counted.
    await srv.deps.reactors!.stop();
    const idJohn = await newCita(srv, john.idPaciente, psi.idPsicologo, START);
    await newCita(srv, carmen.idPaciente, psi.idPsicologo, START);
    await newCita(srv, eva.idPaciente, psi.idPsicologo, START);
    await cancelCita(srv, { idCita: idJohn, idPaciente: john.idPaciente, idPsicologo: psi.idPsicologo, startDatetime: START });

    const runner = new CheckpointRunner(srv.deps.knex, srv.deps.store, reactorHandlers([citaNotificationsReactor('Europe/Madrid')]), { table: 'reactor_checkpoints', batchSize: 1000 });
    const statements: string[] = [];
    const count = (q: { sql: string }) => statements.push(q.sql);
    srv.deps.knex.on('query', count);
    try {
      expect(await runner.runBatch(runner.handlers[0])).to.equal(true);
    } finally {
      srv.deps.knex.off('query', count);
    }
    const lookups = statements.filter((sql) => /\b(usuarios|ajustes|dispositivos)\b/.test(sql));
    expect(lookups, lookups.join('\n')).to.have.length(1);

    // psi: three bookings and a cancellation; John twice, in English at his time; Eva once; Carmen nothing.
    const toPsi = await waitMailsTo(srv, psi.email, 4);
    expect(toPsi.map((m) => m.subject).sort()).to.deep.equal([
      'Cita cancelada: martes 15 de enero de 2030, 10:00', ...Array(3).fill('Nueva cita: martes 15 de enero de 2030, 10:00'),
    ]);
    const toJohn = await waitMailsTo(srv, john.email, 2);
    expect(toJohn.map((m) => m.subject).sort()).to.deep.equal([
      'Appointment cancelled: Tuesday, 15 January 2030, 04:00', 'New appointment: Tuesday, 15 January 2030, 04:00',
    ]);
    expect((await waitMailsTo(srv, eva.email, 1))[0].text).to.match(/^Hola Eva:/);
    await settle(800);
    expect(mailsTo(srv, carmen.email)).to.deep.equal([]);
    expect(pushesTo(srv, device('carmen'))).to.deep.equal([]);
    expect(pushesTo(srv, device('john')).map((p) => p.body)).to.deep.equal(Array(2).fill('Tuesday, 15 January 2030, 04:00 (America/New_York)'));
    expect(pushesTo(srv, device('psi'))).to.have.length(4);
  });
});
