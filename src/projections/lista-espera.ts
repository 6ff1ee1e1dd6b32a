import type { Projection } from './runner.ts';
import type { ListaEsperaEvent } from '../events/lista-espera.ts';
import type { CitaCreada, CitaReprogramada } from '../events/cita.ts';
import type { PacienteEliminado } from '../events/paciente.ts';

/**
 * The waitlist (src/events/lista-espera.ts), one row per entry, ids and dates only. An appointment
 * the patient books (or moves) with that psychologist inside an active entry's range serves it:
 * ATENDIDA, never notified again. EXPIRADA is computed by the queries from `hasta`.
 */
export const listaEsperaProjection: Projection = {
  name: 'lista-espera',
  tables: ['lista_espera'],
  readYourWrites: true,
  handles: ['ListaEsperaUnida', 'ListaEsperaAbandonada', 'CitaCreada', 'CitaReprogramada', 'PacienteEliminado'],
  async apply(trx, stored) {
    if (stored.type === 'PacienteEliminado') {
      await trx('lista_espera').where({ id_paciente: (stored as unknown as PacienteEliminado).data.idPaciente }).delete();
      return;
    }
    if (stored.type === 'CitaCreada' || stored.type === 'CitaReprogramada') {
      const d = (stored as unknown as CitaCreada | CitaReprogramada).data;
      const dia = d.startDatetime.slice(0, 10);
      await trx('lista_espera')
        .where({ id_paciente: d.idPaciente, id_psicologo: d.idPsicologo, estado: 'ACTIVA' })
        .andWhere('desde', '<=', dia).andWhere('hasta', '>=', dia)
        .update({ estado: 'ATENDIDA' });
      return;
    }
    const event = stored as unknown as ListaEsperaEvent;
    switch (event.type) {
      case 'ListaEsperaUnida': {
        const d = event.data;
        await trx('lista_espera').insert({
          id_entrada: d.idEntrada, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo, desde: d.desde, hasta: d.hasta,
          estado: 'ACTIVA', unida_en: stored.metadata.occurredAt,
        }).onConflict('id_entrada').ignore();
        return;
      }
      case 'ListaEsperaAbandonada':
        await trx('lista_espera').where({ id_entrada: event.data.idEntrada }).update({ estado: 'ABANDONADA' });
        return;
      default:
        return;
    }
  },
};
