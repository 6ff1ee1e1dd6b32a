import { CostBudget } from '../../platform/cost-budget.ts';
import { errors } from '../../platform/errors.ts';
import type { FhirDb, FhirResourceType, FhirViewer, SearchPage, SearchRequest } from '../../queries/fhir/types.ts';

// Searches whose work grows with what they ask (free Slots: agenda-days of free time) are charged
// to their caller (a user, or a machine client), FHIR_SLOT_AGENDA_DAYS_PER_MINUTE a minute: the
// most a search may take before it runs, the rest given back after. One patient sending ten-agenda
// searches at once no longer takes the CPU from everyone else (docs/limits.md).

/** The largest single search: 10 agendas × the 32 local dates a 31-day window touches. */
const LARGEST_SEARCH = 320;

const callerOf = (v: FhirViewer) => (v.who.idCliente !== null ? `cliente:${v.who.idCliente}` : `usuario:${v.who.idUsuario}`);

export type ChargedSearch = (type: FhirResourceType, rc: FhirDb, viewer: FhirViewer, req: SearchRequest) => Promise<SearchPage>;

export function chargedSearches(perMinute: number): ChargedSearch {
  const budget = new CostBudget(perMinute, Math.max(perMinute, LARGEST_SEARCH));
  return async (type, rc, viewer, req) => {
    const cost = type.searchCost?.(rc, req) ?? 0;
    const key = callerOf(viewer);
    const wait = budget.take(key, cost);
    if (wait !== null) throw errors.tooManyRequests(wait);
    let used = budget.charge(cost);
    try {
      const page = await type.search(rc, viewer, req);
      used = Math.min(used, page.cost ?? used);
      return page;
    } finally {
      budget.refund(key, budget.charge(cost) - used);
    }
  };
}
