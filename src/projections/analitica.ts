import type { Projection } from './runner.ts';
import type { CitaEvent } from '../events/cita.ts';
import type { DiarioEvent } from '../events/diario.ts';
import type { ProgresoEvent } from '../events/progreso.ts';
import type { SesionEvent } from '../events/sesion.ts';
import type { PacienteRegistrado, PsicologoAsignado } from '../events/paciente.ts';
import type { PsicologoEliminado } from '../events/psicologo.ts';
import type { ClaveClinicaDestruida } from '../events/retencion.ts';
import type { FacturaAnulada, FacturaEmitida } from '../events/factura.ts';
import type { AlertaSeguridadEmitida, CuestionarioRespondido } from '../events/cuestionario.ts';
import { pseudonymizer, type Pseudonymizer } from '../platform/analytics/pseudonyms.ts';
import { ANALITICA_VIEWS, createAnaliticaViews } from '../platform/analytics/views.ts';
import { addDiario, addProgreso, asignar, flushEntries, flushRegistros, psicologoEliminado, removeDiario, removeRegistrosPaciente } from './analitica-registros.ts';
import { citaCancelada, citaCreada, citaEstado, citaReprogramada, flushCitas, removeCitasPaciente, sesionEliminada, sesionRegistrada } from './analitica-citas.ts';
import { desvincularPacienteFacturas, facturaAnulada, facturaEmitida, flushFacturas } from './analitica-facturas.ts';
import { alertaEmitida, flushPuntuaciones, puntuacionRegistrada, removePuntuacionesPaciente } from './analitica-puntuaciones.ts';

type Event = CitaEvent | SesionEvent | ProgresoEvent | DiarioEvent | PacienteRegistrado | PsicologoAsignado | PsicologoEliminado | ClaveClinicaDestruida
  | FacturaEmitida | FacturaAnulada | CuestionarioRespondido | AlertaSeguridadEmitida;

// Not FacturaEmitida: opened without the patient's billing key it lacks only its recipient, which this model never reads.
const RECORDS = new Set(['ProgresoRegistrado', 'DiarioRegistrado', 'CitaCreada', 'CitaReprogramada', 'SesionRegistrada', 'CuestionarioRespondido']);

/**
 * Patients' and psychologists' pseudonyms (a keyed hash each) come back in most events of a
 * rebuild: kept in a bounded memo. Records' ids occur once or twice: hashed every time.
 */
function recurring(pseud: Pseudonymizer): Pseudonymizer {
  const memo = new Map<string, string>();
  return (kind, id) => {
    if (kind !== 'paciente' && kind !== 'psicologo') return pseud(kind, id);
    const key = `${kind}:${id}`;
    let p = memo.get(key);
    if (p === undefined) {
      if (memo.size >= 50_000) memo.clear();
      memo.set(key, (p = pseud(kind, id)));
    }
    return p;
  };
}

export interface AnaliticaOptions {
  /** ANALYTICS_PEPPER: the same one gives the same pseudonyms in every rebuild. */
  analyticsPepper: string;
  /** PRACTICE_TIMEZONE: lead times and ends are instants of the practice's local times. */
  practiceTimezone: string;
}

/**
 * The analysts' schema `analitica` (docs/read-models.md "Analytics"): pseudonymous facts of
 * appointments, sessions, diary and progress, each patient's weekly averages, invoices, scores of
 * the outcome instruments, and the views over them. An erased patient's facts keep counting (the clinic's statistics stay consistent) until the
 * retention job destroys their clinical key; then they leave every table, except their invoices,
 * which stay in the practice's revenue without the patient's pseudonym.
 */
export function analiticaProjection(opts: AnaliticaOptions): Projection {
  const pseud = recurring(pseudonymizer(opts.analyticsPepper));
  const zone = opts.practiceTimezone;
  return {
    name: 'analitica',
    tables: [
      'analitica_asignaciones', 'analitica.hechos_citas', 'analitica.hechos_sesiones', 'analitica.hechos_diario', 'analitica.hechos_progreso',
      'analitica.semanal_paciente', 'analitica.hechos_facturas', 'analitica.hechos_puntuacion',
    ],
    // The analysts' tables: no client reads them back, so no answer waits for them.
    readYourWrites: false,
    views: { names: ANALITICA_VIEWS, create: createAnaliticaViews },
    handles: [
      'PacienteRegistrado', 'PsicologoAsignado', 'PsicologoEliminado', 'ProgresoRegistrado', 'DiarioRegistrado', 'DiarioEliminado',
      'CitaCreada', 'CitaReprogramada', 'CitaConfirmada', 'CitaCancelada', 'CitaCompletada', 'SesionRegistrada', 'SesionEliminada',
      'ClaveClinicaDestruida', 'FacturaEmitida', 'FacturaAnulada', 'CuestionarioRespondido', 'AlertaSeguridadEmitida',
    ],
    async apply(trx, stored) {
      // A record opened after its clinical key was destroyed (a replay) no longer counts. Directory
      // events are still applied: their erased fields (identity) are not what this model reads.
      if (stored.erased?.length && RECORDS.has(stored.type)) return;
      const event = stored as unknown as Event;
      switch (event.type) {
        case 'PacienteRegistrado': {
          const { idPaciente, idPsicologo } = event.data;
          return asignar(trx, idPaciente, idPsicologo === null ? null : pseud('psicologo', idPsicologo), true);
        }
        case 'PsicologoAsignado':
          return asignar(trx, event.data.idPaciente, pseud('psicologo', event.data.idPsicologo));
        case 'PsicologoEliminado':
          return psicologoEliminado(trx, pseud('psicologo', event.data.idPsicologo));
        case 'ProgresoRegistrado':
          return addProgreso(trx, pseud, event.data);
        case 'DiarioRegistrado':
          return addDiario(trx, pseud, event.data);
        case 'DiarioEliminado':
          return removeDiario(trx, pseud, event.data);
        case 'CitaCreada':
          return citaCreada(trx, pseud, zone, event.data, stored.metadata);
        case 'CitaReprogramada':
          return citaReprogramada(trx, pseud, zone, event.data, stored.metadata);
        case 'CitaConfirmada':
          return citaEstado(trx, pseud, event.data.idCita, 'CONFIRMADA');
        case 'CitaCompletada':
          return citaEstado(trx, pseud, event.data.idCita, 'COMPLETADA');
        case 'CitaCancelada':
          return citaCancelada(trx, pseud, zone, event.data, stored.metadata);
        case 'SesionRegistrada':
          return sesionRegistrada(trx, pseud, event.data);
        case 'SesionEliminada':
          return sesionEliminada(trx, pseud, event.data.idSesion);
        case 'ClaveClinicaDestruida': {
          const paciente = pseud('paciente', event.data.idPaciente);
          await removeRegistrosPaciente(trx, paciente);
          await removeCitasPaciente(trx, paciente);
          await removePuntuacionesPaciente(trx, paciente);
          return desvincularPacienteFacturas(trx, paciente);
        }
        case 'FacturaEmitida':
          return facturaEmitida(trx, pseud, event.data);
        case 'FacturaAnulada':
          return facturaAnulada(trx, pseud, event.data.idFactura);
        case 'CuestionarioRespondido':
          return puntuacionRegistrada(trx, pseud, event.data);
        case 'AlertaSeguridadEmitida':
          return alertaEmitida(trx, pseud, event.data.idRespuesta);
        default:
          return; // CitaRecordatorioEnviado and other areas' events
      }
    },
    async flush(trx) {
      await flushEntries(trx);
      await flushCitas(trx);
      await flushRegistros(trx);
      await flushFacturas(trx);
      await flushPuntuaciones(trx);
    },
  };
}
