import type { Knex } from 'knex';
import { createAnaliticaViews } from '../analytics/views.ts';

// The analysts' revenue facts (docs/read-models.md "Analytics"): one pseudonymous row per invoice
// in `analitica.hechos_facturas`, kept by the `analitica` projection, and the two views over it
// that hide small cells (`ingresos_psicologo_mes`, `ingresos_consulta_mes`). The projection's
// tables are emptied and its checkpoint dropped, so that it replays the log at start and the
// invoices issued before this migration are there too (as `npm run projections:rebuild` would).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table analitica.hechos_facturas (
      factura text primary key,
      psicologo text,
      paciente text,
      mes date not null,
      tipo text not null,
      estado text not null,
      base_centimos bigint not null,
      cuota_iva_centimos bigint not null,
      total_centimos bigint not null
    );
    create index hechos_facturas_mes on analitica.hechos_facturas (mes, psicologo);
    create index hechos_facturas_paciente on analitica.hechos_facturas (paciente);
    truncate table analitica_asignaciones, analitica.hechos_citas, analitica.hechos_sesiones, analitica.hechos_diario,
      analitica.hechos_progreso, analitica.semanal_paciente;
    delete from projection_checkpoints where name = 'analitica';
  `);
  await createAnaliticaViews(knex);
  // Analysts' logins made before (npm run analytics:grant) read the new relations as they read the
  // old ones: whoever reads a suppressed view, the new views; whoever reads the facts, the new facts.
  await grantLike(knex, 'analitica.actividad_consulta_semana', 'analitica.ingresos_psicologo_mes, analitica.ingresos_consulta_mes');
  await grantLike(knex, 'analitica.hechos_citas', 'analitica.hechos_facturas');
}

export async function grantLike(knex: Knex, existing: string, relations: string): Promise<void> {
  const { rows } = await knex.raw(
    `select distinct quote_ident(r.rolname) as role from pg_class c cross join aclexplode(c.relacl) a join pg_roles r on r.oid = a.grantee
      where c.oid = ?::regclass and a.privilege_type = 'SELECT' and a.grantee <> c.relowner`,
    [existing],
  );
  for (const { role } of rows as { role: string }[]) await knex.raw(`grant select on ${relations} to ${role}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists analitica.ingresos_psicologo_mes, analitica.ingresos_consulta_mes; drop table if exists analitica.hechos_facturas');
}
