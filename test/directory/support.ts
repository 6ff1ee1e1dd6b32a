import { expect } from 'chai';
import type { TestServer } from '../support/server.ts';
import { expectSession, pacienteBody, psicologoBody } from '../http/helpers.ts';

export interface Paciente {
  token: string;
  idPaciente: number;
  idUsuario: number;
}

/** A patient registered through the public endpoint; `over` replaces registration fields. */
export async function newPaciente(srv: TestServer, over: Record<string, unknown> = {}): Promise<Paciente> {
  const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody(over) });
  expectSession(r, 'PACIENTE');
  return { token: r.body.token, idPaciente: r.body.idPaciente, idUsuario: r.body.idUsuario };
}

/** A psychologist registered by the administrator. */
export async function newPsicologo(srv: TestServer, admin: string): Promise<{ token: string; idPsicologo: number; idUsuario: number }> {
  const r = await srv.request('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody() });
  expectSession(r, 'PSICOLOGO');
  return { token: r.body.token, idPsicologo: r.body.idPsicologo, idUsuario: r.body.idUsuario };
}

export async function asignar(srv: TestServer, admin: string, idPaciente: number, idPsicologo: number): Promise<void> {
  const r = await srv.request('POST', '/api/admin/psicologos/asignar-psicologo', { token: admin, body: { idPaciente, idPsicologo } });
  expect(r.status, r.text).to.equal(200);
}
