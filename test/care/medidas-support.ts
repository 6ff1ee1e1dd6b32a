import { expect } from 'chai';
import type { TestServer } from '../support/server.ts';
import { asignar, newPaciente, newPsicologo, type Persona } from '../notifications/support.ts';

export interface Mundo {
  admin: string;
  psi: Persona;
  otroPsi: Persona;
  pac: Persona;
  otroPac: Persona;
}

/** Two psychologists, each with one patient. */
export async function mundo(srv: TestServer): Promise<Mundo> {
  const admin = await srv.adminToken();
  const psi = await newPsicologo(srv, admin, 'Laura');
  const otroPsi = await newPsicologo(srv, admin, 'Marta');
  const pac = await newPaciente(srv, 'Ana');
  const otroPac = await newPaciente(srv, 'Bruno');
  await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
  await asignar(srv, admin, otroPac.idPaciente, otroPsi.idPsicologo);
  return { admin, psi: { ...psi, idPaciente: -1 }, otroPsi, pac: { ...pac, idPsicologo: psi.idPsicologo }, otroPac };
}

export const todas = (n: number, v: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i + 1), v]));

export async function asignarInstrumento(srv: TestServer, psi: Persona, idPaciente: number, instrumento = 'PHQ-9', pauta: object = { tipo: 'UNA_VEZ' }) {
  const r = await srv.request('POST', '/api/psicologo/cuestionarios/asignaciones', { token: psi.token, body: { idPaciente, instrumento, pauta } });
  expect(r.status, r.text).to.equal(201);
  return r.body as { idAsignacion: number };
}

export async function responder(srv: TestServer, pac: Persona, instrumento: string, respuestas: Record<string, unknown>, extra: object = {}) {
  return srv.request('POST', `/api/cuestionarios/${instrumento}/respuestas`, { token: pac.token, body: { respuestas, ...extra } });
}

/** Rows of the outcome measures' tables and events of their streams: nothing of them changes on a refusal. */
export async function huella(srv: TestServer): Promise<string> {
  const counts = await Promise.all(['cuestionario_asignaciones', 'cuestionario_solicitudes', 'cuestionario_respuestas', 'alertas_seguridad']
    .map(async (t) => `${t}:${JSON.stringify(await srv.deps.knex(t).orderBy(1))}`));
  const { rows } = await srv.deps.knex.raw(`select count(*)::int as n from events where stream_id like 'cuestionario-%'`);
  return `${counts.join('|')}|events:${rows[0].n}`;
}
