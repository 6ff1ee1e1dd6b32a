import { DateTime } from 'luxon';
import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import type { Cita } from '../events/cita.ts';
import { evolveSesion, type RegistradaPor, type Sesion, type SesionEvent } from '../events/sesion.ts';
import { adenda, autoriaPaciente, firmar, noFirmado, type AdendaCommand, type FirmarData } from './firma.ts';

/** Who records the session, as the token says: a patient for themself, a psychologist for one of their patients. */
export type Autor =
  | { rol: 'PACIENTE'; idPaciente: number }
  | { rol: 'PSICOLOGO'; idPsicologo: number; idPaciente: number };

export interface RegistrarSesionData {
  idSesion: number;
  idCita: number;
  sessionDate: string;
  durationMinutes: number;
  notas: string | null;
  recomendaciones: string | null;
  autor: Autor;
  /** The appointment's state, folded from its stream by the application service. */
  cita: Cita;
}

export type SesionCommand =
  | { type: 'RegistrarSesion'; data: RegistrarSesionData }
  | { type: 'EliminarSesion'; data: { idPaciente: number } }
  /** The session's psychologist signs it (src/commands/firma.ts); `huella` computed from the stored stream. */
  | { type: 'FirmarSesion'; data: FirmarData }
  | { type: 'AgregarAdendaSesion'; data: AdendaCommand };

export const sesionNotFound = () => errors.notFound('Sesión', 'Session');

/** The spec lists a non-existent idCita under 400; someone else's appointment reads the same. */
export const citaInexistente = () => errors.invalid('No existe la cita indicada (idCita)', 'The given appointment does not exist (idCita)');

/** `YYYY-MM-DDTHH:MM[:SS]` that is a real calendar date-time, normalised with seconds. */
export function normaliseDateTime(value: string): string {
  const dt = DateTime.fromISO(value, { zone: 'utc' });
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) || !dt.isValid) {
    throw errors.invalid('sessionDate: se esperaba una fecha y hora AAAA-MM-DDTHH:mm:ss que exista', 'sessionDate: expected a date and time YYYY-MM-DDTHH:mm:ss that exists');
  }
  return dt.toFormat("yyyy-LL-dd'T'HH:mm:ss");
}

function belongsToAutor(cita: Cita, autor: Autor): cita is Extract<Cita, { status: 'existente' }> {
  if (cita.status !== 'existente' || cita.idPaciente !== autor.idPaciente) return false;
  return autor.rol === 'PACIENTE' || cita.idPsicologo === autor.idPsicologo;
}

function registrar(d: RegistrarSesionData, state: Sesion): SesionEvent[] {
  if (state.status !== 'nueva') throw errors.conflict('La sesión ya existe', 'Session already exists');
  const cita = d.cita;
  if (!belongsToAutor(cita, d.autor)) throw citaInexistente();
  if (cita.estado === 'CANCELADA') {
    throw errors.conflict('La cita está cancelada: no admite una sesión', 'The appointment is cancelled: it cannot have a session');
  }
  if (!Number.isInteger(d.durationMinutes) || d.durationMinutes <= 0) {
    throw errors.invalid('durationMinutes debe ser mayor que 0', 'durationMinutes must be greater than 0');
  }
  const registradaPor: RegistradaPor = d.autor.rol;
  return [{
    type: 'SesionRegistrada',
    data: {
      idSesion: d.idSesion, idCita: cita.idCita, idPaciente: cita.idPaciente, idPsicologo: cita.idPsicologo,
      sessionDate: normaliseDateTime(d.sessionDate), durationMinutes: d.durationMinutes,
      notas: d.notas, recomendaciones: d.recomendaciones, registradaPor,
    },
  }];
}

/** A live session of this psychologist's; anyone else's reads as not found. */
function delPsicologo(state: Sesion, idPsicologo: number) {
  if (state.status !== 'registrada' || state.idPsicologo !== idPsicologo) throw sesionNotFound();
  return state;
}

export const sesionDecider: Decider<Sesion, SesionCommand, SesionEvent> = {
  initialState: () => ({ status: 'nueva' }),
  evolve: evolveSesion,
  decide(command, state, ctx) {
    switch (command.type) {
      case 'RegistrarSesion':
        return registrar(command.data, state);
      case 'EliminarSesion': {
        if (state.status !== 'registrada' || state.idPaciente !== command.data.idPaciente) throw sesionNotFound();
        // Before the author check: a signed record is never deleted, and the patient is told why.
        noFirmado(state.firma);
        // The patient may withdraw their own account of a session, never the psychologist's clinical record.
        if (state.registradaPor !== 'PACIENTE') throw errors.forbidden();
        const { idSesion, idCita, idPaciente, idPsicologo } = state;
        return [{ type: 'SesionEliminada', data: { idSesion, idCita, idPaciente, idPsicologo } }];
      }
      case 'FirmarSesion': {
        const s = delPsicologo(state, command.data.idPsicologo);
        if (s.registradaPor !== 'PSICOLOGO') throw autoriaPaciente();
        return [{ type: 'SesionFirmada', data: { idSesion: s.idSesion, ...firmar(s.firma, s.idPaciente, command.data, ctx) } }];
      }
      case 'AgregarAdendaSesion': {
        const s = delPsicologo(state, command.data.idPsicologo);
        return [{ type: 'SesionAdendaAgregada', data: { idSesion: s.idSesion, ...adenda(s.firma, s.idPaciente, command.data, ctx) } }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
