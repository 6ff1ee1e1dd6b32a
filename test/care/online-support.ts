import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import type { ManualClock } from '../../src/platform/clock.ts';
import type { TestServer } from '../support/server.ts';
import { expectSession, pacienteBody, psicologoBody } from '../http/helpers.ts';

/** The Jitsi of the online-session tests: a secret drawn per run, as a deployment's would be. */
export const JITSI = {
  JITSI_DOMAIN: 'meet.consulta.test', JITSI_APP_ID: 'consulta-psicologia', JITSI_APP_SECRET: randomBytes(32).toString('base64url'),
  JITSI_OPEN_MINUTES_BEFORE: '10',
};

export interface Persona {
  token: string;
  idUsuario: number;
  email: string;
  password: string;
  idPaciente: number;
  idPsicologo: number;
}

export async function paciente(srv: TestServer, aceptaVideoconferencia = true): Promise<Persona> {
  const body = pacienteBody({ aceptaVideoconferencia });
  const r = await srv.request('POST', '/auth/register-paciente', { body });
  expectSession(r, 'PACIENTE');
  return { token: r.body.token, idUsuario: r.body.idUsuario, email: body.usuario.email, password: body.usuario.password, idPaciente: r.body.idPaciente, idPsicologo: -1 };
}

export async function psicologo(srv: TestServer, admin: string): Promise<Persona> {
  const body = psicologoBody();
  const r = await srv.request('POST', '/auth/register-psicologo', { token: admin, body });
  expectSession(r, 'PSICOLOGO');
  return { token: r.body.token, idUsuario: r.body.idUsuario, email: body.email, password: body.password, idPaciente: -1, idPsicologo: r.body.idPsicologo };
}

/** POST /api/citas as the patient, with the test clock well before the start. */
export async function reservar(srv: TestServer, p: Persona, idPsicologo: number, startDatetime: string, modalidad?: string) {
  return srv.request('POST', '/api/citas', { token: p.token, body: { idPsicologo, startDatetime, durationMinutes: 50, ...(modalidad ? { modalidad } : {}) } });
}

/** The room name the appointment's stream holds now (what only the service knows). */
export async function salaDe(srv: TestServer, idCita: number): Promise<string | null> {
  let sala: string | null = null;
  for (const e of await srv.deps.store.readStream(`cita-${idCita}`)) {
    const d = e.data as { sala?: string };
    if (d.sala) sala = d.sala;
  }
  return sala;
}

/** A refusal: its status and that its message matches. */
export function refused(r: { status: number; body: any; text: string }, status: number, mensaje: RegExp): void {
  expect(r.status, r.text).to.equal(status);
  expect(r.body.status).to.equal(status);
  expect(r.body.mensaje).to.match(mensaje);
}

/**
 * Checks a join link's token as Jitsi's Prosody token plugin does (token/util.lib.lua with
 * luajwtjitsi): typ JWT, alg exactly HS256, signature with app_secret, `iss` the app id, `aud`,
 * `room` present and equal to the URL's room, `sub` the domain, `nbf` and `exp` at `now`.
 */
export function verificarComoJitsi(url: string, now: Date): jwt.JwtPayload & { room: string; context: { user: Record<string, unknown> } } {
  const u = new URL(url);
  expect(u.protocol).to.equal('https:');
  expect(u.host).to.equal(JITSI.JITSI_DOMAIN);
  const token = u.searchParams.get('jwt')!;
  const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
  expect(header).to.deep.equal({ alg: 'HS256', typ: 'JWT' });
  const claims = jwt.verify(token, JITSI.JITSI_APP_SECRET, {
    algorithms: ['HS256'], issuer: JITSI.JITSI_APP_ID, audience: 'jitsi', subject: JITSI.JITSI_DOMAIN, clockTimestamp: Math.floor(now.getTime() / 1000),
  }) as jwt.JwtPayload & { room: string; context: { user: Record<string, unknown> } };
  expect(claims.room).to.be.a('string');
  // verify_room compares with the MUC room's lower-cased name: the claim must be that name.
  expect(claims.room).to.equal(claims.room.toLowerCase());
  expect(decodeURIComponent(u.pathname.slice(1))).to.equal(claims.room);
  expect(claims.nbf).to.be.a('number');
  expect(claims.exp).to.be.a('number');
  return claims;
}

export const at = (iso: string) => new Date(iso);

/** Moves the test clock and signs everyone in again: a token lives JWT_EXPIRATION_MS of that clock. */
export async function setClock(srv: TestServer, clock: ManualClock, iso: string, personas: Persona[]): Promise<void> {
  clock.set(at(iso));
  for (const p of personas) p.token = await srv.login(p.email, p.password);
}
