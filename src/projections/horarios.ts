import type { Projection } from './runner.ts';
import type { HorarioEvent } from '../events/horario.ts';

/** The current working-hours template of each psychologist (the last definition wins). */
export const horariosProjection: Projection = {
  name: 'horarios',
  tables: ['horarios_laborales'],
  readYourWrites: true,
  handles: ['HorarioLaboralDefinido'],
  async apply(trx, stored) {
    const event = stored as unknown as HorarioEvent;
    if (event.type !== 'HorarioLaboralDefinido') return;
    const d = event.data;
    const row = { id_psicologo: d.idPsicologo, desde: d.desde, hasta: d.hasta, dias: JSON.stringify(d.dias) };
    await trx('horarios_laborales').insert(row).onConflict('id_psicologo').merge();
  },
};
