import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { RECORDATORIO_MAX_HORAS, RECORDATORIOS_DEFECTO } from '../events/ajuste.ts';
import type { DestinatarioRecordatorio } from '../events/cita.ts';
import type { Destinatario } from './reminders.ts';

const DEFECTO = `{${RECORDATORIOS_DEFECTO.join(',')}}`;

// The parties of an appointment who accept notifications, with their lead times: `r` is the
// `recordatorios` row. A user who never changed their settings has the defaults.
const PARTES = `
  select d.destinatario, coalesce(a.recordatorios, ?::smallint[]) as horas
  from (
    select 'PACIENTE' as destinatario, x.id_usuario from pacientes x where x.id_paciente = r.id_paciente
    union all
    select 'PSICOLOGO', y.id_usuario from psicologos y where y.id_psicologo = r.id_psicologo
  ) d
  join usuarios u on u.id_usuario = d.id_usuario and u.activo
  left join ajustes a on a.id_usuario = d.id_usuario
  where coalesce(a.notificaciones, true)`;

/**
 * Locks the next appointment with a recipient's lead time reached and no reminder recorded for it
 * (nor for a smaller lead) at its current start, that no other worker holds and this pass has not
 * seen. The window on the local start (the longest lead time, plus a margin for zone offsets)
 * keeps the index useful.
 */
export async function claimNextDue(trx: Knex.Transaction, now: Date, zone: string, seen: number[]): Promise<number | null> {
  const local = DateTime.fromJSDate(now, { zone });
  const fmt = (d: DateTime) => d.toFormat("yyyy-LL-dd'T'HH:mm:ss");
  const instant = now.toISOString();
  // `seen` goes as one array literal: knex would spread a JS array into a list of parameters.
  const { rows } = await trx.raw(
    `select r.id_cita from recordatorios r
     where r.start_datetime > ?::timestamp and r.start_datetime <= ?::timestamp
       and (r.start_datetime at time zone ?) > ?::timestamptz
       and r.id_cita <> all(?::int[])
       and exists (
         select 1 from (${PARTES}) p cross join lateral unnest(p.horas) as l(horas)
         where (r.start_datetime at time zone ?) - make_interval(hours => l.horas) <= ?::timestamptz
           and not exists (
             select 1 from recordatorios_enviados e
             where e.id_cita = r.id_cita and e.destinatario = p.destinatario
               and e.start_datetime = r.start_datetime and e.antelacion_horas <= l.horas))
     order by r.start_datetime, r.id_cita
     limit 1
     for update of r skip locked`,
    [
      fmt(local.minus({ hours: 6 })), fmt(local.plus({ hours: RECORDATORIO_MAX_HORAS + 6 })), zone, instant, `{${seen.join(',')}}`,
      DEFECTO, zone, instant,
    ],
  );
  return rows.length ? (rows[0].id_cita as number) : null;
}

/** The parties of an appointment to remind and their lead times, from the read models. */
export async function destinatariosDe(trx: Knex.Transaction, idPaciente: number, idPsicologo: number): Promise<Destinatario[]> {
  const { rows } = await trx.raw(`select p.destinatario, p.horas from (select ?::int as id_paciente, ?::int as id_psicologo) r cross join lateral (${PARTES}) p order by p.destinatario`, [
    idPaciente, idPsicologo, DEFECTO,
  ]);
  return rows.map((row: { destinatario: DestinatarioRecordatorio; horas: number[] }) => ({ destinatario: row.destinatario, horas: row.horas }));
}
