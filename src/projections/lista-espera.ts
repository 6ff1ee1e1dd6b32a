import type { Knex } from 'knex';
import type { Projection } from './runner.ts';
import { insertBuffer, perTransaction } from './deferred.ts';
import type { ListaEsperaEvent } from '../events/lista-espera.ts';
import type { CitaCreada, CitaReprogramada } from '../events/cita.ts';
import type { PacienteEliminado } from '../events/paciente.ts';

// A batch's changes are written at its end, a statement per kind (a rebuild met one UPDATE per
// appointment here): new entries are changed in memory until then; the entries already in the
// table get the batch's bookings, then its abandonments. The order within a batch does not change
// the outcome: a booking serves only ACTIVA entries and an abandonment is final either way.
const nuevas = insertBuffer('lista_espera', 'id_entrada');
const cambios = perTransaction(() => ({ reservas: new Map<string, [number, number, string]>(), abandonadas: new Set<number>() }));

/** The patient booked (or moved to) `dia` with that psychologist: the active entries covering it are served. */
function reservada(trx: Knex.Transaction, idPaciente: number, idPsicologo: number, dia: string): void {
  for (const row of nuevas.pendingRows(trx)) {
    if (row.id_paciente === idPaciente && row.id_psicologo === idPsicologo && row.estado === 'ACTIVA' && String(row.desde) <= dia && String(row.hasta) >= dia) {
      row.estado = 'ATENDIDA';
    }
  }
  cambios.of(trx).reservas.set(`${idPaciente}/${idPsicologo}/${dia}`, [idPaciente, idPsicologo, dia]);
}

async function flush(trx: Knex.Transaction): Promise<void> {
  const c = cambios.take(trx);
  if (c && c.reservas.size > 0) {
    const keys = [...c.reservas.values()];
    await trx.raw(
      `update lista_espera l set estado = 'ATENDIDA' from unnest(?::int[], ?::int[], ?::text[]) as k(p, s, d)
       where l.id_paciente = k.p and l.id_psicologo = k.s and l.estado = 'ACTIVA' and l.desde <= k.d and l.hasta >= k.d`,
      [keys.map((k) => k[0]), keys.map((k) => k[1]), keys.map((k) => k[2])],
    );
  }
  if (c && c.abandonadas.size > 0) await trx('lista_espera').whereIn('id_entrada', [...c.abandonadas]).update({ estado: 'ABANDONADA' });
  await nuevas.flush(trx);
}

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
      await flush(trx); // what came before it, then the erasure
      await trx('lista_espera').where({ id_paciente: (stored as unknown as PacienteEliminado).data.idPaciente }).delete();
      return;
    }
    if (stored.type === 'CitaCreada' || stored.type === 'CitaReprogramada') {
      const d = (stored as unknown as CitaCreada | CitaReprogramada).data;
      reservada(trx, d.idPaciente, d.idPsicologo, d.startDatetime.slice(0, 10));
      return;
    }
    const event = stored as unknown as ListaEsperaEvent;
    switch (event.type) {
      case 'ListaEsperaUnida': {
        const d = event.data;
        nuevas.add(trx, {
          id_entrada: d.idEntrada, id_paciente: d.idPaciente, id_psicologo: d.idPsicologo, desde: d.desde, hasta: d.hasta,
          estado: 'ACTIVA', unida_en: stored.metadata.occurredAt,
        });
        return;
      }
      case 'ListaEsperaAbandonada': {
        const pendiente = nuevas.pending(trx, event.data.idEntrada);
        if (pendiente) pendiente.estado = 'ABANDONADA';
        cambios.of(trx).abandonadas.add(event.data.idEntrada); // also a row of that id already there (a replay)
        return;
      }
      default:
        return;
    }
  },
  flush,
};
