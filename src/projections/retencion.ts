import type { Projection } from './runner.ts';

// Administrative events: they are not care, so they do not restart the retention period.
const NOT_ACTIVITY = new Set(['PacienteEliminado', 'PacienteDadoDeBaja', 'ClaveClinicaDestruida']);

/** Per patient: last activity, erasure and clinical-key destruction, for the retention job. */
export const retencionProjection: Projection = {
  name: 'retencion',
  tables: ['retencion_clinica'],
  async apply(trx, event) {
    const idPaciente = (event.data as { idPaciente?: unknown }).idPaciente;
    if (typeof idPaciente !== 'number') return;
    const at = event.metadata.occurredAt;
    if (!NOT_ACTIVITY.has(event.type)) {
      await trx.raw(
        `insert into retencion_clinica (id_paciente, ultima_actividad) values (?, ?)
         on conflict (id_paciente) do update set ultima_actividad = greatest(retencion_clinica.ultima_actividad, excluded.ultima_actividad)`,
        [idPaciente, at],
      );
      return;
    }
    const column = event.type === 'PacienteEliminado' ? 'eliminado_en' : event.type === 'ClaveClinicaDestruida' ? 'clave_destruida_en' : null;
    if (!column) return;
    await trx.raw(
      `insert into retencion_clinica (id_paciente, ultima_actividad, ${column}) values (?, ?, ?)
       on conflict (id_paciente) do update set ${column} = excluded.${column}`,
      [idPaciente, at, at],
    );
  },
};
