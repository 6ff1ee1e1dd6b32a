import { expect } from 'chai';
import { pacienteBody } from './helpers.ts';
import { asignar, newPaciente, newPsicologo } from '../clinico/support.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { logEvents } from '../support/log.ts';
import { Y } from '../citas/support.ts';

/** Makes a read model's table refuse new rows, as a read model that cannot store an event would. */
async function refuseInserts(srv: TestServer, table: string): Promise<void> {
  await srv.deps.knex.raw(`
    create or replace function refuse_insert() returns trigger language plpgsql as $$
    begin raise exception 'read model refuses rows'; end $$;
    create trigger refuse_${table} before insert on ${table} for each row execute function refuse_insert();`);
}

describe('a stored write is answered from its own events, whatever the read models do', function () {
  this.timeout(60_000);
  let srv: TestServer;

  before(async () => {
    srv = await startTestServer();
  });
  after(async () => srv.stop());

  it('POST /api/diario-emocional: 201 with the entry, at normal latency, while the diary read model cannot store it', async () => {
    const paciente = await newPaciente(srv);
    await refuseInserts(srv, 'diario_emocional');
    const t0 = Date.now();
    const r = await srv.request('POST', '/api/diario-emocional', { token: paciente.token, body: { emocion: 'Calma', intensidad: 4, nota: 'Paseo largo' } });
    expect(r.status, r.text).to.equal(201);
    expect(Date.now() - t0, 'did not wait for the failing read model').to.be.below(2_000);
    expect(r.body).to.include({ idPaciente: paciente.idPaciente, emocion: 'Calma', intensidad: 4, nota: 'Paseo largo' });
    expect(r.body.idDiario).to.be.a('number');
    expect(r.body.fecha).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    // Stored once: a client has no reason to retry.
    expect(await logEvents(srv, { type: 'DiarioRegistrado' })).to.have.length(1);
  });

  it('POST /api/citas: 201 with the appointment from its stream while the appointments read model cannot store it', async () => {
    const admin = await srv.adminToken();
    const psi = await newPsicologo(srv, admin);
    const paciente = await newPaciente(srv);
    await asignar(srv, admin, paciente.idPaciente, psi.idPsicologo);
    await refuseInserts(srv, 'citas');
    const r = await srv.request('POST', '/api/citas', { token: paciente.token, body: { idPsicologo: psi.idPsicologo, startDatetime: `${Y}-05-06T10:00:00`, motivo: 'Primera visita' } });
    expect(r.status, r.text).to.equal(201);
    expect(r.body).to.deep.include({
      idPaciente: paciente.idPaciente, idPsicologo: psi.idPsicologo, nombrePsicologo: 'Laura Gómez', nombrePaciente: 'Ana Pérez',
      startDatetime: `${Y}-05-06T10:00:00`, durationMinutes: 50, estado: 'PENDIENTE', motivo: 'Primera visita',
    });
  });

  it('POST /auth/register-paciente: the session from the registration while the users read model cannot store it', async () => {
    await refuseInserts(srv, 'usuarios');
    const body = pacienteBody();
    const r = await srv.request('POST', '/auth/register-paciente', { body });
    expect(r.status, r.text).to.equal(200);
    expect(r.body).to.include({ nombre: 'Ana', rol: 'PACIENTE' });
    expect(r.body.idUsuario).to.be.a('number');
    expect(r.body.idPaciente).to.be.a('number');
    expect(r.body.token).to.be.a('string');
  });
});
