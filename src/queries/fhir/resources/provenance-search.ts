import type { Knex } from 'knex';
import { errors } from '../../../platform/errors.ts';
import { clausesOf, intId, parseReference } from '../params.ts';
import type { FhirViewer, SearchClause } from '../types.ts';
import { allowedType } from './provenance-scope.ts';

// Provenance's own search parameters (target, patient, agent) on fhir_procedencia p joined with
// fhir_versiones fv. Each clause ANDs; its values OR.

const REF = /^(?:.*\/)?([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/(\d{1,18}))?$/;
/** Types we serve that no event targets: a valid reference that matches nothing. */
const NEVER_TARGETS = new Set(['Schedule', 'Group', 'Provenance']);
const filled = (column: string) => `${column} is not null and ${column} <> ''`;

interface Target {
  recurso: string;
  id: number | null;
  /** What must hold of the target row besides its stream (notes, a diagnosis, a treatment). */
  exists?: string;
}

const int = (recurso: string) => (id: string): Target => ({ recurso, id: intId(id) });
const prefixed = (recurso: string, prefix: string) => (id: string): Target =>
  ({ recurso, id: id.startsWith(prefix) ? intId(id.slice(prefix.length)) : null });

const TARGETS: Record<string, (id: string) => Target> = {
  Appointment: int('cita'),
  Encounter: int('sesion'),
  DocumentReference: (id) => ({ recurso: 'sesion', id: intId(id), exists: `select 1 from sesiones s where s.id_sesion = fv.id_entidad and ${filled('s.notas')}` }),
  Condition: (id) => ({ recurso: 'historial', id: intId(id), exists: `select 1 from historial_clinico h where h.id_history = fv.id_entidad and ${filled('h.diagnostico')}` }),
  CarePlan: (id) => ({ recurso: 'historial', id: intId(id), exists: `select 1 from historial_clinico h where h.id_history = fv.id_entidad and ${filled('h.tratamiento')}` }),
  Communication: int('mensaje'),
  Patient: int('paciente'),
  Practitioner: int('psicologo'),
  PractitionerRole: int('horario'),
  Slot: prefixed('bloqueo', 'bloqueo-'),
};

/** `Observation/diario-<n>` or `/progreso-<n>`. */
function observation(id: string): Target {
  const m = /^(diario|progreso)-(.+)$/.exec(id);
  return m ? { recurso: m[1], id: intId(m[2]) } : { recurso: '', id: null };
}

function parseTarget(value: string, viewer: FhirViewer): (Target & { revision: string | null }) | null {
  const m = REF.exec(value);
  const [type, id, revision] = m ? [m[1], m[2], m[3] ?? null] : [null, null, null];
  if (!type || !id || (!TARGETS[type] && type !== 'Observation' && !NEVER_TARGETS.has(type))) {
    throw errors.invalid(`target: valor no válido '${value}', se esperaba una referencia <Tipo>/<id>[/_history/<versión>]`,
      `target: invalid value '${value}', expected a reference <Type>/<id>[/_history/<version>]`);
  }
  if (NEVER_TARGETS.has(type) || !allowedType(viewer, type)) return null;
  if (type === 'DocumentReference' && !viewer.notasClinicas) return null;
  const t = type === 'Observation' ? observation(id) : TARGETS[type](id);
  return t.id === null ? null : { ...t, revision };
}

export function whereTarget(q: Knex.QueryBuilder, clauses: SearchClause[], viewer: FhirViewer): void {
  for (const c of clausesOf(clauses, 'target')) {
    const targets = c.values.map((v) => parseTarget(v, viewer));
    q.where((w) => {
      w.whereRaw('false');
      for (const t of targets) {
        if (!t) continue;
        w.orWhere((b) => {
          b.where('fv.recurso', t.recurso).where('fv.id_entidad', t.id!);
          if (t.revision !== null) b.where('p.revision', t.revision);
          if (t.exists) b.whereNull('fv.eliminado_posicion').whereRaw(`exists (${t.exists})`);
        });
      }
    });
  }
}

/** `patient`: the patient whose record the target is (psychologists' own streams have none). */
export function wherePatientOf(q: Knex.QueryBuilder, clauses: SearchClause[]): void {
  for (const c of clausesOf(clauses, 'patient')) {
    q.whereIn('fv.id_paciente', c.values.map((v) => intId(parseReference('patient', v, ['Patient']).id) ?? -1));
  }
}

/** `agent`: the user behind a Patient (on their own records, as the agent is shown) or a Practitioner. */
export function whereAgent(q: Knex.QueryBuilder, clauses: SearchClause[]): void {
  for (const c of clausesOf(clauses, 'agent')) {
    const refs = c.values.map((v) => parseReference('agent', v, ['Patient', 'Practitioner']));
    q.where((w) => {
      w.whereRaw('false');
      for (const r of refs) {
        const id = intId(r.id) ?? -1;
        if (r.type === 'Practitioner') w.orWhereIn('p.id_usuario', (s: Knex.QueryBuilder) => s.select('id_usuario').from('psicologos').where('id_psicologo', id));
        else w.orWhere((b) => b.where('fv.id_paciente', id).where((u) => u
          .whereIn('p.id_usuario', (s: Knex.QueryBuilder) => s.select('id_usuario').from('pacientes').where('id_paciente', id))
          // Their own registration, signed out (shown as them too).
          .orWhere((reg) => reg.where({ 'fv.recurso': 'paciente', 'p.revision': 0 }).whereNull('p.id_usuario'))));
      }
    });
  }
}
