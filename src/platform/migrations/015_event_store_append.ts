import type { Knex } from 'knex';

// One statement per append (docs/architecture.md §1, "Append"): PostgresEventStore.append calls
// this function as a single `select`, which PostgreSQL runs in its own implicit transaction, so the
// append is one round trip and its transaction lasts only as long as the function.
//
// Why a PL/pgSQL function rather than one CTE statement: the expectations must be checked before
// anything is written, and a failed one must come back with the stream and its actual revision
// (WrongExpectedRevisionError) while nothing is stored. In a single statement every CTE sees the
// same snapshot and all of them run, so the insert would have to be guarded by a "no expectation
// failed" condition, the reservations too (their deletes and inserts in order), and the result
// would mix check rows and insert rows: possible, but hard to read and to keep right. The function
// says it in order: read each head (an index-only probe of (stream_id, stream_revision)), check,
// apply reservations, insert, return. Its plans are cached per session like a prepared statement.
//
// Arguments (one element per write, in the order of the append):
//   p_streams   stream ids
//   p_expected  'any' | 'noStream' | 'streamExists' | '<revision>'
//   p_counts    number of events of each write
//   p_events    jsonb array of {w, k, id, type, data, metadata}: w the write (1-based), k the
//               event's place in it (1-based); revision = head of w + k
//   p_scopes, p_keys, p_releases  the reservations, applied in order (release = delete)
// Result, one row:
//   failed_write     null, or the first write (1-based) whose expectation failed: nothing written
//   actual_revision  that write's current revision (null: no stream)
//   new_revisions    the last revision of each write
//   last_tx, last_position  the position of the last event inserted; with no events, the head of
//                    the readable log (below pg_snapshot_xmin), or nulls on an empty log
// Two writers that read the same head both insert the same (stream_id, stream_revision): the
// later one fails on the unique constraint, its whole statement rolls back, and the adapter calls
// again, so that the expectation is checked again on fresh state.
const APPEND = `
create or replace function practice_append(
  p_streams text[],
  p_expected text[],
  p_counts int[],
  p_events jsonb,
  p_scopes text[],
  p_keys text[],
  p_releases boolean[],
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
    -- Statements, not one boolean expression: SQL does not promise to evaluate OR in order, and
    -- 'any'::bigint would fail.
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
    -- The identity's last value handed to this session: our last row's (cheaper than RETURNING
    -- every position and taking the max; nothing else on this connection draws from it meanwhile).
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

export async function up(knex: Knex): Promise<void> {
  await knex.raw(APPEND);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists practice_append(text[], text[], int[], jsonb, text[], text[], boolean[])');
}
