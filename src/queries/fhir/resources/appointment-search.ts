import type { Knex } from 'knex';
import { errors } from '../../../platform/errors.ts';
import { clausesOf, dateCondition, intId, parseDate, parseReference, parseToken } from '../params.ts';
import type { SearchClause } from '../types.ts';

// Appointment's own search parameters (patient, practitioner, date, status) on citas c.

const STATUS_SYSTEM = 'http://hl7.org/fhir/appointmentstatus';
const ESTADO: Record<string, string> = { pending: 'PENDIENTE', booked: 'CONFIRMADA', cancelled: 'CANCELADA', fulfilled: 'COMPLETADA' };
/** Appointment statuses we never emit: valid codes that match nothing. */
const OTHER_STATUSES = new Set(['proposed', 'arrived', 'noshow', 'entered-in-error', 'checked-in', 'waitlist']);

function estadoOf(value: string): string | null {
  const { system, code } = parseToken(value);
  if (system !== null && system !== STATUS_SYSTEM) return null;
  if (ESTADO[code]) return ESTADO[code];
  if (OTHER_STATUSES.has(code)) return null;
  throw errors.invalid(`status: valor no válido '${value}', se esperaba un AppointmentStatus`, `status: invalid value '${value}', expected an AppointmentStatus code`);
}

function whereIn(q: Knex.QueryBuilder, column: string, values: (string | number | null)[]): void {
  q.whereIn(column, values.filter((v): v is string | number => v !== null));
}

export function whereAppointmentParams(q: Knex.QueryBuilder, clauses: SearchClause[], zone: string): Knex.QueryBuilder {
  for (const c of clausesOf(clauses, 'patient')) whereIn(q, 'c.id_paciente', c.values.map((v) => intId(parseReference('patient', v, ['Patient']).id)));
  for (const c of clausesOf(clauses, 'practitioner')) {
    whereIn(q, 'c.id_psicologo', c.values.map((v) => intId(parseReference('practitioner', v, ['Practitioner']).id)));
  }
  for (const c of clausesOf(clauses, 'status')) whereIn(q, 'c.estado', c.values.map(estadoOf));
  for (const c of clausesOf(clauses, 'date')) {
    const ors = c.values.map((v) => dateCondition('c.start_datetime', parseDate('date', v, zone), true));
    q.where((w) => { for (const [sql, b] of ors) w.orWhereRaw(sql, b as never[]); });
  }
  return q;
}
