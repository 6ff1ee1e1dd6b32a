import { metaOf, whereInWindow, whereLastUpdated } from '../meta.ts';
import { intId } from '../params.ts';
import { localDate } from '../../../platform/time.ts';
import type { FhirDb, FhirResource, FhirResourceType } from '../types.ts';
import { exportByIntId, pageByIntId, whereIds } from './int-keyset.ts';
import { roleBase } from './practitioner-role.ts';

// Schedule ← the psychologist's agenda (docs/fhir.md "Schedule"): one per psychologist, whose
// Slots are their free and blocked time; bookable from now to the booking horizon. meta as the
// PractitionerRole's (the working hours shape the agenda).

type Row = Record<string, any>;

/** BOOKING_HORIZON_DAYS's default (src/platform/limits.ts), when the caller did not say. */
const DEFAULT_HORIZON_DAYS = 730;

/** Now and the last instant a booking may start, in the practice's zone. */
export function horizon(rc: FhirDb): { now: Date; end: Date } {
  const now = rc.now ? rc.now() : new Date();
  return { now, end: new Date(now.getTime() + (rc.bookingHorizonDays ?? DEFAULT_HORIZON_DAYS) * 86_400_000) };
}

function toSchedule(r: Row, rc: FhirDb): FhirResource {
  const { now, end } = horizon(rc);
  // By the day: the statement stays the same all day long (a read equals its search entry, caches hold).
  return {
    resourceType: 'Schedule', id: String(r.id_psicologo), meta: metaOf(r),
    active: Boolean(r.activo),
    actor: [{ reference: `Practitioner/${r.id_psicologo}` }, { reference: `PractitionerRole/${r.id_psicologo}` }],
    ...(r.especialidad ? { specialty: [{ text: r.especialidad }] } : {}),
    planningHorizon: { start: localDate(now, rc.zone), end: localDate(end, rc.zone) },
  };
}

export const scheduleType: FhirResourceType = {
  type: 'Schedule',
  params: {},
  async read(rc, _viewer, id) {
    const n = intId(id);
    const row = n === null ? null : await roleBase(rc.knex).where('ps.id_psicologo', n).first();
    return row ? toSchedule(row, rc) : null;
  },
  search(rc, _viewer, req) {
    const q = whereLastUpdated(whereIds(roleBase(rc.knex), 'ps.id_psicologo', req.clauses), req.clauses, rc.zone);
    return pageByIntId<Row>(q, 'ps.id_psicologo', req.count, req.cursor, (rows) => rows.map((r) => toSchedule(r, rc)));
  },
  exportPages(rc, _viewer, window, pageSize) {
    return exportByIntId<Row>(() => whereInWindow(roleBase(rc.knex), window), 'ps.id_psicologo', pageSize, (rows) => rows.map((r) => toSchedule(r, rc)));
  },
  patientsOf: () => [],
};
