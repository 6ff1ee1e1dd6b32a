import type { Knex } from 'knex';
import { META_COLUMNS, metaOf, whereInWindow, whereLastUpdated } from '../meta.ts';
import { intId } from '../params.ts';
import type { FhirResource, FhirResourceType } from '../types.ts';
import type { Plantilla } from '../../../events/horario.ts';
import { exportByIntId, pageByIntId, whereIds } from './int-keyset.ts';

// PractitionerRole ← psicologos + usuarios + horarios_laborales (docs/fhir.md "PractitionerRole"):
// the psychologist's working hours as availableTime. Public to every signed-in person, as
// GET /api/psicologos/:id/horario. meta follows `horario-<id>` once hours are defined, else
// `psicologo-<id>` (the role has no stream of its own).

type Row = Record<string, any>;

/** psicologos ps + usuarios u + horarios_laborales h, with v = the horario's version, or the psychologist's without hours. */
export function roleBase(db: Knex): Knex.QueryBuilder {
  const q = db('psicologos as ps').join('usuarios as u', 'u.id_usuario', 'ps.id_usuario')
    .leftJoin('horarios_laborales as h', 'h.id_psicologo', 'ps.id_psicologo');
  q.leftJoin('fhir_versiones as v', 'v.stream_id', db.raw("(case when h.id_psicologo is null then 'psicologo-' else 'horario-' end) || ps.id_psicologo"));
  return q.select('ps.id_psicologo', 'ps.especialidad', 'u.nombre', 'u.apellido', 'u.activo', 'h.desde', 'h.hasta', 'h.dias', ...META_COLUMNS);
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
// FHIR's time stops at 23:59:59; our `24:00` (until midnight) is that last second.
const time = (hhmm: string) => (hhmm === '24:00' ? '23:59:59' : `${hhmm}:00`);

/** One availableTime per interval, days with the same interval together, in weekday order. */
export function availableTime(dias: Plantilla['dias']): Record<string, unknown>[] {
  const byInterval = new Map<string, string[]>();
  for (const d of [...dias].sort((a, b) => a.dia - b.dia)) {
    for (const i of d.intervalos) {
      const key = `${i.horaInicio}-${i.horaFin}`;
      byInterval.set(key, [...(byInterval.get(key) ?? []), DAYS[d.dia - 1]]);
    }
  }
  return [...byInterval.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, daysOfWeek]) => {
      const [start, end] = key.split('-');
      return { daysOfWeek: [...new Set(daysOfWeek)], availableStartTime: time(start), availableEndTime: time(end) };
    });
}

function exceptions(r: Row): string {
  if (!r.dias) return 'Sin horario laboral definido: se puede reservar cualquier hora libre; el tiempo bloqueado no (Slot busy-unavailable)';
  const vigencia = r.hasta ? `del ${r.desde} al ${r.hasta}` : `desde el ${r.desde}`;
  return `Horario laboral vigente ${vigencia} (zona de la consulta); el tiempo bloqueado no está disponible (Slot busy-unavailable)`;
}

function toRole(r: Row): FhirResource {
  const hours = r.dias ? availableTime(r.dias as Plantilla['dias']) : [];
  const display = [r.nombre, r.apellido].filter(Boolean).join(' ');
  return {
    resourceType: 'PractitionerRole', id: String(r.id_psicologo), meta: metaOf(r),
    active: Boolean(r.activo),
    practitioner: { reference: `Practitioner/${r.id_psicologo}`, ...(display ? { display } : {}) },
    code: [{ text: 'Psicólogo' }],
    ...(r.especialidad ? { specialty: [{ text: r.especialidad }] } : {}),
    ...(hours.length ? { availableTime: hours } : {}),
    availabilityExceptions: exceptions(r),
  };
}

export const practitionerRoleType: FhirResourceType = {
  type: 'PractitionerRole',
  params: {},
  async read(rc, _viewer, id) {
    const n = intId(id);
    const row = n === null ? null : await roleBase(rc.knex).where('ps.id_psicologo', n).first();
    return row ? toRole(row) : null;
  },
  search(rc, _viewer, req) {
    const q = whereLastUpdated(whereIds(roleBase(rc.knex), 'ps.id_psicologo', req.clauses), req.clauses, rc.zone);
    return pageByIntId<Row>(q, 'ps.id_psicologo', req.count, req.cursor, (rows) => rows.map(toRole));
  },
  exportPages(rc, _viewer, window, pageSize) {
    return exportByIntId<Row>(() => whereInWindow(roleBase(rc.knex), window), 'ps.id_psicologo', pageSize, (rows) => rows.map(toRole));
  },
  patientsOf: () => [],
};
