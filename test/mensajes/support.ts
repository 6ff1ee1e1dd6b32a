import { expect } from 'chai';
import type { Knex } from 'knex';
import type { EventStore } from '../../src/eventstore/port.ts';
import { readLog } from '../support/log.ts';
import { expectSession, pacienteBody, psicologoBody } from '../http/helpers.ts';

/** Test users of the messages and real-time suites, registered through the real endpoints. */
export interface Persona {
  token: string;
  idUsuario: number;
  idPaciente: number | null;
  idPsicologo: number | null;
}

interface Requester {
  request(method: string, path: string, opts?: { body?: unknown; token?: string }): Promise<{ status: number; body: any; text: string; headers: Headers }>;
}

export async function newPaciente(srv: Requester): Promise<Persona & { idPaciente: number }> {
  const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody() });
  expectSession(r, 'PACIENTE');
  return { token: r.body.token, idUsuario: r.body.idUsuario, idPaciente: r.body.idPaciente, idPsicologo: null };
}

export async function newPsicologo(srv: Requester, admin: string): Promise<Persona & { idPsicologo: number }> {
  const r = await srv.request('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody() });
  expectSession(r, 'PSICOLOGO');
  return { token: r.body.token, idUsuario: r.body.idUsuario, idPaciente: null, idPsicologo: r.body.idPsicologo };
}

export async function asignar(srv: Requester, admin: string, idPaciente: number, idPsicologo: number): Promise<void> {
  const r = await srv.request('POST', '/api/admin/psicologos/asignar-psicologo', { token: admin, body: { idPaciente, idPsicologo } });
  expect(r.status, r.text).to.equal(200);
}

/** Polls until `what` gives something truthy. */
export async function waitFor<T>(what: () => Promise<T | undefined | null | false> | T | undefined | null | false, ms = 5000, label = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Resolves once the push reactor has handled the MensajeEnviado of this message (the event found through the store: either store). */
export async function pushHandled(deps: { knex: Knex; store: EventStore }, idMensaje: number): Promise<void> {
  const event = (await readLog(deps.store, { type: 'MensajeEnviado' })).find((e) => e.data.idMensaje === idMensaje);
  if (!event) throw new Error(`no MensajeEnviado of message ${idMensaje} in the log`);
  await waitFor(async () => (await deps.knex('reactor_processed').where({ reactor: 'push-mensajes', event_id: event.metadata.eventId }).first()) !== undefined,
    5000, `push reactor on message ${idMensaje}`);
}
