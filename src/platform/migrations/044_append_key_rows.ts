import type { Knex } from 'knex';

// The sealing layer's new key rows in the append's own statement (issue 25: a sealed append of a new
// person cost a second commit, the data key's own INSERT, before the events'). practice_append
// (015) takes four more arrays, the data keys the append's events were sealed with that the store
// does not hold yet (already wrapped by the master key: nothing in clear reaches the database),
// and two for the key aliases its events establish. Everything else is 015's function, unchanged.
//
// A data key row is inserted plainly, not ON CONFLICT DO NOTHING: when a row for that person and
// purpose is there (another writer created the key first, or the person was erased and the row is
// a tombstone) the whole append fails on data_keys_pkey, nothing is written, and the sealing layer
// seals again with the stored key, or refuses an erased person's data. So no event is ever stored
// sealed with a key the store does not keep. A new key whose subject is an alias (the sealing layer
// presumed a person new without a lookup, sealing.ts) fails the same way. Aliases never change once
// written: ON CONFLICT DO NOTHING. The new arguments default to empty arrays, so the old 7-argument call still works for a
// server of the previous version during an upgrade.
const APPEND = `
create function practice_append(
  p_streams text[],
  p_expected text[],
  p_counts int[],
  p_events jsonb,
  p_scopes text[],
  p_keys text[],
  p_releases boolean[],
  p_key_subjects text[] default '{}',
  p_key_purposes text[] default '{}',
  p_key_wrapped bytea[] default '{}',
  p_key_master_ids text[] default '{}',
  p_aliases text[] default '{}',
  p_alias_subjects text[] default '{}',
  out failed_write int,
  out actual_revision bigint,
  out new_revisions bigint[],
  out last_tx text,
  out last_position bigint)
language plpgsql
as $fn$
declare
  n int := coalesce(array_length(p_streams, 1), 0);
  heads bigint[] := '{}';
  head bigint;
  expected text;
  ok boolean;
  inserted bigint;
begin
  for i in 1 .. n loop
    select max(e.stream_revision) into head from events e where e.stream_id = p_streams[i];
    expected := p_expected[i];
    if expected = 'any' then
      ok := true;
    elsif expected = 'noStream' then
      ok := head is null;
    elsif expected = 'streamExists' then
      ok := head is not null;
    else
      ok := head is not distinct from expected::bigint;
    end if;
    if not ok then
      failed_write := i;
      actual_revision := head;
      return;
    end if;
    heads[i] := coalesce(head, -1);
  end loop;

  if cardinality(p_key_subjects) > 0 then
    -- A key is a person's: a name that is an alias of one is refused as a key that exists would be.
    if exists (select 1 from key_aliases a where a.alias = any(p_key_subjects)) then
      raise exception 'a new data key names an alias' using errcode = 'unique_violation', constraint = 'data_keys_pkey';
    end if;
    insert into data_keys (subject, purpose, wrapped, master_key_id)
    select * from unnest(p_key_subjects, p_key_purposes, p_key_wrapped, p_key_master_ids);
  end if;
  if cardinality(p_aliases) > 0 then
    insert into key_aliases (alias, subject)
    select * from unnest(p_aliases, p_alias_subjects)
    on conflict (alias) do nothing;
  end if;

  for j in 1 .. coalesce(array_length(p_scopes, 1), 0) loop
    if p_releases[j] then
      delete from reservations r where r.scope = p_scopes[j] and r.key = p_keys[j];
    else
      insert into reservations (scope, key, stream_id) values (p_scopes[j], p_keys[j], coalesce(p_streams[1], ''));
    end if;
  end loop;

  new_revisions := '{}';
  for i in 1 .. n loop
    new_revisions[i] := heads[i] + p_counts[i];
  end loop;

  insert into events (event_id, stream_id, stream_revision, type, data, metadata)
  select x.id, p_streams[x.w], heads[x.w] + x.k, x.type, x.data, x.metadata
  from jsonb_to_recordset(p_events) as x(w int, k int, id uuid, type text, data jsonb, metadata jsonb)
  order by x.w, x.k;
  get diagnostics inserted = row_count;

  if inserted > 0 then
    last_position := lastval();
    last_tx := pg_current_xact_id()::text;
  else
    select e.tx_id::text, e.global_position into last_tx, last_position from events e
    where e.tx_id < pg_snapshot_xmin(pg_current_snapshot())
    order by e.tx_id desc, e.global_position desc limit 1;
  end if;
end
$fn$;
`;

const OLD = 'practice_append(text[], text[], int[], jsonb, text[], text[], boolean[])';
const NEW = 'practice_append(text[], text[], int[], jsonb, text[], text[], boolean[], text[], text[], bytea[], text[], text[], text[])';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`drop function ${OLD}`);
  await knex.raw(APPEND);
  // Analysts may call none of the service's functions (028); said again here for this one.
  await knex.raw(`revoke execute on function ${NEW} from public`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop function ${NEW}`);
  const { up: previous } = await import('./015_event_store_append.ts');
  await previous(knex);
  await knex.raw(`revoke execute on function ${OLD} from public`);
}
