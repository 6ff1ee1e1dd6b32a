import { expect } from 'chai';
import { DateTime } from 'luxon';
import { startTestServer, type TestServer } from '../support/server.ts';
import { expectError } from '../http/helpers.ts';
import { asignar, newPaciente, newPsicologo, Y, type Paciente, type Psicologo } from '../citas/support.ts';

// A refused value is answered with what the field takes: its form and its range, in the caller's language.
describe('validation messages name the expected form and range', function () {
  this.timeout(60_000);
  let srv: TestServer;
  let admin: string;
  let ana: Paciente;
  let mio: Psicologo;
  const req = (method: string, path: string, token: string, body?: unknown, lang = 'es') =>
    srv.request(method, path, { token, body, headers: { 'Accept-Language': lang } });

  before(async () => {
    srv = await startTestServer();
    admin = await srv.adminToken();
    ana = await newPaciente(srv);
    mio = await newPsicologo(srv, admin);
    await asignar(srv, admin, ana.idPaciente, mio.idPsicologo);
  });
  after(async () => {
    await srv?.stop();
  });

  it('names the form and range of each field refused by the schema', async () => {
    const today = DateTime.now().setZone('Europe/Madrid').toFormat('yyyy-LL-dd');
    const cases: [string, string, string, unknown, string][] = [
      ['PUT', '/api/psicologo/horario', mio.token, { desde: today, dias: [{ dia: 1, intervalos: [{ horaInicio: '9:00', horaFin: '14:00' }] }] },
        'dias.0.intervalos.0.horaInicio: se esperaba una hora HH:mm entre 00:00 y 23:59'],
      ['POST', '/api/psicologo/bloqueos', mio.token, { fecha: `${Y}-05-04`, horaInicio: '25:00', horaFin: '26:00', motivo: 'Formación' },
        'horaInicio: se esperaba una hora HH:mm entre 00:00 y 23:59 o null'],
      ['PUT', '/api/ajustes', ana.token, { recordatorios: [0] },
        'recordatorios: se esperaba una lista de 1 a 3 elementos distintos, cada uno un número entero entre 1 y 168'],
      ['PUT', '/api/ajustes', ana.token, { recordatorios: [24, 24] },
        'recordatorios: se esperaba una lista de 1 a 3 elementos distintos, cada uno un número entero entre 1 y 168'],
      ['PUT', '/api/ajustes', ana.token, { recordatorios: [1, 2, 3, 4] },
        'recordatorios: se esperaba una lista de 1 a 3 elementos distintos, cada uno un número entero entre 1 y 168'],
      ['PUT', '/api/ajustes', ana.token, { timezone: 'Mars/Olympus' }, 'timezone: se esperaba una zona horaria IANA, p. ej. Europe/Madrid'],
      ['POST', '/api/diario-emocional', ana.token, { emocion: 'Calma', intensidad: 11 }, 'intensidad: se esperaba un número entero entre 1 y 10'],
      ['POST', '/api/diario-emocional', ana.token, { emocion: 'Calma', intensidad: '5' }, 'intensidad: se esperaba un número entero entre 1 y 10'],
      ['POST', '/api/diario-emocional', ana.token, { emocion: 'Calma' }, 'Falta el campo obligatorio: intensidad (un número entero entre 1 y 10)'],
      ['POST', '/api/progreso-emocional', ana.token, { fecha: today, nivelEstres: 11, nivelAnsiedad: 1, nivelAnimo: 1 }, 'nivelEstres: se esperaba un número entero entre 0 y 10'],
      ['POST', '/api/citas', ana.token, { idPsicologo: mio.idPsicologo, startDatetime: `${Y}-13-01T10:00:00` },
        'startDatetime: se esperaba una fecha y hora AAAA-MM-DDTHH:mm:ss entre 1900-01-01T00:00:00 y 2100-12-31T23:59:59'],
      ['POST', '/api/citas', ana.token, { idPsicologo: mio.idPsicologo, startDatetime: `${Y}-03-10T10:00:00`, durationMinutes: 0 }, 'durationMinutes: se esperaba un número entero entre 1 y 600'],
      ['PUT', '/api/psicologo/citas/1', mio.token, { estado: 'HECHA' }, 'estado: se esperaba uno de: PENDIENTE, CONFIRMADA, CANCELADA, COMPLETADA'],
      ['POST', '/auth/register-psicologo', admin, { nombre: 'Eva', apellido: 'Ruiz', email: 'eva@example.com', password: 'secreto123', experiencia: -1 },
        'experiencia: se esperaba un número entero entre 0 y 80'],
      ['POST', '/auth/register-psicologo', admin, { nombre: 'Eva', apellido: 'Ruiz', email: 'eva@example.com', password: 'corta1', experiencia: 3 },
        'password: se esperaba una contraseña con al menos una letra y un dígito, de 8 a 72 caracteres'],
      ['POST', '/api/direcciones', ana.token, { calle: 'Mayor 1', codigoPostal: '1' },
        'codigoPostal: se esperaba un código postal de 3 a 10 letras, dígitos, espacios o guiones (en España, cinco dígitos que empiezan por 01 a 52), de hasta 10 caracteres'],
      ['POST', '/api/direcciones', ana.token, { calle: 'Mayor 1', codigoPostal: '99999', pais: 'España' }, 'codigoPostal: se esperaba un código postal español, cinco dígitos que empiezan por 01 a 52'],
      ['POST', '/api/diario-emocional', ana.token, { emocion: ' ', intensidad: 5 }, 'emocion: se esperaba un texto no vacío de hasta 100 caracteres'],
      ['GET', `/api/psicologos/${mio.idPsicologo}/disponibilidad?desde=${today}&hasta=${today}&duracion=481`, ana.token, undefined, 'duracion: se esperaba un número entero de 1 a 480'],
      ['GET', '/api/psicologo/sesiones?idPaciente=0', mio.token, undefined, 'idPaciente: se esperaba un número entero de 1 a 2147483647'],
      ['GET', '/api/citas/0', ana.token, undefined, 'id: se esperaba un identificador entero de 1 a 2147483647'],
    ];
    for (const [method, path, token, body, mensaje] of cases) expectError(await req(method, path, token, body), 400, mensaje);
  });

  it('says the same in English', async () => {
    expectError(await req('POST', '/api/diario-emocional', ana.token, { emocion: 'Calma', intensidad: 0 }, 'en'), 400, 'intensidad: expected a whole number between 1 and 10');
    expectError(await req('PUT', '/api/ajustes', ana.token, { recordatorios: [200] }, 'en'), 400,
      'recordatorios: expected a list of 1 to 3 distinct items, each a whole number between 1 and 168');
    expectError(await req('POST', '/api/citas', ana.token, { idPsicologo: mio.idPsicologo, startDatetime: '10:00' }, 'en'), 400,
      'startDatetime: expected a date and time YYYY-MM-DDTHH:mm:ss between 1900-01-01T00:00:00 and 2100-12-31T23:59:59');
  });
});
