import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { startKurrentStandIn, type KurrentStandIn } from '../kurrentdb-wire/server.ts';
import { newPaciente, newPsicologo, asignar } from '../clinico/support.ts';

// A patient's data export (GDPR art. 20) holds the events of every area they used, whichever store
// keeps the log. It used to find the streams by querying PostgreSQL's `events` table, so on KurrentDB
// it held the user and patient streams only: appointments, sessions, diary... silently missing.

const ZONE = 'Europe/Madrid';
const AREAS = ['cita', 'sesion', 'historial', 'diario', 'progreso', 'mensaje', 'direccion', 'usuario', 'paciente'];

/** The kinds of stream the export's events come from: `cita-12` → `cita`. */
const kinds = (eventos: { stream: string }[]) => [...new Set(eventos.map((e) => e.stream.replace(/-[\d-]+$/, '')))];

for (const store of ['postgres', 'kurrentdb'] as const) {
  describe(`GET /api/pacientes/{id}/exportacion with the log in ${store === 'postgres' ? 'PostgreSQL' : 'KurrentDB (stand-in)'}`, function () {
    this.timeout(120_000);
    let standIn: KurrentStandIn | undefined;
    let srv: TestServer;

    before(async () => {
      let env: Record<string, string> = { EVENT_STORE: 'postgres' };
      if (store === 'kurrentdb') {
        standIn = await startKurrentStandIn();
        env = { EVENT_STORE: 'kurrentdb', KURRENTDB_URL: `${standIn.url}&streamPrefix=export_${process.pid}_${Date.now()}` };
      }
      srv = await startTestServer({ env });
    });
    after(async () => {
      await srv?.stop();
      await standIn?.close();
    });

    const ok = async (method: string, path: string, token: string, body?: unknown) => {
      const r = await srv.request(method, path, { token, body });
      expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 299);
      return r.body;
    };

    it('holds the events of every area the patient used, and none of another patient', async () => {
      expect(srv.config.eventStore).to.equal(store);
      const admin = await srv.adminToken();
      const psi = await newPsicologo(srv, admin);
      const [pac, other] = [await newPaciente(srv), await newPaciente(srv)];
      for (const p of [pac, other]) await asignar(srv, admin, p.idPaciente, psi.idPsicologo);
      const start = DateTime.now().setZone(ZONE).plus({ days: 10 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 }).toFormat("yyyy-LL-dd'T'HH:mm:ss");
      await ok('POST', '/api/direcciones', pac.token, { calle: 'Calle Export 1', ciudad: 'Madrid', provincia: 'Madrid', codigoPostal: '28001', pais: 'España' });
      const cita = await ok('POST', '/api/citas', pac.token, { idPsicologo: psi.idPsicologo, startDatetime: start, durationMinutes: 50, motivo: 'Insomnio' });
      await ok('PUT', `/api/psicologo/citas/${cita.idCita}`, psi.token, { estado: 'CONFIRMADA' });
      await ok('POST', '/api/sesiones', pac.token, { idCita: cita.idCita, sessionDate: start, durationMinutes: 50, notas: 'Nota de sesión' });
      await ok('POST', '/api/historial-clinico', pac.token, { titulo: 'Mi historial', diagnostico: 'TAG', tratamiento: 'TCC' });
      await ok('POST', '/api/diario-emocional', pac.token, { emocion: 'Calma', intensidad: 4, nota: 'Buen día' });
      await ok('POST', '/api/progreso-emocional', pac.token, { fecha: DateTime.now().setZone(ZONE).toISODate(), nivelEstres: 3, nivelAnsiedad: 2, nivelAnimo: 7 });
      await ok('POST', '/api/mensajes', pac.token, { receiverId: psi.idUsuario, mensaje: 'Hola', idCita: cita.idCita });
      await ok('POST', '/api/diario-emocional', other.token, { emocion: 'Ajeno', intensidad: 9, nota: 'De otro paciente' });

      const r = await srv.request('GET', `/api/pacientes/${pac.idPaciente}/exportacion`, { token: pac.token });
      expect(r.status, r.text).to.equal(200);
      expect(kinds(r.body.eventos)).to.include.members(AREAS);
      const types = r.body.eventos.map((e: { type: string }) => e.type);
      expect(types).to.include.members(['CitaCreada', 'SesionRegistrada', 'DiarioRegistrado', 'MensajeEnviado']);
      expect(r.body.eventos.find((e: { data: { nota?: string } }) => e.data.nota === 'Buen día'), 'the diary entry, opened').to.not.equal(undefined);
      expect(JSON.stringify(r.body.eventos)).not.to.include('De otro paciente');
    });
  });
}
