import type { Knex } from 'knex';

// The tamper-evident log (docs/audit.md). Append-only: leaves and complete subtrees never change
// once written, and no rebuild empties them (they are not a read model: rebuilding them from an
// altered log would launder the alteration).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table audit_leaves (
      leaf_index bigint primary key,
      event_id uuid not null unique,
      leaf bytea not null,
      hash bytea not null,
      added_at timestamptz not null default clock_timestamp()
    );
    create table audit_nodes (
      level smallint not null check (level between 1 and 62),
      index bigint not null,
      hash bytea not null,
      primary key (level, index)
    );
    create table audit_checkpoints (
      tree_size bigint primary key,
      root bytea not null,
      note text not null,
      signed_at timestamptz not null default clock_timestamp()
    );
    create table audit_keys (
      verifier_key text primary key,
      first_tree_size bigint not null,
      added_at timestamptz not null default clock_timestamp()
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists audit_keys, audit_checkpoints, audit_nodes, audit_leaves');
}
