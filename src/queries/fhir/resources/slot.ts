import { errors } from '../../../platform/errors.ts';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { deletedEntities, joinVersion, META_COLUMNS, metaOf, whereInWindow } from '../meta.ts';
import { clausesOf, decodeCursor, encodeCursor, intId, parseDate, parseReference } from '../params.ts';
import { fhirDateTime } from '../format.ts';
import type { FhirDb, FhirMeta, FhirResource, FhirResourceType, FhirScope, FhirViewer, SearchRequest } from '../types.ts';
import { horizon } from './schedule.ts';
import { byStart, freeCost, freePage, freeTime, type Keyed } from './slot-free.ts';
import { inWindow, localDates, slotWindow, startMatches, type SlotWindow } from './slot-window.ts';

// Slot ← a psychologist's agenda (docs/fhir.md "Slot"): free time exactly as
// GET /api/psicologos/:id/disponibilidad computes it (50-minute bookings; a patient's own
// appointments are busy too), and blocked time (bloqueos) as busy-unavailable, without its motivo.
// Booked time is left to Appointment. Free slots: id `<idPsicologo>-<YYYYMMDDHHmm>`, meta of the
// working hours (`horario-<id>`); blocks: id `bloqueo-<idBloqueo>`, meta of their stream.

type Row = Record<string, any>;
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

const MAX_SCHEDULES = 10;

interface SlotQuery {
  w: SlotWindow;
  /** The psychologists whose free time is asked for (each once); null: no schedule clause. */
  wanted: number[] | null;
  /** The clauses a slot must pass besides its status: the window, _id and _lastUpdated. */
  keep: (k: Keyed) => boolean;
}

function slotQuery(rc: FhirDb, req: SearchRequest): SlotQuery {
  const { now, end } = horizon(rc);
  const w = slotWindow(req.clauses, rc.zone, now.getTime(), end.getTime());
  const schedules = clausesOf(req.clauses, 'schedule').map((c) => c.values.map((v) => intId(parseReference('schedule', v, ['Schedule']).id)));
  const ids = clausesOf(req.clauses, '_id').map((c) => new Set(c.values));
  const updated = clausesOf(req.clauses, '_lastUpdated').map((c) => c.values.map((v) => parseDate('_lastUpdated', v, rc.zone)));
  const updatedOk = (s: FhirResource) => updated.every((rs) => rs.some((r) => startMatches(Date.parse((s.meta as FhirMeta).lastUpdated!), r)));
  // A schedule clause ANDed with another keeps the psychologists named in both.
  const named = schedules.length ? schedules.reduce((a, b) => a.filter((x) => b.includes(x))).filter((x): x is number => x !== null) : null;
  const wanted = named && [...new Set(named)];
  // Free time is computed per psychologist and day: a bounded number of agendas per search.
  if (wanted && wanted.length > MAX_SCHEDULES) {
    throw errors.invalid(`schedule: como mucho ${MAX_SCHEDULES} agendas por búsqueda`, `schedule: at most ${MAX_SCHEDULES} schedules per search`);
  }
  return { w, wanted, keep: (k) => inWindow(w, k.at) && ids.every((set) => set.has(k.res.id)) && updatedOk(k.res) };
}

const wantsFree = (q: SlotQuery): q is SlotQuery & { wanted: number[] } => q.w.statuses.has('free') && q.wanted !== null && q.w.from < q.w.to;

/** The most agenda-days of free time the search may compute (charged to its caller first). */
function searchCost(rc: FhirDb, req: SearchRequest): number {
  const q = slotQuery(rc, req);
  return wantsFree(q) ? freeCost(q.wanted, q.w.to - q.w.from) : 0;
}

async function blockedTime(rc: FhirDb, viewer: FhirViewer, q: SlotQuery): Promise<Keyed[]> {
  if (!q.w.statuses.has('busy-unavailable') || q.w.from >= q.w.to) return [];
  const b = bloqueos(rc.knex, viewer.scope).where('b.inicio', '>=', new Date(q.w.from)).where('b.inicio', '<', new Date(q.w.to));
  if (q.wanted) b.whereIn('b.id_psicologo', q.wanted);
  return (await b).map((r: Row) => ({ at: new Date(r.inicio).getTime(), res: toBlock(r, rc.zone) }));
}

/** A page of the window's slots by start then id: blocked time, and the free time of the dates the page reaches. */
async function search(rc: FhirDb, viewer: FhirViewer, req: SearchRequest) {
  const q = slotQuery(rc, req);
  const after = req.cursor === null ? null : (decodeCursor(req.cursor, ['number', 'text']) as [number, string]);
  const keep = (k: Keyed) => q.keep(k) && (after === null || k.at > after[0] || (k.at === after[0] && k.res.id > after[1]));
  const blocks = (await blockedTime(rc, viewer, q)).filter(keep);
  const { free, cost } = wantsFree(q)
    ? await freePage(rc, viewer, q.wanted, { ...localDates(q.w, rc.zone), after: after?.[0] ?? null }, req.count, keep)
    : { free: [], cost: 0 };
  const all = [...blocks, ...free].sort(byStart);
  const page = all.slice(0, req.count);
  const last = page[page.length - 1];
  return { resources: page.map((k) => k.res), next: all.length > req.count ? encodeCursor([last.at, last.res.id]) : null, cost };
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
  return (await freeTime(rc, viewer, [idPsicologo], fecha, fecha)).day(fecha).find((k) => k.res.id === id)?.res ?? null;
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
  searchCost,
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
