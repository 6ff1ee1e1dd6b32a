import type { Projection } from './runner.ts';
import type { SerieCitasCreada } from '../events/serie.ts';

/** Which appointments belong to which recurring series (src/events/serie.ts): no personal data, ids only. */
export const seriesProjection: Projection = {
  name: 'series',
  tables: ['citas_series'],
  readYourWrites: true,
  handles: ['SerieCitasCreada'],
  async apply(trx, stored) {
    if (stored.type !== 'SerieCitasCreada') return;
    const { idSerie, idPaciente, idPsicologo, frecuencia, citas } = (stored as unknown as SerieCitasCreada).data;
    const rows = citas.map((c, i) => ({
      id_cita: c.idCita, id_serie: idSerie, ocurrencia: i + 1, id_paciente: idPaciente, id_psicologo: idPsicologo, frecuencia,
    }));
    await trx('citas_series').insert(rows).onConflict('id_cita').ignore();
  },
};
