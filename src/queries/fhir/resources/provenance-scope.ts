import type { Knex } from 'knex';
import { wherePacienteInScope } from '../scope.ts';
import type { FhirScope, FhirViewer } from '../types.ts';
import { sesionesInScope } from './encounter.ts';

// Which events' Provenance a viewer may see: those whose target they may read, by the target
// type's own rules (docs/fhir.md "Provenance"). The event rows are fhir_procedencia p joined with
// their stream's fhir_versiones fv; each stream kind gets an `exists` on its read model in scope.

/** The resource type(s) each stream kind becomes (sesion's DocumentReference and historial's pair aside). */
export const TYPE_OF: Record<string, string> = {
  cita: 'Appointment', sesion: 'Encounter', diario: 'Observation', progreso: 'Observation', mensaje: 'Communication',
  paciente: 'Patient', psicologo: 'Practitioner', horario: 'PractitionerRole', bloqueo: 'Slot',
};

/** Whether a machine client's scopes name the type (people: every type). */
export const allowedType = (viewer: FhirViewer, type: string) => viewer.types === 'all' || viewer.types.has(type);

const filled = (column: string) => `${column} is not null and ${column} <> ''`;

/** Columns saying which of a clinical-history entry's resources exist, and whether a session's notes are served. */
export function targetFlags(knex: Knex, viewer: FhirViewer): Knex.Raw[] {
  const hist = (column: string) => knex.raw(`(fv.recurso = 'historial' and exists (select 1 from historial_clinico h where h.id_history = fv.id_entidad and ${filled(`h.${column}`)})) as con_${column}`);
  const notas = viewer.notasClinicas
    ? knex.raw(`(fv.recurso = 'sesion' and fv.eliminado_posicion is null and exists (select 1 from sesiones s where s.id_sesion = fv.id_entidad and ${filled('s.notas')})) as con_notas`)
    : knex.raw('false as con_notas');
  return [hist('diagnostico'), hist('tratamiento'), notas];
}

type Sub = (knex: Knex, scope: FhirScope, viewer: FhirViewer) => Knex.QueryBuilder | null;

const at = (q: Knex.QueryBuilder, column: string) => q.whereRaw(`${column} = fv.id_entidad`);

/** Per stream kind: the live target row in the viewer's scope (null: none of that kind is served). */
const LIVE: Record<string, Sub> = {
  // Appointments as the REST lists: a patient's own, a psychologist's agenda.
  cita: (knex, scope) => {
    const q = at(knex('citas as c').select(knex.raw('1')), 'c.id_cita');
    if (scope.kind === 'paciente') return q.where('c.id_paciente', scope.idPaciente);
    return scope.kind === 'psicologo' ? q.where('c.id_psicologo', scope.idPsicologo) : q;
  },
  // Encounter, or its notes alone for a client that may read DocumentReference but not Encounter.
  sesion: (knex, scope, viewer) => {
    if (allowedType(viewer, 'Encounter')) return at(sesionesInScope(knex, scope), 's.id_sesion');
    return viewer.notasClinicas ? at(sesionesInScope(knex, scope), 's.id_sesion').whereRaw(filled('s.notas')) : null;
  },
  historial: (knex, scope, viewer) => {
    const kinds = [['Condition', 'diagnostico'], ['CarePlan', 'tratamiento']].filter(([t]) => allowedType(viewer, t)).map(([, c]) => `(${filled(`h.${c}`)})`);
    if (kinds.length === 0) return null;
    return wherePacienteInScope(at(knex('historial_clinico as h').select(knex.raw('1')), 'h.id_history').whereRaw(`(${kinds.join(' or ')})`), 'h.id_paciente', scope);
  },
  diario: (knex, scope) => wherePacienteInScope(at(knex('diario_emocional as d').select(knex.raw('1')), 'd.id_diario'), 'd.id_paciente', scope),
  progreso: (knex, scope) => wherePacienteInScope(at(knex('progreso_emocional as pr').select(knex.raw('1')), 'pr.id_progress'), 'pr.id_paciente', scope),
  // Messages as the REST chat: the two parties; the administrator and system clients all.
  mensaje: (knex, scope, viewer) => {
    const q = at(knex('mensajes as m').select(knex.raw('1')), 'm.id_mensaje');
    if (scope.kind === 'all') return q;
    const me = viewer.who.idUsuario ?? -1;
    return q.where((w) => w.where('m.sender_id', me).orWhere('m.receiver_id', me));
  },
  paciente: (knex, scope) => wherePacienteInScope(at(knex('pacientes as pa').select(knex.raw('1')), 'pa.id_paciente'), 'pa.id_paciente', scope),
  // The directory and working hours: every signed-in person.
  psicologo: (knex) => at(knex('psicologos as ps').select(knex.raw('1')), 'ps.id_psicologo'),
  horario: (knex) => at(knex('psicologos as ps').select(knex.raw('1')), 'ps.id_psicologo'),
  // Blocked time as Slot shows it: its psychologist, their patients, the administrator.
  bloqueo: (knex, scope) => {
    const q = at(knex('bloqueos as b').select(knex.raw('1')), 'b.id_bloqueo');
    if (scope.kind === 'psicologo') return q.where('b.id_psicologo', scope.idPsicologo);
    if (scope.kind === 'paciente') return q.whereIn('b.id_psicologo', (s: Knex.QueryBuilder) => s.select('id_psicologo').from('pacientes').where('id_paciente', scope.idPaciente));
    return q;
  },
};

/**
 * Deleted targets whose resource is known without its row (historial's Condition/CarePlan pair is
 * not): served to unrestricted viewers only, since whose it was left with the row.
 */
const DELETED_KINDS = ['sesion', 'diario', 'psicologo', 'bloqueo'];

/** Restricts p/fv rows to the events whose target the viewer may see. */
export function whereTargetVisible(q: Knex.QueryBuilder, knex: Knex, viewer: FhirViewer): Knex.QueryBuilder {
  const { scope } = viewer;
  return q.where((w) => {
    w.whereRaw('false');
    for (const [kind, sub] of Object.entries(LIVE)) {
      if (kind !== 'sesion' && kind !== 'historial' && !allowedType(viewer, TYPE_OF[kind])) continue;
      const rows = sub(knex, scope, viewer);
      if (rows) w.orWhere((b) => b.where('fv.recurso', kind).whereNull('fv.eliminado_posicion').whereExists(rows));
    }
    const deleted = scope.kind === 'all' ? DELETED_KINDS.filter((k) => allowedType(viewer, TYPE_OF[k])) : [];
    if (deleted.length > 0) w.orWhere((b) => b.whereIn('fv.recurso', deleted).whereNotNull('fv.eliminado_posicion'));
  });
}
