import type { Knex } from 'knex';
import { createAnaliticaViews } from '../analytics/views.ts';
import { grantLike } from './061_analitica_facturas.ts';

// The analysts' score facts (docs/read-models.md "Analytics"): one pseudonymous row per scored
// answer to an outcome instrument in `analitica.hechos_puntuacion`, kept by the `analitica`
// projection, and the two monthly views over it that hide small cells (`resultados_psicologo_mes`,
// `resultados_consulta_mes`). No replay: the answers' events (CuestionarioRespondido) arrive in the
// same release as this table (migration 064), so no log holds one from before it.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table analitica.hechos_puntuacion (
      respuesta text primary key,
      paciente text not null,
      psicologo text not null,
      instrumento text not null,
      fecha date not null,
      semana date not null,
      mes date not null,
      puntuacion smallint not null,
      banda text not null,
      alerta boolean not null
    );
    create index hechos_puntuacion_mes on analitica.hechos_puntuacion (mes, instrumento, psicologo);
    create index hechos_puntuacion_paciente on analitica.hechos_puntuacion (paciente, instrumento, fecha);
  `);
  await createAnaliticaViews(knex);
  // Analysts' logins made before (npm run analytics:grant) read the new relations as they read the old ones.
  await grantLike(knex, 'analitica.actividad_consulta_semana', 'analitica.resultados_psicologo_mes, analitica.resultados_consulta_mes');
  await grantLike(knex, 'analitica.hechos_citas', 'analitica.hechos_puntuacion');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop view if exists analitica.resultados_psicologo_mes, analitica.resultados_consulta_mes; drop table if exists analitica.hechos_puntuacion');
}
