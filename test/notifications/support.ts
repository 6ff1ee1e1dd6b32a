import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { TestServer } from '../support/server.ts';
import { expectSession, pacienteBody, psicologoBody } from '../http/helpers.ts';
import type { ReceivedMail } from '../support/smtp.ts';

export interface Persona {
  token: string;
  idUsuario: number;
  email: string;
  nombre: string;
  idPaciente: number;
  idPsicologo: number;
}

/** A patient registered through the public endpoint. */
export async function newPaciente(srv: TestServer, nombre = 'Ana'): Promise<Persona> {
  const body = pacienteBody({}, { nombre });
  const r = await srv.request('POST', '/auth/register-paciente', { body });
  expectSession(r, 'PACIENTE');
  return { token: r.body.token, idUsuario: r.body.idUsuario, email: body.usuario.email, nombre, idPaciente: r.body.idPaciente, idPsicologo: -1 };
}

/** A psychologist registered by the administrator. */
export async function newPsicologo(srv: TestServer, admin: string, nombre = 'Laura'): Promise<Persona> {
  const body = psicologoBody({ nombre });
  const r = await srv.request('POST', '/auth/register-psicologo', { token: admin, body });
  expectSession(r, 'PSICOLOGO');
  return { token: r.body.token, idUsuario: r.body.idUsuario, email: body.email, nombre, idPaciente: -1, idPsicologo: r.body.idPsicologo };
}

export async function asignar(srv: TestServer, admin: string, idPaciente: number, idPsicologo: number): Promise<void> {
  const r = await srv.request('POST', '/api/admin/psicologos/asignar-psicologo', { token: admin, body: { idPaciente, idPsicologo } });
  expect(r.status, r.text).to.equal(200);
}

/** Appends an appointment event as the citas area would (metadata of src/commands/handler.ts) and waits for the read models. */
export async function appendCita(srv: TestServer, type: string, data: Record<string, unknown>): Promise<void> {
  const now = srv.deps.clock.now().toISOString();
  const { position } = await srv.deps.store.append([{
    streamId: `cita-${data.idCita}`,
    expected: 'any',
    events: [{ type, data, metadata: { eventId: randomUUID(), actor: { idUsuario: null, rol: 'PACIENTE' }, correlationId: randomUUID(), causationId: null, occurredAt: now } }],
  }]);
  expect(await srv.deps.projections.waitFor(position, 10_000)).to.equal(true);
}

/** A new PENDIENTE appointment (CitaCreada) between the two; returns its id. */
export async function newCita(srv: TestServer, idPaciente: number, idPsicologo: number, startDatetime: string): Promise<number> {
  const idCita = await srv.deps.ids('cita');
  await appendCita(srv, 'CitaCreada', { idCita, idPaciente, idPsicologo, startDatetime, durationMinutes: 50, motivo: 'Seguimiento' });
  return idCita;
}

export async function cancelCita(srv: TestServer, c: { idCita: number; idPaciente: number; idPsicologo: number; startDatetime: string }): Promise<void> {
  await appendCita(srv, 'CitaCancelada', { ...c, canceladaPor: 'PACIENTE' });
}

/** Event types of an appointment's stream, in order. */
export async function citaEvents(srv: TestServer, idCita: number): Promise<{ type: string; data: any }[]> {
  return (await srv.deps.store.readStream(`cita-${idCita}`)).map((e) => ({ type: e.type, data: e.data }));
}

function decodeWords(header: string): string {
  return header.replace(/\r?\n[ \t]+/g, ' ').replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, enc: string, s: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(s, 'base64').toString('utf8')
      : Buffer.from(s.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'));
}

/** Subject and text of a single-part mail as nodemailer writes it (7bit, quoted-printable or base64). */
export function readMail(mail: ReceivedMail): { to: string[]; subject: string; text: string } {
  const split = mail.raw.indexOf('\r\n\r\n');
  const head = mail.raw.slice(0, split);
  let body = mail.raw.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:(.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(head)?.[1].trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') {
    body = Buffer.from(body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  } else if (encoding === 'base64') {
    body = Buffer.from(body, 'base64').toString('utf8');
  }
  return { to: mail.to, subject: decodeWords(header('Subject')), text: body.replace(/\r\n/g, '\n') };
}

const WELCOME = /^(Bienvenido|Welcome)/;

/** Appointment mails received so far for an address (the welcome mail left out), decoded. */
export const mailsTo = (srv: TestServer, email: string) =>
  srv.smtp.mails.filter((m) => m.to.includes(email)).map(readMail).filter((m) => !WELCOME.test(m.subject));

/** Waits until `email` has `n` appointment mails (or the time is up) and returns them. */
export async function waitMailsTo(srv: TestServer, email: string, n: number, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (mailsTo(srv, email).length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  return mailsTo(srv, email);
}

/** Pushes recorded for a device token. */
export const pushesTo = (srv: TestServer, token: string) => srv.push.sent.filter((p) => p.token === token);

/** Lets reactors and the outbox run for a while: for asserting that nothing (more) arrives. */
export const settle = (ms = 1500) => new Promise((r) => setTimeout(r, ms));
