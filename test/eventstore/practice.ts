import { expect } from 'chai';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { PROJECTION_OPTIONS } from '../support/db.ts';
import { allProjections } from '../../src/projections/index.ts';
import type { TestServer } from '../support/server.ts';
import { asignar, newPaciente, newPsicologo, type Paciente } from '../directory/support.ts';

// A small practice built through the API, and ways to compare read models: shared by the export /
// import round trip and the rebuild without downtime.

/** Every listing an admin can read. */
export const LISTINGS = [
  '/auth/admins', '/api/pacientes/admin', '/api/psicologo', '/api/admin/psicologos', '/api/admin/psicologos/pacientes',
  '/api/admin/direcciones', '/api/situaciones', '/api/admin/situaciones', '/api/admin/ajustes', '/api/admin/citas',
  '/api/admin/sesiones', '/api/admin/historial-clinico', '/api/admin/diario-emocional', '/api/admin/progreso-emocional',
];

export async function ok(srv: TestServer, method: string, path: string, token: string, body?: unknown) {
  const r = await srv.request(method, path, { token, body });
  expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 299);
  return r.body;
}

export async function snapshot(srv: TestServer, admin: string): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const path of LISTINGS) out[path] = await ok(srv, 'GET', path, admin);
  return out;
}

/** Patients with addresses, settings, appointments (one confirmed, one cancelled), sessions, records. */
export async function buildPractice(srv: TestServer, admin: string, patients = 3): Promise<{ pacientes: Paciente[]; idPsicologo: number }> {
  const psi = await newPsicologo(srv, admin);
  const start = DateTime.now().setZone('Europe/Madrid').plus({ days: 10 }).set({ hour: 9, minute: 0, second: 0, millisecond: 0 });
  const fmt = (d: DateTime) => d.toFormat("yyyy-LL-dd'T'HH:mm:ss");
  const pacientes: Paciente[] = [];
  for (let i = 0; i < patients; i++) {
    const pac = await newPaciente(srv);
    pacientes.push(pac);
    await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
    await ok(srv, 'POST', '/api/direcciones', pac.token, { calle: `Calle Luna ${i}`, ciudad: 'Madrid', provincia: 'Madrid', codigoPostal: '28004', pais: 'España' });
    await ok(srv, 'PUT', '/api/ajustes', pac.token, { idioma: i % 2 ? 'en' : 'es', darkMode: true });
    const cita = await ok(srv, 'POST', '/api/citas', pac.token, { idPsicologo: psi.idPsicologo, startDatetime: fmt(start.plus({ hours: i })), durationMinutes: 50, motivo: 'Ansiedad' });
    if (i % 3 === 1) await ok(srv, 'PUT', `/api/psicologo/citas/${cita.idCita}`, psi.token, { estado: 'CONFIRMADA' });
    if (i % 3 !== 2) await ok(srv, 'POST', '/api/sesiones', pac.token, { idCita: cita.idCita, sessionDate: fmt(start), durationMinutes: 50, notas: 'n', recomendaciones: 'r' });
    else await ok(srv, 'DELETE', `/api/citas/${cita.idCita}`, pac.token);
    await ok(srv, 'POST', '/api/historial-clinico', pac.token, { titulo: `Motivo ${i}`, diagnostico: 'd', tratamiento: 't', observaciones: 'o' });
    await diario(srv, pac, i);
    await ok(srv, 'POST', '/api/progreso-emocional', pac.token, { fecha: DateTime.now().setZone('Europe/Madrid').toISODate(), nivelEstres: i % 10, nivelAnsiedad: 2, nivelAnimo: 8 });
  }
  await ok(srv, 'POST', '/api/admin/situaciones', admin, { nombre: 'Soledad no deseada', categoria: 'Relacional', descripcion: 'x', activo: true });
  return { pacientes, idPsicologo: psi.idPsicologo };
}

export const diario = (srv: TestServer, pac: Paciente, i: number) =>
  ok(srv, 'POST', '/api/diario-emocional', pac.token, { emocion: 'Calma', intensidad: 1 + (i % 10), nota: `entrada ${i}` });

/**
 * Log positions belong to the store that assigned them (a transaction id and sequence in
 * PostgreSQL, commit/prepare in KurrentDB): the same log in another store has other positions, so
 * the fhir read model's position columns are compared by presence only.
 */
function withoutPositions(row: Record<string, unknown>): Record<string, unknown> {
  for (const column of ['posicion', 'eliminado_posicion']) if (column in row) row[column] = row[column] === null ? null : 'position';
  return row;
}

/** Every read-model table, every row, in a stable order (JSON text: dates and numerics as stored). */
export async function dumpReadModels(knex: Knex): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of [...new Set(allProjections(PROJECTION_OPTIONS).flatMap((p) => p.tables))].sort()) {
    const { rows } = await knex.raw('select to_jsonb(t)::text as row from ?? as t order by 1', [table]);
    out[table] = rows.map((r: { row: string }) => withoutPositions(JSON.parse(r.row)));
  }
  return out;
}
