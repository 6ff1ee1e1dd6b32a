import type { Knex } from 'knex';
import type { Projection } from './runner.ts';
import { perTransaction, toJson } from './deferred.ts';
import type { StoredEvent } from '../eventstore/port.ts';
import type { DiarioEvent } from '../events/diario.ts';
import type { ProgresoEvent } from '../events/progreso.ts';
import type { PacienteRegistrado, PsicologoAsignado } from '../events/paciente.ts';
import type { PsicologoEliminado } from '../events/psicologo.ts';
import type { ClaveClinicaDestruida } from '../events/retencion.ts';

type Trx = Knex.Transaction;
type Event = ProgresoEvent | DiarioEvent | PacienteRegistrado | PsicologoAsignado | PsicologoEliminado | ClaveClinicaDestruida;

/** Monday of the ISO week of a date or local datetime (`YYYY-MM-DD…`), by calendar arithmetic (hot in rebuilds). */
export function semanaDe(fecha: string): string {
  const d = new Date(0);
  d.setUTCFullYear(Number(fecha.slice(0, 4)), Number(fecha.slice(5, 7)) - 1, Number(fecha.slice(8, 10)));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

// The weekly rows are recomputed from the entries of that week, never incremented: a replay, a
// deletion or a shredded key all end in the same numbers. A batch only notes the weeks it touches;
// the flush recomputes each of them once, with one statement per table.
const touched = perTransaction(() => ({ pacientes: new Map<string, [number, string]>(), psicologos: new Map<string, [number, string]>() }));

function touch(trx: Trx, idPaciente: number, idPsicologo: number | null, semana: string): void {
  const t = touched.of(trx);
  t.pacientes.set(`${idPaciente}/${semana}`, [idPaciente, semana]);
  if (idPsicologo !== null) t.psicologos.set(`${idPsicologo}/${semana}`, [idPsicologo, semana]);
}

const AVERAGES = `count(*) filter (where fuente = 'PROGRESO'), round(avg(nivel_estres), 2), round(avg(nivel_ansiedad), 2),
  round(avg(nivel_animo), 2), count(*) filter (where fuente = 'DIARIO'), round(avg(intensidad), 2)`;
const MEASURES = 'registros_progreso, media_estres, media_ansiedad, media_animo, registros_diario, media_intensidad';

async function recomputeWeeks(trx: Trx, table: string, key: string, extra: [string, string], weeks: [number, string][]): Promise<void> {
  if (weeks.length === 0) return;
  const ids = weeks.map((w) => w[0]);
  const semanas = weeks.map((w) => w[1]);
  await trx.raw(`delete from ${table} t using unnest(?::int[], ?::date[]) as k(id, semana) where t.${key} = k.id and t.semana = k.semana`, [ids, semanas]);
  await trx.raw(
    `insert into ${table} (${key}, semana, ${extra[0]}${MEASURES})
     select r.${key}, r.semana, ${extra[1]}${AVERAGES}
     from analitica_registros r join unnest(?::int[], ?::date[]) as k(id, semana) on r.${key} = k.id and r.semana = k.semana
     group by r.${key}, r.semana`,
    [ids, semanas],
  );
}

async function flushWeeks(trx: Trx): Promise<void> {
  const t = touched.take(trx);
  if (!t) return;
  await recomputeWeeks(trx, 'analitica_semanal_paciente', 'id_paciente', ['', ''], [...t.pacientes.values()]);
  await recomputeWeeks(trx, 'analitica_semanal_psicologo', 'id_psicologo', ['pacientes, ', 'count(distinct r.id_paciente), '], [...t.psicologos.values()]);
}

// New entries of a batch are inserted together, each with the psychologist its patient has then
// in analitica_asignaciones: a change of assignment first inserts the entries before it.
const entries = perTransaction(() => [] as Record<string, unknown>[]);

function addEntry(trx: Trx, row: { fuente: string; id_registro: number; id_paciente: number; semana: string } & Record<string, unknown>) {
  entries.of(trx).push({ nivel_estres: null, nivel_ansiedad: null, nivel_animo: null, intensidad: null, ...row });
}

async function flushEntries(trx: Trx, onlyFor?: number): Promise<void> {
  if (onlyFor !== undefined && !entries.of(trx).some((e) => e.id_paciente === onlyFor)) return;
  const rows = entries.take(trx);
  if (!rows || rows.length === 0) return;
  const { rows: inserted } = await trx.raw(
    `insert into analitica_registros (fuente, id_registro, id_paciente, semana, nivel_estres, nivel_ansiedad, nivel_animo, intensidad, id_psicologo)
     select r.fuente, r.id_registro, r.id_paciente, r.semana, r.nivel_estres, r.nivel_ansiedad, r.nivel_animo, r.intensidad, a.id_psicologo
     from json_populate_recordset(null::analitica_registros, ?::json) as r left join analitica_asignaciones a on a.id_paciente = r.id_paciente
     on conflict (fuente, id_registro) do nothing
     returning id_paciente, id_psicologo, to_char(semana, 'YYYY-MM-DD') as semana`,
    [toJson(rows)],
  );
  // Already there (a replayed batch): its week was recomputed with it.
  for (const r of inserted) touch(trx, r.id_paciente, r.id_psicologo ?? null, r.semana);
}

async function removeEntries(trx: Trx, where: Record<string, unknown>) {
  await flushEntries(trx);
  const rows = await trx('analitica_registros').where(where)
    .distinct('id_paciente', 'id_psicologo', trx.raw(`to_char(semana, 'YYYY-MM-DD') as semana`));
  await trx('analitica_registros').where(where).delete();
  for (const r of rows) touch(trx, r.id_paciente, r.id_psicologo, r.semana);
}

async function applyEntry(trx: Trx, event: ProgresoEvent | DiarioEvent, stored: StoredEvent) {
  // Values opened after the clinical key was destroyed are null: such entries no longer count.
  if (stored.erased?.length) return;
  if (event.type === 'ProgresoRegistrado') {
    const d = event.data;
    addEntry(trx, {
      fuente: 'PROGRESO', id_registro: d.idProgress, id_paciente: d.idPaciente, semana: semanaDe(d.fecha),
      nivel_estres: d.nivelEstres, nivel_ansiedad: d.nivelAnsiedad, nivel_animo: d.nivelAnimo,
    });
  } else if (event.type === 'DiarioRegistrado') {
    const d = event.data;
    addEntry(trx, { fuente: 'DIARIO', id_registro: d.idDiario, id_paciente: d.idPaciente, semana: semanaDe(d.fecha), intensidad: d.intensidad });
  } else {
    await removeEntries(trx, { fuente: 'DIARIO', id_registro: event.data.idDiario });
  }
}

/**
 * Weekly averages for analysts: stress, anxiety and mood (progress) and diary intensity, per
 * patient and per psychologist's practice (docs/read-models.md). An erased patient's entries keep
 * counting until the retention job shreds their clinical key; then they leave every table.
 */
export const analiticaProjection: Projection = {
  name: 'analitica',
  tables: ['analitica_asignaciones', 'analitica_registros', 'analitica_semanal_paciente', 'analitica_semanal_psicologo'],
  handles: ['PacienteRegistrado', 'PsicologoAsignado', 'PsicologoEliminado', 'ProgresoRegistrado', 'DiarioRegistrado', 'DiarioEliminado', 'ClaveClinicaDestruida'],
  async apply(trx, stored) {
    const event = stored as unknown as Event;
    switch (event.type) {
      case 'PacienteRegistrado':
        await flushEntries(trx, event.data.idPaciente);
        await trx('analitica_asignaciones').insert({ id_paciente: event.data.idPaciente, id_psicologo: event.data.idPsicologo }).onConflict('id_paciente').ignore();
        return;
      case 'PsicologoAsignado':
        await flushEntries(trx, event.data.idPaciente);
        await trx('analitica_asignaciones').insert({ id_paciente: event.data.idPaciente, id_psicologo: event.data.idPsicologo })
          .onConflict('id_paciente').merge(['id_psicologo']);
        return;
      case 'PsicologoEliminado':
        await flushEntries(trx);
        await trx('analitica_asignaciones').where({ id_psicologo: event.data.idPsicologo }).update({ id_psicologo: null });
        return;
      case 'ProgresoRegistrado':
      case 'DiarioRegistrado':
      case 'DiarioEliminado':
        return applyEntry(trx, event, stored);
      case 'ClaveClinicaDestruida':
        return removeEntries(trx, { id_paciente: event.data.idPaciente });
      default:
        return; // not an event of this read model
    }
  },
  async flush(trx) {
    await flushEntries(trx);
    await flushWeeks(trx);
  },
};
