import { expect } from 'chai';
import { auditReplay } from '../../src/cli/audit-replay.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, at, book, newPaciente, newPsicologo, type Paciente, type Psicologo } from '../citas/support.ts';

type Evento = { type: string; data: Record<string, unknown>; erased: string[] };

describe('the audit replays the patient\'s messages and appointment reasons', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let psi: Psicologo;
  let pac: Paciente;
  let otro: Paciente;

  const eventos = async (idPaciente: number): Promise<Evento[]> => {
    const r = await srv.request('GET', `/api/admin/auditoria/pacientes/${idPaciente}/eventos`, { token: admin });
    expect(r.status, r.text).to.equal(200);
    return r.body;
  };
  const send = async (token: string, receiverId: number, mensaje: string, path = '/api/mensajes') => {
    const r = await srv.request('POST', path, { token, body: { receiverId, mensaje } });
    expect(r.status, r.text).to.equal(201);
  };
  const contenido = (list: Evento[]) => list
    .filter((e) => ['MensajeEnviado', 'CitaCreada', 'CitaReprogramada'].includes(e.type))
    .map((e) => `${e.type}: ${String(e.type === 'MensajeEnviado' ? e.data.mensaje : e.data.motivo)}`);

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    psi = await newPsicologo(srv, admin);
    pac = await newPaciente(srv, 'Ana');
    otro = await newPaciente(srv, 'Luis');
    for (const p of [pac, otro]) await asignar(srv, admin, p.idPaciente, psi.idPsicologo);
    const cita = await book(srv, pac, psi.idPsicologo, at('03-10', '10:00'), 50, 'Insomnio desde hace meses');
    const moved = await srv.request('PUT', `/api/citas/${cita.idCita}`, { token: pac.token, body: { motivo: 'Insomnio y ansiedad' } });
    expect(moved.status, moved.text).to.equal(200);
    await send(pac.token, psi.idUsuario, 'No duermo bien desde el lunes');
    await send(psi.token, pac.idUsuario, 'Lo hablamos en la sesión', '/api/psicologo/mensajes');
    await book(srv, otro, psi.idPsicologo, at('03-11', '10:00'), 50, 'Motivo de otro paciente');
    await send(otro.token, psi.idUsuario, 'Mensaje de otro paciente');
  });
  after(async () => { await srv?.stop(); });

  it('lists the messages both ways and the reasons, opened, in log order; nothing of another patient', async () => {
    expect(contenido(await eventos(pac.idPaciente))).to.deep.equal([
      'CitaCreada: Insomnio desde hace meses',
      'CitaReprogramada: Insomnio y ansiedad',
      'MensajeEnviado: No duermo bien desde el lunes',
      'MensajeEnviado: Lo hablamos en la sesión',
    ]);
    expect(contenido(await eventos(otro.idPaciente))).to.deep.equal(['CitaCreada: Motivo de otro paciente', 'MensajeEnviado: Mensaje de otro paciente']);
  });

  it('the replay from the command line carries the same content', async () => {
    const out = await auditReplay(srv.config, pac.idPaciente, null);
    expect(contenido(out!.eventos as Evento[])).to.deep.equal(contenido(await eventos(pac.idPaciente)));
  });

  it('after the erasure the content stays replayable (clinical key kept); once the clinical key goes, it reads null', async () => {
    expect((await srv.request('DELETE', `/api/pacientes/${pac.idPaciente}`, { token: admin })).status).to.equal(204);
    expect(contenido(await eventos(pac.idPaciente))).to.have.length(4).and.to.include('MensajeEnviado: No duermo bien desde el lunes');
    await srv.deps.keys.destroy(await srv.deps.keys.resolve(`paciente-${pac.idPaciente}`), 'clinical');
    const after = (await eventos(pac.idPaciente)).filter((e) => ['MensajeEnviado', 'CitaCreada', 'CitaReprogramada'].includes(e.type));
    expect(after).to.have.length(4);
    for (const e of after) {
      const field = e.type === 'MensajeEnviado' ? 'mensaje' : 'motivo';
      expect(e.data[field], e.type).to.equal(null);
      expect(e.erased, e.type).to.include(field);
    }
  });
});
