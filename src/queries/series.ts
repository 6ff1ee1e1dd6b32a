import type { Knex } from 'knex';
import type { Alcance } from '../events/cita.ts';
import { citas, view, type CitaView } from './citas.ts';
import { pageById, type Page, type Paged } from './paging.ts';

// The appointments of a recurring series, as the caller may see them (src/projections/series.ts).

const enAlcance = (q: Knex.QueryBuilder, alcance: Alcance) => {
  if (alcance === 'todas') return q;
  return 'idPaciente' in alcance ? q.where('cs.id_paciente', alcance.idPaciente) : q.where('cs.id_psicologo', alcance.idPsicologo);
};

/** Whether the series exists in the caller's scope (out of scope reads as absent). */
export async function serieVisible(knex: Knex, idSerie: number, alcance: Alcance): Promise<boolean> {
  return Boolean(await enAlcance(knex('citas_series as cs').where('cs.id_serie', idSerie), alcance).first('cs.id_cita'));
}

/** One page of a series' appointments, by idCita (the order they were booked in: by date). */
export function pageCitasSerie(knex: Knex, idSerie: number, alcance: Alcance, page: Page): Promise<Paged<CitaView>> {
  const q = enAlcance(citas(knex).join('citas_series as cs', 'cs.id_cita', 'c.id_cita').where('cs.id_serie', idSerie), alcance);
  return pageById(q, 'c.id_cita', page, view);
}
