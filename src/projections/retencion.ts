import type { Knex } from 'knex';
import type { Projection } from './runner.ts';
import { perTransaction } from './deferred.ts';

// Administrative events: they are not care, so they do not restart the retention period.
const NOT_ACTIVITY = new Set(['PacienteEliminado', 'PacienteDadoDeBaja', 'ClaveClinicaDestruida', 'ClaveFacturacionDestruida']);

// Activity is gathered per batch (the latest instant per patient) and written in one statement.
const activity = perTransaction(() => new Map<number, string>());

async function flushActivity(trx: Knex.Transaction): Promise<void> {
  const pending = activity.take(trx);
  if (!pending || pending.size === 0) return;
  await trx.raw(
    `insert into retencion_clinica (id_paciente, ultima_actividad)
     select p, at from unnest(?::int[], ?::timestamptz[]) as x(p, at)
     on conflict (id_paciente) do update set ultima_actividad = greatest(retencion_clinica.ultima_actividad, excluded.ultima_actividad)`,
    [[...pending.keys()], [...pending.values()]],
  );
}

/** Per patient: last activity, erasure and clinical-key destruction, for the retention job. */
export const retencionProjection: Projection = {
  name: 'retencion',
  tables: ['retencion_clinica'],
  // Read by the retention job only, which runs hours apart: no answer waits for it.
  readYourWrites: false,
  async apply(trx, event) {
    const idPaciente = (event.data as { idPaciente?: unknown }).idPaciente;
    if (typeof idPaciente !== 'number') return;
    const at = event.metadata.occurredAt;
    if (!NOT_ACTIVITY.has(event.type)) {
      const pending = activity.of(trx);
      const prev = pending.get(idPaciente);
      if (prev === undefined || Date.parse(at) > Date.parse(prev)) pending.set(idPaciente, at);
      return;
    }
    const column = event.type === 'PacienteEliminado' ? 'eliminado_en' : event.type === 'ClaveClinicaDestruida' ? 'clave_destruida_en' : null;
    if (!column) return;
    await flushActivity(trx); // in log order: the row's first activity is not the erasure's instant
    await trx.raw(
      `insert into retencion_clinica (id_paciente, ultima_actividad, ${column}) values (?, ?, ?)
       on conflict (id_paciente) do update set ${column} = excluded.${column}`,
      [idPaciente, at, at],
    );
  },
  flush: flushActivity,
};
