import { expect } from 'chai';
import { DateTime } from 'luxon';

export interface Res {
  status: number;
  body: any;
  headers: Headers;
  text: string;
}

const REASON: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
  409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests', 500: 'Internal Server Error',
};

/** The spec's error body: {mensaje, timestamp, status, error}, timestamp the practice's wall clock. */
export function expectError(r: Res, status: number, mensaje?: string | RegExp): void {
  expect(r.status, r.text).to.equal(status);
  expect(r.headers.get('content-type') ?? '').to.match(/^application\/json/);
  expect(r.body).to.have.all.keys('mensaje', 'timestamp', 'status', 'error');
  expect(r.body.status).to.equal(status);
  expect(r.body.error).to.equal(REASON[status]);
  expect(r.body.mensaje).to.be.a('string').and.not.equal('');
  expect(r.body.timestamp).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  const ts = DateTime.fromISO(r.body.timestamp, { zone: 'Europe/Madrid' });
  expect(Math.abs(ts.diffNow('seconds').seconds), 'timestamp is Madrid local time').to.be.below(120);
  if (typeof mensaje === 'string') expect(r.body.mensaje).to.equal(mensaje);
  else if (mensaje) expect(r.body.mensaje).to.match(mensaje);
}

/** The login response shape, exactly. */
export function expectSession(r: Res, rol: 'ADMIN' | 'PSICOLOGO' | 'PACIENTE'): void {
  expect(r.status, r.text).to.equal(200);
  expect(r.body).to.have.all.keys('idUsuario', 'nombre', 'rol', 'token', 'idPsicologo', 'idPaciente');
  expect(r.body.idUsuario).to.be.a('number');
  expect(r.body.rol).to.equal(rol);
  expect(r.body.token).to.match(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  if (rol === 'PSICOLOGO') expect(r.body.idPsicologo).to.be.a('number');
  else expect(r.body.idPsicologo).to.equal(null);
  if (rol === 'PACIENTE') expect(r.body.idPaciente).to.be.a('number');
  else expect(r.body.idPaciente).to.equal(null);
}

export const b64url = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');

export function decodeJwt(token: string): { header: any; payload: any } {
  const [h, p] = token.split('.');
  return { header: JSON.parse(Buffer.from(h, 'base64url').toString()), payload: JSON.parse(Buffer.from(p, 'base64url').toString()) };
}

let seq = 0;
/** A unique e-mail for this run. */
export const uniqueEmail = (tag = 'u') => `${tag}.${process.pid}.${Date.now()}.${++seq}@example.com`;

/** A complete, valid patient registration body; `over` replaces top-level fields, `usuario` user fields. */
export function pacienteBody(over: Record<string, unknown> = {}, usuario: Record<string, unknown> = {}) {
  return {
    usuario: { nombre: 'Ana', apellido: 'Pérez', email: uniqueEmail('pac'), password: 'secreto123', dni: '12345678Z', ...usuario },
    fechaNacimiento: '1990-05-01', genero: 'F', telefono: '+34 600 000 000',
    direccion: [{ calle: 'Calle Mayor 1', ciudad: 'Madrid', provincia: 'Madrid', codigoPostal: '28001', pais: 'España' }],
    metodoPago: 'ONLINE', aceptaTerminos: true, aceptaVideoconferencia: true, aceptaComunicacion: false,
    ...over,
  };
}

export const psicologoBody = (over: Record<string, unknown> = {}) => ({
  nombre: 'Laura', apellido: 'Gómez', email: uniqueEmail('psi'), password: 'terapia2024',
  especialidad: 'Clínica', experiencia: 7, descripcion: 'Terapia cognitivo-conductual', ...over,
});

export const adminBody = (over: Record<string, unknown> = {}) => ({
  nombre: 'Carmen', apellido: 'Ruiz', email: uniqueEmail('adm'), password: 'gestion2024', ...over,
});
