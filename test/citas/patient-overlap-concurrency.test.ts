import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { at, newPaciente, newPsicologo, type Paciente, type Psicologo } from './support.ts';

const PACIENTE_SOLAPA = 'Ya tiene otra cita que se solapa con ese horario (con este u otro psicólogo)';

// The patient's own day streams (agenda-paciente-<id>-<day>) decide overlaps across
// psychologists: two bookings at once with two different psychologists both write that stream,
// so one of them is decided again on the other's result.
describe('a patient booking two psychologists at the same time, at once', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let ana: Paciente;
  let laura: Psicologo;
  let marta: Psicologo;

  before(async () => {
    srv = await startTestServer();
    const admin = await srv.adminToken();
    laura = await newPsicologo(srv, admin);
    marta = await newPsicologo(srv, admin, 'Marta', 'Ruiz');
    ana = await newPaciente(srv, 'Ana');
  });
  after(async () => { await srv?.stop(); });

  const post = (idPsicologo: number, startDatetime: string) =>
    srv.request('POST', '/api/citas', { token: ana.token, body: { idPsicologo, startDatetime, durationMinutes: 50, motivo: 'Seguimiento' } });

  it('exactly one 201 and one 409 each time; the patient holds one live appointment per time', async () => {
    const slots = Array.from({ length: 6 }, (_, i) => at('05-11', `${String(8 + 2 * i).padStart(2, '0')}:00`));
    for (const [i, slot] of slots.entries()) {
      // Same start, or 20 minutes later: a free slot for each psychologist, overlapping for the patient.
      const other = i % 2 === 0 ? slot : slot.replace(':00:00', ':20:00');
      const results = await Promise.all([post(laura.idPsicologo, slot), post(marta.idPsicologo, other)]);
      expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join('\n')).to.deep.equal([201, 409]);
      const refused = results.find((r) => r.status === 409)!;
      expectError(refused, 409);
      expect(refused.body.mensaje).to.equal(PACIENTE_SOLAPA);
    }
    const mine = (await srv.request('GET', '/api/citas', { token: ana.token })).body as { startDatetime: string; estado: string }[];
    expect(mine.filter((c) => c.estado === 'PENDIENTE')).to.have.length(slots.length);
  });
});
