import type { Knex } from 'knex';

// PostgreSQL lets PUBLIC execute every new function. The service's own functions are for the
// service's role (their owner): an analyst's login (npm run analytics:grant) must not call them.
// Also for the functions later migrations create (default privileges of this same role).
const onEveryFunction = (statement: string) => `
  do $$ declare f regprocedure; begin
    for f in select p.oid::regprocedure from pg_proc p where p.pronamespace = 'public'::regnamespace loop
      execute format('${statement}', f);
    end loop;
  end $$;`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(onEveryFunction('revoke execute on function %s from public'));
  await knex.raw('alter default privileges revoke execute on functions from public');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(onEveryFunction('grant execute on function %s to public'));
  await knex.raw('alter default privileges grant execute on functions to public');
}
