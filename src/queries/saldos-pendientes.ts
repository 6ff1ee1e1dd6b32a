import type { Knex } from 'knex';
import { atInstant, formatDate, wall } from '../platform/zone-clock.ts';
import { ES_COBRABLE, PENDIENTE_SQL } from './pagos.ts';
import { CSV_BOM, eurosCsv, lineaCsv, textoCsv } from '../platform/csv.ts';

// Outstanding balances by age (docs/billing.md "Outstanding balances"): what each patient owes,
// split by the age of the invoice, in days from its date of issue to today in the practice's zone.

export const TRAMOS = ['0-30', '31-60', '61-90', '>90'] as const;

export interface SaldoPorTramos {
  /** Cents due on invoices 0–30, 31–60, 61–90 and over 90 days old. */
  d0a30Centimos: number;
  d31a60Centimos: number;
  d61a90Centimos: number;
  masDe90Centimos: number;
  totalCentimos: number;
}

export interface SaldoPendientePaciente extends SaldoPorTramos {
  idPaciente: number;
  /** Personal data: the report is the administrator's only. Empty once the patient is erased. */
  nombre: string;
  apellido: string;
  facturas: number;
}

export interface InformeSaldosPendientes {
  /** Today in the practice's zone, from which ages are counted. */
  fecha: string;
  pacientes: SaldoPendientePaciente[];
  totales: SaldoPorTramos;
}

const vacio = (): SaldoPorTramos => ({ d0a30Centimos: 0, d31a60Centimos: 0, d61a90Centimos: 0, masDe90Centimos: 0, totalCentimos: 0 });

function sumar(s: SaldoPorTramos, dias: number, centimos: number) {
  if (dias <= 30) s.d0a30Centimos += centimos;
  else if (dias <= 60) s.d31a60Centimos += centimos;
  else if (dias <= 90) s.d61a90Centimos += centimos;
  else s.masDe90Centimos += centimos;
  s.totalCentimos += centimos;
}

/** Every patient with something due, by patient id, and the totals. */
export async function saldosPendientes(knex: Knex, now: Date, timezone: string): Promise<InformeSaldosPendientes> {
  const hoy = formatDate(wall(atInstant(now.getTime(), timezone)));
  const rows = await knex('facturas as f')
    .leftJoin('pacientes as p', 'p.id_paciente', 'f.id_paciente')
    .leftJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .whereRaw(ES_COBRABLE('f')).whereRaw(`${PENDIENTE_SQL('f')} > 0`)
    .orderBy(['f.id_paciente', 'f.id_factura'])
    .select('f.id_paciente', 'u.nombre', 'u.apellido', knex.raw(`${PENDIENTE_SQL('f')} as pendiente`),
      knex.raw('(?::date - f.fecha_expedicion::date) as dias', [hoy]));
  const pacientes = new Map<number, SaldoPendientePaciente>();
  const totales = vacio();
  for (const r of rows) {
    let p = pacientes.get(r.id_paciente);
    if (!p) pacientes.set(r.id_paciente, (p = { idPaciente: r.id_paciente, nombre: r.nombre ?? '', apellido: r.apellido ?? '', facturas: 0, ...vacio() }));
    p.facturas += 1;
    sumar(p, Number(r.dias), Number(r.pendiente));
    sumar(totales, Number(r.dias), Number(r.pendiente));
  }
  return { fecha: hoy, pacientes: [...pacientes.values()], totales };
}

/**
 * The report as CSV, like the other billing reports (src/platform/csv.ts: BOM, `;`, CRLF, euros
 * with a decimal comma from integer cents, names guarded against formulas); the last line the totals.
 */
export function saldosPendientesCsv(inf: InformeSaldosPendientes): string {
  const cab = ['idPaciente', 'apellido', 'nombre', 'facturas', '0-30 dias', '31-60 dias', '61-90 dias', 'mas de 90 dias', 'total'];
  const importes = (s: SaldoPorTramos) => [s.d0a30Centimos, s.d31a60Centimos, s.d61a90Centimos, s.masDe90Centimos, s.totalCentimos].map(eurosCsv);
  const filas = inf.pacientes.map((p) => lineaCsv([p.idPaciente, textoCsv(p.apellido), textoCsv(p.nombre), p.facturas, ...importes(p)]));
  const total = lineaCsv(['TOTAL', null, null, inf.pacientes.reduce((n, p) => n + p.facturas, 0), ...importes(inf.totales)]);
  return CSV_BOM + lineaCsv(cab) + filas.join('') + total;
}
