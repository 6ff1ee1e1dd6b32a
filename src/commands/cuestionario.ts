import type { Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import { localDateTime } from '../platform/time.ts';
import { evolveAsignacion, type Asignacion, type CuestionarioEvent, type Pauta } from '../events/cuestionario.ts';
import { problemaRespuestas, puntuar, type Instrumento } from '../events/instrumentos.ts';

// The decider of one assignment of an instrument (src/events/cuestionario.ts). Who may act on which
// assignment is checked by the routes against the read models (another psychologist's or patient's
// assignment is 404); the decider checks the assignment's own state.

interface Partes { idPaciente: number; idPsicologo: number }

export type CuestionarioCommand =
  | { type: 'AsignarCuestionario'; data: Partes & { idAsignacion: number; instrumento: string; pauta: Pauta; idSolicitud: number } }
  /**
   * By the schedule worker: `idCita` for a request before that appointment (once per appointment);
   * `siAnteriorHasta`: every N weeks, only if the latest request is no later than this local time
   * (so two workers that both found it due, or a retry after a conflict, ask once).
   */
  | { type: 'SolicitarCuestionario'; data: { idSolicitud: number; idCita: number | null; siAnteriorHasta: string | null } }
  /** `idPaciente`: the caller's; `instrumento`: the one the caller named (its definition scores the answers). */
  | { type: 'ResponderCuestionario'; data: { idPaciente: number; idSolicitud: number; idRespuesta: number; instrumento: Instrumento; respuestas: Record<string, number> } }
  | { type: 'ReconocerAlerta'; data: { idPsicologo: number; idRespuesta: number; idUsuario: number } }
  | { type: 'FinalizarAsignacion'; data: { idPsicologo: number } };

export const asignacionNotFound = () => errors.notFound('Asignación de cuestionario', 'Questionnaire assignment');
export const alertaNotFound = () => errors.notFound('Alerta de seguridad', 'Safety alert');
export const noAsignado = () => errors.conflict(
  'Ese cuestionario no está asignado o no tiene una solicitud pendiente',
  'That questionnaire is not assigned to you or has no pending request',
);

/** A complete answer set with an allowed value for each item, or the 400 naming the item. */
export function comprobarRespuestas(i: Instrumento, respuestas: Record<string, unknown>): Record<string, number> {
  const p = problemaRespuestas(i, respuestas);
  if (!p) return respuestas as Record<string, number>;
  const valores = i.opciones.map((o) => o.valor).join(', ');
  if (p.falta) throw errors.invalid(`Falta la respuesta al ítem ${p.item}`, `Missing answer to item ${p.item}`);
  if (!i.items.some((it) => String(it.numero) === p.item)) {
    throw errors.invalid(`El ítem ${p.item} no existe en ${i.codigo}`, `Item ${p.item} does not exist in ${i.codigo}`);
  }
  throw errors.invalid(`Respuesta no válida al ítem ${p.item}: se esperaba uno de ${valores}`, `Invalid answer to item ${p.item}: expected one of ${valores}`);
}

function responder(state: Asignacion, d: Extract<CuestionarioCommand, { type: 'ResponderCuestionario' }>['data'], fecha: string): CuestionarioEvent[] {
  if (state.status === 'nueva' || state.idPaciente !== d.idPaciente || state.instrumento !== d.instrumento.codigo) throw noAsignado();
  const solicitud = state.solicitudes.get(d.idSolicitud);
  if (state.status !== 'activa' || !solicitud) throw noAsignado();
  if (solicitud.respondida) throw errors.conflict('Esa solicitud ya está respondida; las respuestas no se modifican', 'That request is already answered; answers are never edited');
  const r = puntuar(d.instrumento, comprobarRespuestas(d.instrumento, d.respuestas));
  const { idAsignacion, idPaciente, idPsicologo, instrumento } = state;
  const partes = { idAsignacion, idPaciente, idPsicologo, instrumento, idSolicitud: d.idSolicitud, idRespuesta: d.idRespuesta, fecha };
  const out: CuestionarioEvent[] = [{ type: 'CuestionarioRespondido', data: { ...partes, respuestas: r.valores, puntuacion: r.puntuacion, banda: r.banda } }];
  if (r.alerta) out.push({ type: 'AlertaSeguridadEmitida', data: partes });
  return out;
}

export const cuestionarioDecider: Decider<Asignacion, CuestionarioCommand, CuestionarioEvent> = {
  initialState: () => ({ status: 'nueva' }),
  evolve: evolveAsignacion,
  decide(command, state, ctx) {
    const fecha = localDateTime(ctx.now, ctx.timezone);
    switch (command.type) {
      case 'AsignarCuestionario': {
        if (state.status !== 'nueva') throw errors.conflict('La asignación ya existe', 'Assignment already exists');
        const { idSolicitud, ...d } = command.data;
        const asignado: CuestionarioEvent = { type: 'CuestionarioAsignado', data: { ...d, fecha } };
        if (d.pauta.tipo === 'ANTES_DE_CADA_CITA') return [asignado]; // requested by the worker before each appointment
        const { idAsignacion, idPaciente, idPsicologo, instrumento } = d;
        return [asignado, { type: 'CuestionarioSolicitado', data: { idAsignacion, idPaciente, idPsicologo, instrumento, idSolicitud, fecha, idCita: null } }];
      }
      case 'SolicitarCuestionario': {
        if (state.status !== 'activa') return [];
        const { idCita, siAnteriorHasta } = command.data;
        if (idCita !== null && [...state.solicitudes.values()].some((s) => s.idCita === idCita)) return []; // already asked before it
        if (siAnteriorHasta !== null && state.ultimaSolicitud !== null && state.ultimaSolicitud > siAnteriorHasta) return []; // not due any more
        const { idAsignacion, idPaciente, idPsicologo, instrumento } = state;
        return [{ type: 'CuestionarioSolicitado', data: { idAsignacion, idPaciente, idPsicologo, instrumento, idSolicitud: command.data.idSolicitud, fecha, idCita } }];
      }
      case 'ResponderCuestionario':
        return responder(state, command.data, fecha);
      case 'ReconocerAlerta': {
        const d = command.data;
        if (state.status === 'nueva' || state.idPsicologo !== d.idPsicologo || !state.alertas.has(d.idRespuesta)) throw alertaNotFound();
        if (state.alertas.get(d.idRespuesta)) throw errors.conflict('La alerta ya está reconocida', 'The alert is already acknowledged');
        const { idAsignacion, idPaciente, idPsicologo, instrumento } = state;
        return [{ type: 'AlertaSeguridadReconocida', data: { idAsignacion, idPaciente, idPsicologo, instrumento, idRespuesta: d.idRespuesta, idUsuario: d.idUsuario, fecha } }];
      }
      case 'FinalizarAsignacion': {
        if (state.status === 'nueva' || state.idPsicologo !== command.data.idPsicologo) throw asignacionNotFound();
        if (state.status === 'finalizada') throw errors.conflict('La asignación ya está finalizada', 'The assignment has already ended');
        const { idAsignacion, idPaciente, idPsicologo, instrumento } = state;
        return [{ type: 'AsignacionCuestionarioFinalizada', data: { idAsignacion, idPaciente, idPsicologo, instrumento, fecha } }];
      }
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};
