import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { expect } from 'chai';
import { DateTime } from 'luxon';
import type { TestServer } from '../support/server.ts';
import { asignar, newCita, newPaciente, type Persona } from '../notifications/support.ts';
import { newFirmante, type Firmante } from '../clinico/firma-support.ts';

// The practice test/fhir/attack.test.ts attacks: two psychologists with patients and every kind of
// record, written through the REST API, and SMART Backend Services clients.

export interface Practice {
  admin: string;
  psiA: Firmante;
  psiB: Firmante;
  /** psiA's patients. */
  a1: Persona;
  a2: Persona;
  /** psiB's patient. */
  b1: Persona;
  citas: { a1: number; b1: number };
  sesiones: { a1: number; b1: number };
  idBloqueo: number;
  /** An invoice issued to a1 and one to b1 (Invoice); their sessions' appointments are charged (ChargeItem). */
  facturas: { a1: { idFactura: number; numSerie: string }; b1: { idFactura: number; numSerie: string } };
}

async function ok(srv: TestServer, method: string, path: string, token: string, body?: unknown) {
  const r = await srv.request(method, path, { token, body });
  expect(r.status, `${method} ${path}: ${r.text}`).to.be.oneOf([200, 201, 204]);
  return r.body;
}

/** Records of every type for one patient of one psychologist (session with notes, history, diary, message, questionnaire answer). */
async function records(srv: TestServer, psi: Firmante, p: Persona, idCita: number, at: string): Promise<number> {
  const sesion = await ok(srv, 'POST', '/api/psicologo/sesiones', psi.token, { idCita, idPaciente: p.idPaciente, sessionDate: at, durationMinutes: 50, notas: `Notas de ${p.nombre}`, recomendaciones: 'Respirar' });
  await ok(srv, 'POST', '/api/psicologo/historial-clinico', psi.token, { idPaciente: p.idPaciente, titulo: 'Evaluación', diagnostico: 'Ansiedad', tratamiento: 'TCC', observaciones: null });
  await ok(srv, 'POST', '/api/diario-emocional', p.token, { emocion: 'Ansiedad', intensidad: 6, nota: 'Nota privada' });
  await ok(srv, 'POST', '/api/progreso-emocional', p.token, { fecha: DateTime.now().toFormat('yyyy-LL-dd'), nivelEstres: 5, nivelAnsiedad: 5, nivelAnimo: 5 });
  await ok(srv, 'POST', '/api/mensajes', p.token, { receiverId: psi.idUsuario, mensaje: `Hola, soy ${p.nombre}` });
  // An outcome measure (QuestionnaireResponse and its score Observation).
  await ok(srv, 'POST', '/api/psicologo/cuestionarios/asignaciones', psi.token, { idPaciente: p.idPaciente, instrumento: 'PHQ-9', pauta: { tipo: 'UNA_VEZ' } });
  await ok(srv, 'POST', '/api/cuestionarios/PHQ-9/respuestas', p.token, { respuestas: Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [String(n), n % 4])) });
  return sesion.idSesion as number;
}

/** The practice issues its invoices; a service of the appointments' length, so that held sessions are charged. */
async function billing(srv: TestServer, admin: string): Promise<number> {
  await ok(srv, 'PUT', '/api/admin/facturacion/ajustes', admin, {
    emisorEs: 'CONSULTA', consulta: { nombreRazon: 'Consulta Ejemplo S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1', '28013 Madrid'] },
  });
  return (await ok(srv, 'POST', '/api/admin/servicios', admin, { nombre: 'Sesión individual', precioCentimos: 6000, duracionMinutos: 50 })).idServicio;
}

/** An invoice of one session to the patient, once the charges of the sessions are recorded. */
async function invoice(srv: TestServer, admin: string, idPaciente: number, idServicio: number) {
  const f = await ok(srv, 'POST', '/api/admin/facturas', admin, { idPaciente, lineas: [{ idServicio }] });
  return { idFactura: f.idFactura as number, numSerie: f.numSerie as string };
}

export async function practice(srv: TestServer): Promise<Practice> {
  const admin = await srv.adminToken();
  const idServicio = await billing(srv, admin);
  const [psiA, psiB] = [await newFirmante(srv, admin, 'Laura'), await newFirmante(srv, admin, 'Marta')];
  const [a1, a2, b1] = [await newPaciente(srv, 'Ana'), await newPaciente(srv, 'Alba'), await newPaciente(srv, 'Berta')];
  await asignar(srv, admin, a1.idPaciente, psiA.idPsicologo);
  await asignar(srv, admin, a2.idPaciente, psiA.idPsicologo);
  await asignar(srv, admin, b1.idPaciente, psiB.idPsicologo);
  const dias = [1, 2, 3, 4, 5, 6, 7].map((dia) => ({ dia, intervalos: [{ horaInicio: '09:00', horaFin: '12:00' }] }));
  await ok(srv, 'PUT', '/api/psicologo/horario', psiA.token, { desde: '2020-01-01', hasta: null, dias });
  const fecha = DateTime.now().setZone('Europe/Madrid').plus({ days: 3 }).toFormat('yyyy-LL-dd');
  const idBloqueo = (await ok(srv, 'POST', '/api/psicologo/bloqueos', psiA.token, { fecha, horaInicio: '09:00', horaFin: '10:00', motivo: 'Formación' })).idBloqueo;
  const citas = { a1: await newCita(srv, a1.idPaciente, psiA.idPsicologo, '2030-01-15T10:00:00'), b1: await newCita(srv, b1.idPaciente, psiB.idPsicologo, '2030-01-16T10:00:00') };
  await newCita(srv, a2.idPaciente, psiA.idPsicologo, '2030-01-17T10:00:00');
  const sesiones = {
    a1: await records(srv, psiA, a1, citas.a1, '2030-01-15T10:00:00'),
    b1: await records(srv, psiB, b1, citas.b1, '2030-01-16T10:00:00'),
  };
  // The charges reactor records the sessions' charges moments after them.
  expect(await srv.reactors.waitFor(await srv.deps.store.head(), 20_000), 'reactors caught up').to.equal(true);
  const facturas = { a1: await invoice(srv, admin, a1.idPaciente, idServicio), b1: await invoice(srv, admin, b1.idPaciente, idServicio) };
  expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 20_000), 'read models caught up').to.equal(true);
  return { admin, psiA, psiB, a1, a2, b1, citas, sesiones, idBloqueo, facturas };
}

const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' });
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A SMART Backend Services client registered by the admin with `scopes`, and an access token for them. */
export async function smartClient(srv: TestServer, admin: string, scopes: string[]): Promise<{ idCliente: number; token: string }> {
  const kid = randomUUID();
  const reg = await srv.request('POST', '/api/admin/clientes-fhir', {
    token: admin, body: { nombre: `Cliente ${kid.slice(0, 8)}`, jwks: { keys: [{ ...ec.publicKey.export({ format: 'jwk' }), kid, alg: 'ES384' }] }, scopes },
  });
  expect(reg.status, reg.text).to.equal(201);
  const claims = { iss: reg.body.clientId, sub: reg.body.clientId, aud: `${srv.url}/fhir/R4/auth/token`, exp: Math.floor(Date.now() / 1000) + 240, jti: randomUUID() };
  const signed = `${b64({ alg: 'ES384', kid, typ: 'JWT' })}.${b64(claims)}`;
  const assertion = `${signed}.${sign('sha384', Buffer.from(signed), { key: ec.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
  const r = await srv.request('POST', '/fhir/R4/auth/token', {
    raw: new URLSearchParams({
      grant_type: 'client_credentials', client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: assertion, scope: scopes.join(' '),
    }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  expect(r.status, r.text).to.equal(200);
  return { idCliente: reg.body.idCliente, token: r.body.access_token };
}
