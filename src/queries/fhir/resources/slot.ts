import { errors } from '../../../platform/errors.ts';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { deletedEntities, joinVersion, META_COLUMNS, metaOf, whereInWindow } from '../meta.ts';
import { clausesOf, decodeCursor, encodeCursor, intId, parseDate, parseReference } from '../params.ts';
import { fhirDateTime } from '../format.ts';
import type { FhirDb, FhirMeta, FhirResource, FhirResourceType, FhirScope, FhirViewer, SearchRequest } from '../types.ts';
import { huecosLibres } from '../../disponibilidad.ts';
import { horizon } from './schedule.ts';
import { inWindow, localDates, slotWindow, startMatches, type SlotWindow } from './slot-window.ts';

// Slot ← a psychologist's agenda (docs/fhir.md "Slot"): free time exactly as
// GET /api/psicologos/:id/disponibilidad computes it (50-minute bookings; a patient's own
// appointments are busy too), and blocked time (bloqueos) as busy-unavailable, without its motivo.
// Booked time is left to Appointment. Free slots: id `<idPsicologo>-<YYYYMMDDHHmm>`, meta of the
// working hours (`horario-<id>`); blocks: id `bloqueo-<idBloqueo>`, meta of their stream.

type Row = Record<string, any>;
/** The duration of the free time offered, as the REST endpoint's default. */
const DURACION = 50;
const FREE_ID = /^([1-9]\d{0,9})-(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** Blocked time visible to the viewer: their own (psychologist), their psychologist's (patient, as their agenda shows it), all (admin). */
function bloqueos(db: Knex, scope: FhirScope): Knex.QueryBuilder {
  const q = db('bloqueos as b');
  joinVersion(q, 'bloqueo', 'b.id_bloqueo');
  if (scope.kind === 'psicologo') q.where('b.id_psicologo', scope.idPsicologo);
  if (scope.kind === 'paciente') q.whereIn('b.id_psicologo', (s: Knex.QueryBuilder) => s.select('id_psicologo').from('pacientes').where('id_paciente', scope.idPaciente));
  return q.select('b.id_bloqueo', 'b.id_psicologo', 'b.inicio', 'b.fin', ...META_COLUMNS);
}

const toBlock = (r: Row, zone: string): FhirResource => ({
  resourceType: 'Slot', id: `bloqueo-${r.id_bloqueo}`, meta: metaOf(r), schedule: { reference: `Schedule/${r.id_psicologo}` },
  status: 'busy-unavailable', start: fhirDateTime(new Date(r.inicio), zone), end: fhirDateTime(new Date(r.fin), zone),
});

async function horarioMeta(db: Knex, idPsicologo: number): Promise<FhirMeta> {
  const v = await db('fhir_versiones as v').where('v.stream_id', `horario-${idPsicologo}`).first(...META_COLUMNS);
  return metaOf(v ?? {});
}

/** Free slots of one psychologist over local dates, as the REST endpoint finds them for this viewer. */
async function freeSlots(rc: FhirDb, viewer: FhirViewer, idPsicologo: number, desde: string, hasta: string): Promise<FhirResource[]> {
  if (!(await rc.knex('psicologos').where({ id_psicologo: idPsicologo }).first('id_psicologo'))) return [];
  const { now } = horizon(rc);
  const huecos = await huecosLibres(rc.knex, {
    idPsicologo, idPaciente: viewer.scope.kind === 'paciente' ? viewer.scope.idPaciente : null, desde, hasta, duracion: DURACION,
    zone: rc.zone, now: now.getTime(), horizonDays: rc.bookingHorizonDays ?? 730,
  });
  if (huecos.length === 0) return [];
  const meta = await horarioMeta(rc.knex, idPsicologo);
  return huecos.map((h) => ({
    resourceType: 'Slot', id: `${idPsicologo}-${h.startDatetime.slice(0, 16).replace(/[-T:]/g, '')}`, meta,
    schedule: { reference: `Schedule/${idPsicologo}` }, status: 'free', start: fhirDateTime(h.startDatetime, rc.zone), end: fhirDateTime(h.endDatetime, rc.zone),
  }));
}

const MAX_SCHEDULES = 10;

const startOf = (s: FhirResource) => Date.parse(s.start as string);

/** Every slot of the search's window, by start then id. */
async function slotsOf(rc: FhirDb, viewer: FhirViewer, req: SearchRequest, w: SlotWindow): Promise<FhirResource[]> {
  const schedules = clausesOf(req.clauses, 'schedule').map((c) => c.values.map((v) => intId(parseReference('schedule', v, ['Schedule']).id)));
  const ids = clausesOf(req.clauses, '_id').map((c) => new Set(c.values));
  const updated = clausesOf(req.clauses, '_lastUpdated').map((c) => c.values.map((v) => parseDate('_lastUpdated', v, rc.zone)));
  const updatedOk = (s: FhirResource) => updated.every((rs) => rs.some((r) => startMatches(Date.parse((s.meta as FhirMeta).lastUpdated), r)));
  // A schedule clause ANDed with another keeps the psychologists named in both.
  const wanted = schedules.length ? schedules.reduce((a, b) => a.filter((x) => b.includes(x))).filter((x): x is number => x !== null) : null;
  // Free time is computed per psychologist and day: a bounded number of agendas per search.
  if (wanted && new Set(wanted).size > MAX_SCHEDULES) {
    throw errors.invalid(`schedule: como mucho ${MAX_SCHEDULES} agendas por búsqueda`, `schedule: at most ${MAX_SCHEDULES} schedules per search`);
  }
  const out: FhirResource[] = [];
  if (w.statuses.has('busy-unavailable') && w.from < w.to) {
    const q = bloqueos(rc.knex, viewer.scope).where('b.inicio', '>=', new Date(w.from)).where('b.inicio', '<', new Date(w.to));
    if (wanted) q.whereIn('b.id_psicologo', wanted);
    out.push(...(await q).map((r: Row) => toBlock(r, rc.zone)));
  }
  if (w.statuses.has('free') && wanted && w.from < w.to) {
    const { desde, hasta } = localDates(w, rc.zone);
    for (const id of [...new Set(wanted)]) out.push(...(await freeSlots(rc, viewer, id, desde, hasta)));
  }
  return out
    .filter((s) => inWindow(w, startOf(s)) && ids.every((set) => set.has(s.id)) && updatedOk(s))
    .sort((a, b) => startOf(a) - startOf(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

async function search(rc: FhirDb, viewer: FhirViewer, req: SearchRequest) {
  const { now, end } = horizon(rc);
  const w = slotWindow(req.clauses, rc.zone, now.getTime(), end.getTime());
  let all = await slotsOf(rc, viewer, req, w);
  if (req.cursor !== null) {
    const [at, id] = decodeCursor(req.cursor, ['number', 'text']) as [number, string];
    all = all.filter((s) => startOf(s) > at || (startOf(s) === at && s.id > id));
  }
  const page = all.slice(0, req.count);
  const last = page[page.length - 1];
  return { resources: page, next: all.length > req.count ? encodeCursor([startOf(last), last.id]) : null };
}

async function read(rc: FhirDb, viewer: FhirViewer, id: string): Promise<FhirResource | null> {
  const block = /^bloqueo-([1-9]\d{0,9})$/.exec(id);
  if (block) {
    const n = intId(block[1]);
    const row = n === null ? null : await bloqueos(rc.knex, viewer.scope).where('b.id_bloqueo', n).first();
    return row ? toBlock(row, rc.zone) : null;
  }
  const m = FREE_ID.exec(id);
  const idPsicologo = m ? intId(m[1]) : null;
  if (!m || idPsicologo === null) return null;
  const local = DateTime.fromISO(`${m[2]}-${m[3]}-${m[4]}T${m[5]}:${m[6]}:00`, { zone: rc.zone });
  if (!local.isValid) return null;
  const fecha = local.toFormat('yyyy-LL-dd');
  return (await freeSlots(rc, viewer, idPsicologo, fecha, fecha)).find((s) => s.id === id) ?? null;
}

export const slotType: FhirResourceType = {
  type: 'Slot',
  params: {
    schedule: { type: 'reference', documentation: 'Schedule/<idPsicologo>: needed for free slots; without it, blocked time only' },
    start: { type: 'date', documentation: `The slot's start, with prefixes; default now to the booking horizon, at most 31 days from the lower bound per search` },
    status: { type: 'token', documentation: 'free | busy-unavailable (blocked time) | busy (never: booked time is in Appointment)' },
  },
  read,
  search,
  async *exportPages(rc, viewer, window, pageSize) {
    // Free time is computed, not recorded: an export carries the recorded blocked time only.
    if (viewer.scope.kind === 'paciente') return;
    let after = 0;
    for (;;) {
      const rows: Row[] = await whereInWindow(bloqueos(rc.knex, viewer.scope), window).where('b.id_bloqueo', '>', after).orderBy('b.id_bloqueo').limit(pageSize);
      if (rows.length) yield rows.map((r) => toBlock(r, rc.zone));
      if (rows.length < pageSize) return;
      after = rows[rows.length - 1].id_bloqueo;
    }
  },
  async deletedIds(rc, viewer, window) {
    // A deleted block's row is gone, and with it whose it was: only an unrestricted viewer gets them.
    if (viewer.scope.kind !== 'all') return [];
    return (await deletedEntities(rc.knex, 'bloqueo', window, 'all')).map((id) => `bloqueo-${id}`);
  },
  patientsOf: () => [],
};
