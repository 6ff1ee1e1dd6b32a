import type { Knex } from 'knex';

// PostgreSQL lets PUBLIC execute every new function. The service's own functions are for the
// service's role (their owner): an analyst's login (npm run analytics:grant) must not call them.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    do $$ declare f regprocedure; begin
      for f in select p.oid::regprocedure from pg_proc p where p.pronamespace = 'public'::regnamespace loop
        execute format('revoke execute on function %s from public', f);
      end loop;
    end $$;
    -- and the ones later migrations create (made by this same role)
    alter default privileges revoke execute on functions from public;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    do $$ declare f regprocedure; begin
      for f in select p.oid::regprocedure from pg_proc p where p.pronamespace = 'public'::regnamespace loop
        execute format('grant execute on function %s to public', f);
      end loop;
    end $$;
    alter default privileges grant execute on functions to public;
  `);
}
