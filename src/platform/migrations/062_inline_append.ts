import type { Knex } from 'knex';

// Issue 33, the write path by design. practice_append (044) gains:
//
// 1. The appenders' lock: the first thing it does is take a shared transaction-level advisory lock
//    (APPENDERS_LOCK), before the transaction has an xid of its own. Two things read it:
//    - the log's read horizon (practice_log_horizon below): a reader stops below the oldest
//      transaction still in flight that appends, not below every writing transaction of the
//      database (a read model's batch, an outbox update, a lease beat used to hold every reader);
//    - whatever must see no append in flight (a rebuild's switch of inline read models, the adoption
//      of inline read models at start) takes it exclusively, briefly.
//    A transaction that wrote before its append would have an xid a reader could not tell from a
//    non-appender's: it is refused (an append must be the first write of its transaction).
// 2. p_strict: the append writes the inline read models (the store sends them after it, with
//    practice_inline_check); an append with events that is not strict while read models are inline
//    is refused (PR428): it would leave them behind. When an expected revision does not hold, raise (SQLSTATE PR409, detail
//    `<write>:<actual revision>`) instead of answering a row, so that statements sent after it in the
//    same round trip (the inline read models, src/projections/inline.ts) are never applied.
//
// Everything else is 044's function, unchanged.
export const APPENDERS_LOCK = 4_143_001;

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
  p_strict boolean default false,
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
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'an append must be the first write of its transaction' using errcode = 'PR400';
  end if;
  perform pg_advisory_xact_lock_shared(${APPENDERS_LOCK});
  -- Read models are written inline by the store that knows them (strict, with practice_inline_check
  -- after it): an append that does not write them while some are inline would leave them behind.
  if not p_strict and jsonb_array_length(p_events) > 0 and exists (select 1 from inline_projections) then
    raise exception 'an append without the inline read models, while some are inline (an event store opened without them)' using errcode = 'PR428';
  end if;
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
      if p_strict then
        raise exception 'wrong expected revision' using errcode = 'PR409', detail = i::text || ':' || coalesce(head::text, '');
      end if;
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
    where e.tx_id < practice_log_horizon()
    order by e.tx_id desc, e.global_position desc limit 1;
  end if;
end
$fn$;
`;

// The oldest transaction in flight that appends (or, with none, the snapshot's xmax): a reader of
// the log reads below it and never skips an event committed later with a lower tx_id. A running
// transaction counts unless pg_locks proves it is not an appender: its xid's lock is held by a
// backend that holds no appenders' lock (an appender takes that lock before it has an xid, and
// never after). One that ended since the snapshot was taken is kept, conservatively: the next read
// sees past it. pg_locks is read once (materialized), and only when a transaction is in flight.
const HORIZON = `
create function practice_log_horizon() returns xid8
language sql stable
as $fn$
  with snap as (select pg_current_snapshot() as s),
  running as (select x from snap, pg_snapshot_xip(snap.s) as x),
  locks as materialized (select locktype, transactionid, pid, objid, classid, objsubid, mode, granted from pg_locks),
  others as (
    select t.transactionid::text::bigint as xid32 from locks t
    where t.locktype = 'transactionid' and t.mode = 'ExclusiveLock' and t.granted
      and not exists (select 1 from locks a where a.locktype = 'advisory' and a.pid = t.pid and a.classid = 0
                        and a.objid = ${APPENDERS_LOCK} and a.objsubid = 1 and a.mode = 'ShareLock' and a.granted))
  select coalesce(
    (select min(r.x) from running r where (r.x::text::bigint % 4294967296) not in (select xid32 from others)),
    (select pg_snapshot_xmax(s) from snap))
$fn$;
`;

// Sent by an append right after practice_append (so under the appenders' lock, which a reset and an
// adoption take exclusively): the read models it wrote inline must be exactly those of its version
// that are inline now (inline_projections). Else nothing is written (SQLSTATE PR412) and the store
// reads the set again: a read model reset since is not written inline any more, one adopted since is.
const CHECK = `
create function practice_inline_check(p_written text[], p_known text[]) returns void
language plpgsql stable
as $fn$
begin
  if (select coalesce(array_agg(name order by name), '{}') from inline_projections where name = any(p_known))
     is distinct from (select coalesce(array_agg(w order by w), '{}') from unnest(p_written) as w) then
    raise exception 'the inline read models changed' using errcode = 'PR412';
  end if;
end
$fn$;
`;

const OLD15 = 'practice_append(text[], text[], int[], jsonb, text[], text[], boolean[])';
const OLD = 'practice_append(text[], text[], int[], jsonb, text[], text[], boolean[], text[], text[], bytea[], text[], text[], text[])';
const NEW = 'practice_append(text[], text[], int[], jsonb, text[], text[], boolean[], text[], text[], bytea[], text[], text[], text[], boolean)';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(HORIZON);
  // The read models written in the appends' own transactions now, and where in the log each was
  // adopted (src/projections/inline-adoption.ts); a reset or a shadow switch deletes the row.
  await knex.raw(`create table inline_projections (name text primary key, since text, adopted_at timestamptz not null default now())`);
  await knex.raw(CHECK);
  await knex.raw('revoke execute on function practice_inline_check(text[], text[]) from public');
  await knex.raw(`drop function ${OLD}`);
  await knex.raw(APPEND);
  // Analysts may call none of the service's functions (028); said again here for these.
  await knex.raw(`revoke execute on function ${NEW} from public`);
  await knex.raw('revoke execute on function practice_log_horizon() from public');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function practice_inline_check(text[], text[])');
  await knex.raw('drop table inline_projections');
  await knex.raw(`drop function ${NEW}`);
  // 044's up replaces the 7-argument function of 015: give it one to replace.
  await knex.raw(`create function ${OLD15} returns void language sql as 'select'`);
  const { up: previous } = await import('./044_append_key_rows.ts');
  await previous(knex);
  await knex.raw(`revoke execute on function ${OLD} from public`);
  await knex.raw('drop function practice_log_horizon()');
}
