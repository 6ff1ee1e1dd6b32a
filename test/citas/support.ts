import { expect } from 'chai';
import { DateTime } from 'luxon';
import type { TestServer } from '../support/server.ts';
import { expectSession, pacienteBody, psicologoBody } from '../http/helpers.ts';

export const ZONE = 'Europe/Madrid';
/** Next year in the practice's zone: every booking is in the future by the real clock. */
export const Y = DateTime.now().setZone(ZONE).year + 1;
/** `MM-DD` and `HH:MM` of next year → the spec's local datetime. */
export const at = (mmdd: string, hhmm: string) => `${Y}-${mmdd}T${hhmm}:00`;
/** `YYYY-MM-DD` of the last Sunday of a month of next year: the DST change days of Europe/Madrid (March, October). */
export function lastSunday(month: number): string {
  const last = DateTime.fromObject({ year: Y, month }, { zone: ZONE }).endOf('month').startOf('day');
  return last.minus({ days: last.weekday % 7 }).toFormat('yyyy-LL-dd');
}

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

export async function newPaciente(srv: TestServer, nombre = 'Ana', apellido = 'Pérez'): Promise<Paciente> {
  const r = await srv.request('POST', '/auth/register-paciente', { body: pacienteBody({}, { nombre, apellido }) });
  expectSession(r, 'PACIENTE');
  return { token: r.body.token, idPaciente: r.body.idPaciente, idUsuario: r.body.idUsuario };
}

export async function newPsicologo(srv: TestServer, admin: string, nombre = 'Laura', apellido = 'Gómez'): Promise<Psicologo> {
  const r = await srv.request('POST', '/auth/register-psicologo', { token: admin, body: psicologoBody({ nombre, apellido }) });
  expectSession(r, 'PSICOLOGO');
  return { token: r.body.token, idPsicologo: r.body.idPsicologo, idUsuario: r.body.idUsuario };
}

export async function asignar(srv: TestServer, admin: string, idPaciente: number, idPsicologo: number): Promise<void> {
  const r = await srv.request('POST', '/api/admin/psicologos/asignar-psicologo', { token: admin, body: { idPaciente, idPsicologo } });
  expect(r.status, r.text).to.equal(200);
}

export const CITA_FIELDS = [
  'idCita', 'idPaciente', 'idPsicologo', 'nombrePsicologo', 'nombrePaciente', 'startDatetime', 'durationMinutes', 'estado', 'motivo', 'modalidad',
];

/** Books and expects 201; answers the created appointment. */
export async function book(srv: TestServer, p: Paciente, idPsicologo: number, startDatetime: string, durationMinutes = 50, motivo: string | null = 'Ansiedad') {
  const r = await srv.request('POST', '/api/citas', { token: p.token, body: { idPsicologo, startDatetime, durationMinutes, motivo } });
  expect(r.status, r.text).to.equal(201);
  return r.body;
}
