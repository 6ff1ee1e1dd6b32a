import { citaStream, evolveCita, type Alcance, type Cita } from '../events/cita.ts';
import { evolvePaciente, pacienteStream, type Paciente } from '../events/paciente.ts';
import { AppError, errors } from '../platform/errors.ts';
import { tramoCita } from '../platform/agenda-time.ts';
import { localDateTime } from '../platform/time.ts';
import { salaVideoDe } from '../platform/video/index.ts';
import type { Actor } from './decider.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand } from './handler.ts';
import { citaDecider } from './cita.ts';

// GET /api/citas/{id}/sala (docs/care.md "Online sessions"): the join link of one participant of
// an ONLINE appointment, only inside its window, read from the appointment's own stream (never a
// read model that may lag behind a move). The psychologist's first entry into a room is recorded
// (SalaCitaAbierta), which tells the patient over STOMP.

export interface Entrada {
  url: string;
  /** Practice-local wall-clock times of the window, like the appointment's startDatetime. */
  abreEn: string;
  cierraEn: string;
  moderador: boolean;
}

/** Who asks: a participant of the appointment, as their token says. */
export interface Participante {
  actor: Actor;
  alcance: Alcance;
  nombre: string;
  moderador: boolean;
}

type Existente = Extract<Cita, { status: 'existente' }>;

const conflicto = (es: string, en: string) => errors.conflict(es, en);

async function citaVisible(deps: CommandDeps, idCita: number, alcance: Alcance): Promise<Existente> {
  const events = await deps.store.readStream(citaStream(idCita));
  const cita = events.reduce((s, e) => evolveCita(s, e as never), { status: 'nueva' } as Cita);
  const mine = cita.status === 'existente' && alcance !== 'todas'
    && ('idPaciente' in alcance ? cita.idPaciente === alcance.idPaciente : cita.idPsicologo === alcance.idPsicologo);
  if (cita.status !== 'existente' || !mine) throw errors.notFound('Cita', 'Appointment');
  return cita;
}

/** 409 unless the appointment is an open ONLINE one with a room. */
function comprobarSala(cita: Existente): string {
  if (cita.modalidad !== 'ONLINE' || cita.sala === null) {
    throw conflicto('La cita es PRESENCIAL: no tiene sala de videollamada', 'The appointment is PRESENCIAL: it has no video room');
  }
  if (cita.estado === 'CANCELADA' || cita.estado === 'COMPLETADA') {
    throw conflicto(`La cita está ${cita.estado}: su sala ya no está disponible`, `The appointment is ${cita.estado}: its room is no longer available`);
  }
  return cita.sala;
}

/** From JITSI_OPEN_MINUTES_BEFORE before the start until the end; 409 outside, naming when it opens. */
function ventana(deps: CommandDeps, cita: Existente, minutosAntes: number): { abre: Date; cierra: Date } {
  const zone = deps.config.practiceTimezone;
  const t = tramoCita(cita.startDatetime, cita.durationMinutes, zone);
  if (!t) throw conflicto('La cita no tiene una hora válida', 'The appointment has no valid time');
  const abre = new Date(Date.parse(t.inicio) - minutosAntes * 60_000);
  const cierra = new Date(t.fin);
  const now = deps.clock.now();
  if (now.getTime() < abre.getTime()) {
    const local = localDateTime(abre, zone);
    const espera = String(Math.ceil((abre.getTime() - now.getTime()) / 1000));
    throw new AppError(409, {
      es: `La sala aún no está abierta: abre el ${local} (hora de ${zone}; ${abre.toISOString()})`,
      en: `The room is not open yet: it opens at ${local} (${zone} time; ${abre.toISOString()})`,
    }, { 'Retry-After': espera });
  }
  if (now.getTime() >= cierra.getTime()) throw conflicto('La cita ya ha terminado: su sala está cerrada', 'The appointment is over: its room is closed');
  return { abre, cierra };
}

/** The patient's user, whose sessions the STOMP notice goes to. */
async function usuarioPaciente(deps: CommandDeps, idPaciente: number): Promise<number | null> {
  const events = await deps.store.readStream(pacienteStream(idPaciente));
  const paciente = events.reduce((s, e) => evolvePaciente(s, e as never), { status: 'nuevo' } as Paciente);
  return paciente.status === 'activo' ? paciente.idUsuario : null;
}

/** The caller's way into the room of appointment `idCita`; records the psychologist's first entry. */
export async function entrarSala(deps: CommandDeps, idCita: number, p: Participante): Promise<Entrada> {
  const cita = await citaVisible(deps, idCita, p.alcance);
  const sala = comprobarSala(cita);
  const video = salaVideoDe(deps.config);
  if (!video || !deps.config.jitsi) {
    throw conflicto('Las sesiones online no están disponibles: el servidor no tiene configurado el servicio de videollamada (JITSI_*)', 'Online sessions are not available: this server has no video service configured (JITSI_*)');
  }
  const { abre, cierra } = ventana(deps, cita, deps.config.jitsi.openMinutesBefore);
  if (p.moderador) {
    const idUsuarioPaciente = await usuarioPaciente(deps, cita.idPaciente);
    if (idUsuarioPaciente !== null) {
      const command = { type: 'AbrirSala' as const, data: { alcance: p.alcance, idUsuarioPaciente } };
      await handleCommand(deps.store, [{ streamId: citaStream(idCita), decider: citaDecider, command }], commandContext(deps, p.actor));
    }
  }
  const participante = { id: `usuario-${p.actor.idUsuario}`, nombre: p.nombre, moderador: p.moderador };
  const zone = deps.config.practiceTimezone;
  return {
    url: video.enlace({ sala, abre, cierra, participante }),
    abreEn: localDateTime(abre, zone), cierraEn: localDateTime(cierra, zone), moderador: p.moderador,
  };
}
