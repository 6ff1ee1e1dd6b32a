import { expect } from 'chai';
import type { TestServer } from '../support/server.ts';
import { expectSession, pacienteBody, psicologoBody } from '../http/helpers.ts';

export interface Paciente {
  token: string;
  idPaciente: number;
  idUsuario: number;
}

export interface Psicologo {
  token: string;
  idPsicologo: number;
  idUsuario: number;
}

/** A patient registered through the public endpoint. */
export async function newPaciente(srv: TestServer): Promise<Paciente> {
  const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody() });
  expectSession(r, 'PACIENTE');
  return { token: r.body.token, idPaciente: r.body.idPaciente, idUsuario: r.body.idUsuario };
}

/** A psychologist registered by the administrator. */
export async function newPsicologo(srv: TestServer, admin: string): Promise<Psicologo> {
  const r = await srv.request('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody() });
  expectSession(r, 'PSICOLOGO');
  return { token: r.body.token, idPsicologo: r.body.idPsicologo, idUsuario: r.body.idUsuario };
}

export async function asignar(srv: TestServer, admin: string, idPaciente: number, idPsicologo: number): Promise<void> {
  const r = await srv.request('POST', '/api/admin/psicologos/asignar-psicologo', { token: admin, body: { idPaciente, idPsicologo } });
  expect(r.status, r.text).to.equal(200);
}

/** A psychologist with one assigned patient, and a patient of nobody. */
export async function practice(srv: TestServer, admin: string) {
  const psicologo = await newPsicologo(srv, admin);
  const paciente = await newPaciente(srv);
  await asignar(srv, admin, paciente.idPaciente, psicologo.idPsicologo);
  return { psicologo, paciente };
}

/** Every row of a table in primary-key order, as JSON text (dates and numerics compared as stored). */
export async function dump(srv: TestServer, table: string, orderBy: string): Promise<string> {
  const { rows } = await srv.deps.knex.raw(`select to_jsonb(t) as row from ?? as t order by ${orderBy}`, [table]);
  return JSON.stringify(rows.map((r: { row: unknown }) => r.row));
}
