import type { Knex } from 'knex';

// The analysts' views (docs/read-models.md "Analytics"). Figures at psychologist or practice level
// are computed here, at query time, and shown only for cells of at least `parametros.min_celda`
// distinct patients (ANALYTICS_MIN_CELL), psychologist cells also when subtraction from the practice
// would give a small one (complementary suppression, `suppression` below); a hidden cell keeps its
// row with every figure null and `suprimida` true. Made by migrations 027, 029, 061 (revenue) and 071
// (outcome measures) and again after a shadow rebuild swaps the tables.

export const ANALITICA_VIEWS = [
  'analitica.citas',
  'analitica.actividad_psicologo_semana',
  'analitica.actividad_consulta_semana',
  'analitica.bienestar_psicologo_semana',
  'analitica.bienestar_consulta_semana',
  'analitica.ingresos_psicologo_mes',
  'analitica.ingresos_consulta_mes',
  'analitica.resultados_psicologo_mes',
  'analitica.resultados_consulta_mes',
];

/**
 * The views whose figures hide small cells: all an aggregates-only login reads (analytics:grant
 * --views-only). Not `analitica.citas`, one row per appointment like the fact table under it.
 */
export const SUPPRESSED_VIEWS = ANALITICA_VIEWS.filter((v) => v !== 'analitica.citas');

/** `case when not suprimida then <expr> end as <name>` for each figure. */
const hidden = (figures: [string, string][]) =>
  figures.map(([name, expr]) => `case when not m.suprimida then ${expr} end as ${name}`).join(',\n    ');

const NO_ASISTIO = `(c.estado = 'CONFIRMADA' and c.fin < now())`;

const ACTIVIDAD: [string, string][] = [
  ['pacientes', 'm.pacientes'],
  ['citas', 'coalesce(c.citas, 0)'],
  ['completadas', 'coalesce(c.completadas, 0)'],
  ['canceladas', 'coalesce(c.canceladas, 0)'],
  ['canceladas_por_paciente', 'coalesce(c.canceladas_por_paciente, 0)'],
  ['canceladas_por_psicologo', 'coalesce(c.canceladas_por_psicologo, 0)'],
  ['no_asistidas', 'coalesce(c.no_asistidas, 0)'],
  ['duracion_media_min', 'c.duracion_media_min'],
  ['antelacion_media_horas', 'c.antelacion_media_horas'],
  ['sesiones', 'coalesce(s.sesiones, 0)'],
];

const BIENESTAR: [string, string][] = [
  ['pacientes', 'm.pacientes'],
  ['registros_progreso', 'm.registros_progreso'],
  ['media_estres', 'm.media_estres'],
  ['media_ansiedad', 'm.media_ansiedad'],
  ['media_animo', 'm.media_animo'],
  ['registros_diario', 'm.registros_diario'],
  ['media_intensidad', 'm.media_intensidad'],
];

/**
 * `p` (one row per cell: `keys`, `pacientes`, figures) with `suprimida`. The practice (keys: semana,
 * or mes: the period) hides a cell under `min_celda` patients. Per psychologist that is not enough: the week's practice
 * figure minus the shown psychologists' would give a lone hidden cell. So, within each week, cells
 * are taken by patients ascending (ties by pseudonym) and a cell is also hidden while the patients
 * hidden before it (smaller cells, and those without a psychologist: `unassigned`, patients per week
 * that only the practice counts) are some but fewer than `min_celda`: subtraction then gives the sum
 * over cells of at least `min_celda` patients (counted per cell: a patient in two is counted twice).
 */
function suppression(keys: string[], unassigned?: string): string {
  if (!keys.includes('psicologo')) return `select p.*, p.pacientes < k.min_celda as suprimida from p cross join analitica.parametros k`;
  // The practice's cell: the period, and any further key of both views (the instrument of the outcome views).
  const period = keys.filter((k) => k !== 'psicologo');
  const before = `${unassigned ? 'coalesce(u.pacientes, 0) + ' : ''}coalesce(sum(p.pacientes) over (
      partition by ${period.map((k) => `p.${k}`).join(', ')} order by p.pacientes, p.psicologo rows between unbounded preceding and 1 preceding), 0)`;
  return `select p.*, p.pacientes < k.min_celda or (${before}) between 1 and k.min_celda - 1 as suprimida
    from p cross join analitica.parametros k ${unassigned ? `left join (${unassigned}) u using (${period.join(', ')})` : ''}`;
}

/** Distinct patients per week of the diary and progress entries that count for no psychologist. */
const SIN_PSICOLOGO = `select semana, count(distinct paciente)::int as pacientes from r where psicologo is null group by semana`;

/** Appointment and session activity per `keys` (psicologo, semana or semana alone). */
function actividad(name: string, keys: string[]): string {
  const k = keys.join(', ');
  return `create view analitica.${name} as
  with c as (
    select ${k}, count(*)::int as citas,
      (count(*) filter (where c.estado = 'COMPLETADA'))::int as completadas,
      (count(*) filter (where c.estado = 'CANCELADA'))::int as canceladas,
      (count(*) filter (where c.cancelada_por = 'PACIENTE'))::int as canceladas_por_paciente,
      (count(*) filter (where c.cancelada_por = 'PSICOLOGO'))::int as canceladas_por_psicologo,
      (count(*) filter (where ${NO_ASISTIO}))::int as no_asistidas,
      round(avg(c.duracion_min), 1) as duracion_media_min,
      round(avg(c.antelacion_horas), 1) as antelacion_media_horas
    from analitica.hechos_citas c group by ${k}),
  s as (select ${k}, count(*)::int as sesiones from analitica.hechos_sesiones group by ${k}),
  p as (
    select ${k}, count(distinct paciente)::int as pacientes
    from (select ${k}, paciente from analitica.hechos_citas union all select ${k}, paciente from analitica.hechos_sesiones) u
    group by ${k}),
  m as (${suppression(keys)})
  select ${keys.map((x) => `m.${x}`).join(', ')}, m.suprimida,
    ${hidden(ACTIVIDAD)}
  from m
    left join c using (${k})
    left join s using (${k})`;
}

/**
 * Diary and progress measures per `keys`, over the entries attributed to them. `r` read twice per
 * psychologist (cells, and patients without one) stays inlined: a week asked for is read alone.
 */
function bienestar(name: string, keys: string[]): string {
  const k = keys.join(', ');
  const perPsicologo = keys.includes('psicologo');
  return `create view analitica.${name} as
  with r as not materialized (
    select 'PROGRESO' as fuente, paciente, psicologo, semana, nivel_estres, nivel_ansiedad, nivel_animo, null::smallint as intensidad
      from analitica.hechos_progreso
    union all
    select 'DIARIO', paciente, psicologo, semana, null, null, null, intensidad from analitica.hechos_diario),
  p as (
    select ${k}, count(distinct paciente)::int as pacientes,
      (count(*) filter (where fuente = 'PROGRESO'))::int as registros_progreso,
      round(avg(nivel_estres), 2) as media_estres, round(avg(nivel_ansiedad), 2) as media_ansiedad,
      round(avg(nivel_animo), 2) as media_animo,
      (count(*) filter (where fuente = 'DIARIO'))::int as registros_diario, round(avg(intensidad), 2) as media_intensidad
    from r ${perPsicologo ? 'where psicologo is not null' : ''}
    group by ${k}),
  m as (${suppression(keys, perPsicologo ? SIN_PSICOLOGO : undefined)})
  select ${keys.map((x) => `m.${x}`).join(', ')}, m.suprimida,
    ${hidden(BIENESTAR)}
  from m`;
}

const INGRESOS: [string, string][] = [
  ['pacientes', 'm.pacientes'],
  ['facturas', 'm.facturas'],
  ['rectificativas', 'm.rectificativas'],
  ['anuladas', 'm.anuladas'],
  ['base_centimos', 'm.base_centimos'],
  ['cuota_iva_centimos', 'm.cuota_iva_centimos'],
  ['total_centimos', 'm.total_centimos'],
];

/** Invoices that do not count for a psychologist (their patient had none): patients per month only the practice counts. */
const FACTURAS_SIN_PSICOLOGO = `select mes, count(distinct paciente)::int as pacientes from analitica.hechos_facturas where psicologo is null group by mes`;

/**
 * Revenue per `keys` (psicologo, mes or mes alone): the invoices of the month not cancelled, rectifying
 * ones with their (negative) differences; a cell's patients are those with any invoice that month.
 */
function ingresos(name: string, keys: string[]): string {
  const k = keys.join(', ');
  const perPsicologo = keys.includes('psicologo');
  const vigente = `estado <> 'ANULADA'`;
  return `create view analitica.${name} as
  with p as (
    select ${k}, count(distinct paciente)::int as pacientes,
      (count(*) filter (where ${vigente}))::int as facturas,
      (count(*) filter (where ${vigente} and tipo like 'R%'))::int as rectificativas,
      (count(*) filter (where estado = 'ANULADA'))::int as anuladas,
      coalesce(sum(base_centimos) filter (where ${vigente}), 0)::bigint as base_centimos,
      coalesce(sum(cuota_iva_centimos) filter (where ${vigente}), 0)::bigint as cuota_iva_centimos,
      coalesce(sum(total_centimos) filter (where ${vigente}), 0)::bigint as total_centimos
    from analitica.hechos_facturas ${perPsicologo ? 'where psicologo is not null' : ''}
    group by ${k}),
  m as (${suppression(keys, perPsicologo ? FACTURAS_SIN_PSICOLOGO : undefined)})
  select ${keys.map((x) => `m.${x}`).join(', ')}, m.suprimida,
    ${hidden(INGRESOS)}
  from m`;
}

const RESULTADOS: [string, string][] = [
  ['pacientes', 'm.pacientes'],
  ['respuestas', 'm.respuestas'],
  ['media_puntuacion', 'm.media_puntuacion'],
  ['proporcion_bandas', 'b.proporcion_bandas'],
  ['alertas', 'm.alertas'],
];

/**
 * Outcome measures per `keys` (psicologo, mes, instrumento or mes, instrumento): the month's scored
 * answers of each instrument (scores of two instruments are never averaged together), the share of
 * them in each of the instrument's bands, and the safety alerts they raised. Every answer counts for
 * the psychologist who assigned the instrument, so no patient is without one here.
 */
function resultados(name: string, keys: string[]): string {
  const k = keys.join(', ');
  return `create view analitica.${name} as
  with p as (
    select ${k}, count(distinct paciente)::int as pacientes, count(*)::int as respuestas,
      round(avg(puntuacion), 2) as media_puntuacion, (count(*) filter (where alerta))::int as alertas
    from analitica.hechos_puntuacion group by ${k}),
  b as (
    select ${k}, jsonb_object_agg(banda, round(n::numeric / total, 3)) as proporcion_bandas
    from (select ${k}, banda, count(*) as n, sum(count(*)) over (partition by ${k}) as total
          from analitica.hechos_puntuacion group by ${k}, banda) x
    group by ${k}),
  m as (${suppression(keys)})
  select ${keys.map((x) => `m.${x}`).join(', ')}, m.suprimida,
    ${hidden(RESULTADOS)}
  from m left join b using (${k})`;
}

const CITAS = `create view analitica.citas as
  select c.cita, c.psicologo, c.paciente, c.serie, c.reservada_por, c.semana, c.dia_semana, c.hora, c.duracion_min,
    c.antelacion_horas, c.reprogramaciones, c.estado, c.cancelada_por, c.causa_cancelacion, c.cancelada_antelacion_horas,
    ${NO_ASISTIO} as no_asistio
  from analitica.hechos_citas c`;

/** Creates (or replaces) every view; the caller holds the tables they read. */
export async function createAnaliticaViews(knex: Knex | Knex.Transaction): Promise<void> {
  for (const sql of [
    CITAS,
    actividad('actividad_psicologo_semana', ['psicologo', 'semana']),
    actividad('actividad_consulta_semana', ['semana']),
    bienestar('bienestar_psicologo_semana', ['psicologo', 'semana']),
    bienestar('bienestar_consulta_semana', ['semana']),
  ]) await knex.raw(sql.replace('create view', 'create or replace view'));
  // Migrations 027 and 029 make the views before 061 made the revenue facts.
  const { rows: [{ facturas }] } = await knex.raw(`select to_regclass('analitica.hechos_facturas') is not null as facturas`);
  if (!facturas) return;
  for (const sql of [ingresos('ingresos_psicologo_mes', ['psicologo', 'mes']), ingresos('ingresos_consulta_mes', ['mes'])]) {
    await knex.raw(sql.replace('create view', 'create or replace view'));
  }
  // Likewise 071 the outcome measures' score facts.
  const { rows: [{ puntuacion }] } = await knex.raw(`select to_regclass('analitica.hechos_puntuacion') is not null as puntuacion`);
  if (!puntuacion) return;
  for (const sql of [resultados('resultados_psicologo_mes', ['psicologo', 'mes', 'instrumento']), resultados('resultados_consulta_mes', ['mes', 'instrumento'])]) {
    await knex.raw(sql.replace('create view', 'create or replace view'));
  }
}

/** Writes the small-cell threshold the views read (at every start, from ANALYTICS_MIN_CELL). */
export async function setMinCell(knex: Knex, minCelda: number): Promise<void> {
  await knex.raw('update analitica.parametros set min_celda = ? where min_celda is distinct from ?', [minCelda, minCelda]);
}
