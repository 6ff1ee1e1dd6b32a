import type { Knex } from 'knex';
import { perTransaction, toJson } from './deferred.ts';
import type { Pseudonymizer } from '../platform/analytics/pseudonyms.ts';
import type { DiarioEliminado, DiarioRegistrado } from '../events/diario.ts';
import type { ProgresoRegistrado } from '../events/progreso.ts';

// Diary and progress facts of the analysts' schema, and each patient's weekly averages
// (docs/read-models.md "Analytics"). An entry counts for the psychologist the patient had when it
// was recorded: `analitica_asignaciones` (private, in `public`) is the projection's own copy of that
// assignment, by pseudonym.

type Trx = Knex.Transaction;

/** Monday of the ISO week of a date or local datetime (`YYYY-MM-DD…`), by calendar arithmetic (hot in rebuilds). */
export function semanaDe(fecha: string): string {
  const d = diaUtc(fecha);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** ISO weekday of a date or local datetime: 1 Monday … 7 Sunday. */
export const diaSemanaDe = (fecha: string): number => ((diaUtc(fecha).getUTCDay() + 6) % 7) + 1;

function diaUtc(fecha: string): Date {
  const d = new Date(0);
  d.setUTCFullYear(Number(fecha.slice(0, 4)), Number(fecha.slice(5, 7)) - 1, Number(fecha.slice(8, 10)));
  return d;
}

// The spec's typical emotions. Anything else the patient typed is free text and may say who they
// are: analysts see it only as OTRA.
const EMOCIONES = ['Ansiedad', 'Tristeza', 'Alegría', 'Irritabilidad', 'Calma', 'Frustración'];
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
const EMOCION_POR_CLAVE = new Map(EMOCIONES.map((e) => [fold(e), e]));
export const emocionAnalitica = (emocion: string): string => EMOCION_POR_CLAVE.get(fold(emocion)) ?? 'OTRA';

// Weekly rows are recomputed from the facts of that week, never incremented: a replay, a deletion or
// a destroyed key all end in the same numbers. A batch notes the weeks it touches; the flush
// recomputes each of them once.
const touched = perTransaction(() => new Map<string, [string, string]>());
const touch = (trx: Trx, paciente: string, semana: string) => touched.of(trx).set(`${paciente}/${semana}`, [paciente, semana]);

async function flushWeeks(trx: Trx): Promise<void> {
  const weeks = [...(touched.take(trx)?.values() ?? [])];
  if (weeks.length === 0) return;
  const keys = [weeks.map((w) => w[0]), weeks.map((w) => w[1])];
  await trx.raw('delete from semanal_paciente t using unnest(?::text[], ?::date[]) as k(p, s) where t.paciente = k.p and t.semana = k.s', keys);
  await trx.raw(
    `insert into semanal_paciente (paciente, semana, registros_progreso, media_estres, media_ansiedad, media_animo, registros_diario, media_intensidad)
     select k.p, k.s, pr.n, pr.e, pr.a, pr.m, di.n, di.i
     from unnest(?::text[], ?::date[]) as k(p, s)
     cross join lateral (select count(*) as n, round(avg(nivel_estres), 2) as e, round(avg(nivel_ansiedad), 2) as a, round(avg(nivel_animo), 2) as m
                           from hechos_progreso where paciente = k.p and semana = k.s) pr
     cross join lateral (select count(*) as n, round(avg(intensidad), 2) as i from hechos_diario where paciente = k.p and semana = k.s) di
     where pr.n + di.n > 0`,
    keys,
  );
}

// New entries of a batch are inserted together, each with the psychologist its patient has then:
// a change of assignment first inserts the entries recorded before it.
type Entry = { id_paciente: number; registro: string; paciente: string; fecha: string; semana: string } & Record<string, unknown>;
const pending = perTransaction(() => ({ diario: [] as Entry[], progreso: [] as Entry[] }));

/** The columns each kind of entry adds to the common ones, with their SQL types. */
const COLUMNS: Record<'diario' | 'progreso', [name: string, type: string][]> = {
  diario: [['dia_semana', 'smallint'], ['emocion', 'text'], ['intensidad', 'smallint']],
  progreso: [['nivel_estres', 'smallint'], ['nivel_ansiedad', 'smallint'], ['nivel_animo', 'smallint']],
};

async function insertEntries(trx: Trx, kind: 'diario' | 'progreso', rows: Entry[]): Promise<void> {
  if (rows.length === 0) return;
  const extra = COLUMNS[kind].map(([name]) => name);
  const typed = COLUMNS[kind].map(([name, type]) => `${name} ${type}`).join(', ');
  const { rows: inserted } = await trx.raw(
    `insert into hechos_${kind} (registro, paciente, psicologo, fecha, semana, ${extra.join(', ')})
     select r.registro, r.paciente, a.psicologo, r.fecha, r.semana, ${extra.map((c) => `r.${c}`).join(', ')}
     from json_to_recordset(?::json) as r(id_paciente int, registro text, paciente text, fecha date, semana date, ${typed})
     left join analitica_asignaciones a on a.id_paciente = r.id_paciente
     on conflict (registro) do nothing
     returning paciente, to_char(semana, 'YYYY-MM-DD') as semana`,
    [toJson(rows)],
  );
  // Already there (a replayed batch): its week was recomputed with it.
  for (const r of inserted) touch(trx, r.paciente, r.semana);
}

/**
 * Inserts the pending entries (all, or only when one of them is `onlyFor`'s), after the pending
 * assignments: each of those was recorded before the entries of its patient still pending.
 */
export async function flushEntries(trx: Trx, onlyFor?: number): Promise<void> {
  const p = pending.of(trx);
  if (onlyFor !== undefined && ![...p.diario, ...p.progreso].some((e) => e.id_paciente === onlyFor)) return;
  pending.take(trx);
  await flushAsignaciones(trx);
  await insertEntries(trx, 'diario', p.diario);
  await insertEntries(trx, 'progreso', p.progreso);
}

export function addProgreso(trx: Trx, pseud: Pseudonymizer, d: ProgresoRegistrado['data']): void {
  pending.of(trx).progreso.push({
    id_paciente: d.idPaciente, registro: pseud('progreso', d.idProgress), paciente: pseud('paciente', d.idPaciente),
    fecha: d.fecha.slice(0, 10), semana: semanaDe(d.fecha),
    nivel_estres: d.nivelEstres, nivel_ansiedad: d.nivelAnsiedad, nivel_animo: d.nivelAnimo,
  });
}

export function addDiario(trx: Trx, pseud: Pseudonymizer, d: DiarioRegistrado['data']): void {
  pending.of(trx).diario.push({
    id_paciente: d.idPaciente, registro: pseud('diario', d.idDiario), paciente: pseud('paciente', d.idPaciente),
    fecha: d.fecha.slice(0, 10), semana: semanaDe(d.fecha), dia_semana: diaSemanaDe(d.fecha),
    emocion: emocionAnalitica(d.emocion), intensidad: d.intensidad,
  });
}

async function removeWhere(trx: Trx, kind: 'diario' | 'progreso', column: 'registro' | 'paciente', value: string): Promise<void> {
  const { rows } = await trx.raw(`delete from ?? where ?? = ? returning paciente, to_char(semana, 'YYYY-MM-DD') as semana`, [`hechos_${kind}`, column, value]);
  for (const r of rows) touch(trx, r.paciente, r.semana);
}

export async function removeDiario(trx: Trx, pseud: Pseudonymizer, d: DiarioEliminado['data']): Promise<void> {
  await flushEntries(trx);
  await removeWhere(trx, 'diario', 'registro', pseud('diario', d.idDiario));
}

/** A destroyed clinical key: every diary and progress fact of the patient leaves, with their weeks. */
export async function removeRegistrosPaciente(trx: Trx, paciente: string): Promise<void> {
  await flushEntries(trx);
  await removeWhere(trx, 'diario', 'paciente', paciente);
  await removeWhere(trx, 'progreso', 'paciente', paciente);
}

// Assignments of a batch are written together before the entries that need them (a rebuild met
// one INSERT per registration here): per patient the last one, and whether it only fills a gap (a
// registration: an assignment already there stays) or replaces.
type Asignacion = { psicologo: string | null; soloSiNueva: boolean };
const asignaciones = perTransaction(() => new Map<number, Asignacion>());

async function flushAsignaciones(trx: Trx): Promise<void> {
  const all = [...(asignaciones.take(trx) ?? [])];
  for (const soloSiNueva of [true, false]) {
    const rows = all.filter(([, a]) => a.soloSiNueva === soloSiNueva);
    if (rows.length === 0) continue;
    await trx.raw(
      `insert into analitica_asignaciones (id_paciente, psicologo) select * from unnest(?::int[], ?::text[])
       on conflict (id_paciente) do ${soloSiNueva ? 'nothing' : 'update set psicologo = excluded.psicologo'}`,
      [rows.map(([id]) => id), rows.map(([, a]) => a.psicologo) as string[]], // nulls bind as NULL
    );
  }
}

/** The patient's psychologist from now on (null: none), for the entries recorded after this. */
export async function asignar(trx: Trx, idPaciente: number, psicologo: string | null, onlyIfNew = false): Promise<void> {
  await flushEntries(trx, idPaciente); // the patient's entries recorded before it keep the previous one
  const map = asignaciones.of(trx);
  if (onlyIfNew && map.has(idPaciente)) return; // as the conflict with the row written before it would
  map.set(idPaciente, { psicologo, soloSiNueva: onlyIfNew });
}

export async function psicologoEliminado(trx: Trx, psicologo: string): Promise<void> {
  await flushEntries(trx); // the pending assignments too
  await trx('analitica_asignaciones').where({ psicologo }).update({ psicologo: null });
}

export const flushRegistros = async (trx: Trx): Promise<void> => {
  await flushEntries(trx);
  await flushWeeks(trx);
};
