import type { Knex } from 'knex';

// The income report (docs/billing.md "Reports"), read from projection `facturas`: per month of the
// date of issue and per the invoice's psychologist (`id_psicologo`: the patient's psychologist when
// it was issued), the invoices, their base, VAT, total and what has been collected on them. A
// rectifying invoice counts with its own (possibly negative) differences; a cancelled invoice does
// not count at all. Integer cents throughout: PostgreSQL sums, JavaScript only checks and adds.

export interface FiltroIngresos {
  /** `YYYY-MM`, both included. */
  desde: string;
  hasta: string;
  idPsicologo?: number;
}

export interface FilaIngresos {
  mes: string;
  /** null: invoices of patients who had no psychologist when they were issued. */
  idPsicologo: number | null;
  nombrePsicologo: string | null;
  facturas: number;
  rectificativas: number;
  baseCentimos: number;
  cuotaIvaCentimos: number;
  totalCentimos: number;
  cobradoCentimos: number;
}

export type TotalesIngresos = Omit<FilaIngresos, 'mes' | 'idPsicologo' | 'nombrePsicologo'>;

export interface InformeIngresos extends FiltroIngresos {
  filas: FilaIngresos[];
  totales: TotalesIngresos;
}

const FIGURAS = ['facturas', 'rectificativas', 'baseCentimos', 'cuotaIvaCentimos', 'totalCentimos', 'cobradoCentimos'] as const;

/** A bigint sum read as text: a whole number of cents that JavaScript holds exactly, or a loud failure. */
function entero(v: unknown): number {
  const n = Number(v ?? 0);
  if (!Number.isSafeInteger(n)) throw new RangeError(`income report: ${String(v)} is not a safe whole number`);
  return n;
}

export async function informeIngresos(knex: Knex, filtro: FiltroIngresos): Promise<InformeIngresos> {
  const { rows } = await knex.raw(
    `with f as (
       select substr(fecha_expedicion, 1, 7) as mes, id_psicologo, tipo_factura, importe_total_centimos, cobrado_centimos,
              (datos->>'baseTotalCentimos')::bigint as base, (datos->>'cuotaTotalCentimos')::bigint as cuota
         from facturas
        where estado <> 'ANULADA' and substr(fecha_expedicion, 1, 7) between ? and ?
          and (?::int is null or id_psicologo = ?::int)),
     g as (
       select mes, id_psicologo, count(*) as facturas, count(*) filter (where tipo_factura like 'R%') as rectificativas,
              sum(base)::text as base, sum(cuota)::text as cuota, sum(importe_total_centimos)::text as total,
              coalesce(sum(cobrado_centimos), 0)::text as cobrado
         from f group by mes, id_psicologo)
     select g.*, nullif(trim(concat_ws(' ', u.nombre, u.apellido)), '') as nombre
       from g left join psicologos p on p.id_psicologo = g.id_psicologo left join usuarios u on u.id_usuario = p.id_usuario
      order by g.mes, g.id_psicologo nulls last`,
    [filtro.desde, filtro.hasta, filtro.idPsicologo ?? null, filtro.idPsicologo ?? null],
  );
  const filas: FilaIngresos[] = rows.map((r: Record<string, unknown>) => ({
    mes: r.mes as string, idPsicologo: (r.id_psicologo as number | null) ?? null, nombrePsicologo: (r.nombre as string | null) ?? null,
    facturas: entero(r.facturas), rectificativas: entero(r.rectificativas), baseCentimos: entero(r.base),
    cuotaIvaCentimos: entero(r.cuota), totalCentimos: entero(r.total), cobradoCentimos: entero(r.cobrado),
  }));
  const totales = Object.fromEntries(FIGURAS.map((k) => [k, 0])) as unknown as TotalesIngresos;
  for (const fila of filas) for (const k of FIGURAS) totales[k] = entero(totales[k] + fila[k]);
  return { ...filtro, filas, totales };
}
