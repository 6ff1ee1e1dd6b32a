// The fuzz run's data set, made through the API itself: one administrator, two psychologists, two
// patients (each assigned), an appointment and one record of each kind, so path ids hit real rows.
import { expect } from 'chai';
import sharp from 'sharp';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from '../support/server.ts';
import { pacienteBody, psicologoBody } from '../http/helpers.ts';
import type { Fixtures, Identity } from './cases.ts';
import type { Pools } from './generator.ts';

export interface DataSet extends Fixtures {
  /** The Authorization header of each identity; `garbage` has several, used in turn. */
  headers: Record<Exclude<Identity, 'garbage'>, string | undefined>;
  garbage: string[];
}

const Y = new Date().getFullYear() + 1;
const today = () => new Date().toISOString().slice(0, 10);

/** Every integer `id*` value of a body (nested too), by key; `id` gathers them all. */
function collectIds(value: unknown, pools: Pools): void {
  if (Array.isArray(value)) return value.forEach((v) => collectIds(v, pools));
  if (!value || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    if (Number.isInteger(v) && (v as number) > 0 && /^id[A-Z]|^receiverId$|^senderId$/.test(k)) {
      const key = k === 'senderId' || k === 'receiverId' ? 'idUsuario' : k;
      for (const pool of [(pools[key] ??= []), (pools.id ??= [])]) if (!pool.includes(v as number)) pool.push(v as number);
    } else collectIds(v, pools);
  }
}

export async function buildDataSet(srv: TestServer): Promise<DataSet> {
  const pools: Pools = {};
  const call = async (method: string, path: string, token: string, body: unknown, must = true) => {
    const r = await srv.request(method, path, { token, body });
    if (must) expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 201);
    if (r.status < 300) collectIds(r.body, pools);
    return r.body;
  };
  const admin = await srv.adminToken();
  await call('GET', '/auth/admins', admin, undefined);
  const psiBody = psicologoBody({ licencia: `L-${process.pid}-1` });
  const psi = await call('POST', '/auth/register-psicologo', admin, psiBody);
  const psi2 = await call('POST', '/auth/register-psicologo', admin, psicologoBody({ nombre: 'Marta', licencia: `L-${process.pid}-2` }));
  const pacR = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody() });
  const pac2R = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { nombre: 'Luis' }) });
  expect([pacR.status, pac2R.status], pacR.text + pac2R.text).to.deep.equal([200, 200]);
  const [pac, pac2] = [pacR.body, pac2R.body];
  collectIds([pac, pac2], pools);
  await call('POST', '/api/admin/psicologos/asignar-psicologo', admin, { idPaciente: pac.idPaciente, idPsicologo: psi.idPsicologo });
  await call('POST', '/api/admin/psicologos/asignar-psicologo', admin, { idPaciente: pac2.idPaciente, idPsicologo: psi2.idPsicologo });
  const cita = await call('POST', '/api/citas', pac.token, { idPsicologo: psi.idPsicologo, startDatetime: `${Y}-03-10T10:00:00`, durationMinutes: 50, motivo: 'Ansiedad' });
  await call('POST', '/api/citas', pac2.token, { idPsicologo: psi2.idPsicologo, startDatetime: `${Y}-03-11T10:00:00`, durationMinutes: 50, motivo: null });

  const png = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 200, b: 90 } } }).png().toBuffer());
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'foto.png');
  const foto = await fetch(`${srv.url}/api/psicologo/${psi.idPsicologo}/foto`, { method: 'POST', headers: { Authorization: `Bearer ${psi.token}` }, body: form });
  const perfil = (await foto.json()) as { fotoPerfilUrl?: string };
  expect(foto.status, JSON.stringify(perfil)).to.equal(200);

  // One record of each kind; not every one need succeed (their own rules are other tests' business).
  const deviceTokens = [`fuzz-device-${process.pid}`];
  await call('POST', '/api/dispositivos', pac.token, { token: deviceTokens[0] }, false);
  await call('POST', '/api/direcciones', pac.token, { calle: 'Calle Mayor 1', codigoPostal: '28001', pais: 'España' }, false);
  await call('POST', '/api/admin/situaciones', admin, { nombre: `Duelo ${process.pid}`, categoria: 'Emocional' }, false);
  await call('POST', '/api/psicologo/bloqueos', psi.token, { fecha: `${Y}-04-01`, motivo: 'Formación' }, false);
  await call('POST', '/api/psicologo/historial-clinico', psi.token, { titulo: 'Primera visita', idPaciente: pac.idPaciente }, false);
  await call('POST', '/api/historial-clinico', pac.token, { titulo: 'Mis notas' }, false);
  await call('POST', '/api/diario-emocional', pac.token, { emocion: 'Calma', intensidad: 4, nota: 'Bien' }, false);
  await call('POST', '/api/progreso-emocional', pac.token, { fecha: today(), nivelEstres: 3, nivelAnsiedad: 4, nivelAnimo: 7 }, false);
  await call('POST', '/api/mensajes', pac.token, { receiverId: psi.idUsuario, mensaje: 'Hola', idCita: cita.idCita }, false);
  await call('POST', '/api/psicologo/mensajes', psi.token, { receiverId: pac.idUsuario, mensaje: 'Hola, Ana' }, false);
  await call('PUT', `/api/psicologo/citas/${cita.idCita}`, psi.token, { estado: 'CONFIRMADA' }, false);
  const session = { idCita: cita.idCita, sessionDate: `${Y}-03-10T10:00:00`, durationMinutes: 50, notas: 'Primera sesión' };
  await call('POST', '/api/psicologo/sesiones', psi.token, { ...session, idPaciente: pac.idPaciente }, false);
  await call('POST', '/api/sesiones', pac.token, session, false);

  const [h, p] = admin.split('.');
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return {
    pools,
    files: [String(perfil.fotoPerfilUrl).replace(/^\/files\//, '')],
    deviceTokens,
    png,
    examples: {
      'POST /auth/login': [
        { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { email: psiBody.email, password: psiBody.password },
        { email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD }, { email: ADMIN_EMAIL, password: 'wrong-password1' },
      ],
    },
    headers: { none: undefined, ADMIN: `Bearer ${admin}`, PSICOLOGO: `Bearer ${psi.token}`, PACIENTE: `Bearer ${pac.token}` },
    garbage: [
      'Bearer garbage',
      `Bearer ${h}.${p}.${Buffer.from('not-the-signature').toString('base64url')}`,
      `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${p}.`,
      'Basic dXNlcjpwYXNz',
      `Bearer ${'a'.repeat(4000)}`,
      'Bearer',
      `Bearer ${admin} ${admin}`,
    ],
  };
}
