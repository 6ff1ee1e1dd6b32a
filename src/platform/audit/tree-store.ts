import type { Knex } from 'knex';
import { nodesNeeded, type Hash, type NodeKey, type NodeReader } from './merkle.ts';

// The tree in PostgreSQL: leaves (level 0) in audit_leaves, complete subtrees in audit_nodes,
// signed checkpoints in audit_checkpoints (migration 040).

type Db = Knex | Knex.Transaction;

export async function treeSize(db: Db): Promise<number> {
  const { rows } = await db.raw('select leaf_index from audit_leaves order by leaf_index desc limit 1');
  return rows.length ? Number(rows[0].leaf_index) + 1 : 0;
}

/** The hashes of the given nodes, as a reader that throws on a node not stored. */
export async function readNodes(db: Db, keys: NodeKey[]): Promise<NodeReader> {
  const leaves = keys.filter((k) => k.level === 0).map((k) => k.index);
  const inner = keys.filter((k) => k.level > 0);
  const { rows } = await db.raw(
    `select 0 as level, leaf_index as index, hash from audit_leaves where leaf_index = any(?::bigint[])
     union all
     select n.level, n.index, n.hash from audit_nodes n join unnest(?::smallint[], ?::bigint[]) as k(level, index)
       on n.level = k.level and n.index = k.index`,
    [leaves, inner.map((k) => k.level), inner.map((k) => k.index)],
  );
  const found = new Map<string, Hash>(rows.map((r: { level: number; index: string; hash: Buffer }) => [`${r.level}/${r.index}`, r.hash]));
  return (level, index) => {
    const h = found.get(`${level}/${index}`);
    if (!h) throw new Error(`audit tree: node ${level}/${index} is missing`);
    return h;
  };
}

/** Runs a computation over the stored tree: the nodes it reads are fetched in one query. */
export async function overStoredTree<T>(db: Db, compute: (read: NodeReader) => T): Promise<T> {
  return compute(await readNodes(db, nodesNeeded(compute)));
}

export interface NewLeaf {
  index: number;
  eventId: string;
  leaf: Buffer;
  hash: Hash;
}

/**
 * Leaves and subtrees in two statements. Their bytes travel as one binary parameter each, sliced
 * in SQL: an array of bytea would go as hex text, twice the bytes and a parse on each side.
 */
export async function insertLeaves(trx: Db, leaves: NewLeaf[], nodes: { level: number; index: number; hash: Hash }[]): Promise<void> {
  if (leaves.length > 0) {
    const offsets: number[] = [];
    let at = 0;
    for (const l of leaves) {
      offsets.push(at);
      at += l.leaf.length;
    }
    await trx.raw(
      `insert into audit_leaves (leaf_index, event_id, leaf, hash)
       select ?::bigint + k.i - 1, k.id, substring(?::bytea from k.off + 1 for k.len), substring(?::bytea from (k.i - 1)::int * 32 + 1 for 32)
       from unnest(?::uuid[], ?::int[], ?::int[]) with ordinality as k(id, off, len, i)`,
      [leaves[0].index, Buffer.concat(leaves.map((l) => l.leaf), at), Buffer.concat(leaves.map((l) => l.hash)),
        leaves.map((l) => l.eventId), offsets, leaves.map((l) => l.leaf.length)],
    );
  }
  if (nodes.length > 0) {
    await trx.raw(
      `insert into audit_nodes (level, index, hash)
       select k.level, k.index, substring(?::bytea from (k.i - 1)::int * 32 + 1 for 32)
       from unnest(?::smallint[], ?::bigint[]) with ordinality as k(level, index, i)`,
      [Buffer.concat(nodes.map((n) => n.hash)), nodes.map((n) => n.level), nodes.map((n) => n.index)],
    );
  }
}

export interface StoredCheckpoint {
  treeSize: number;
  root: Buffer;
  note: string;
}

export async function latestCheckpoint(db: Db): Promise<StoredCheckpoint | null> {
  const row = await db('audit_checkpoints').orderBy('tree_size', 'desc').first('tree_size', 'root', 'note');
  return row ? { treeSize: Number(row.tree_size), root: row.root, note: row.note } : null;
}

/** Where a leaf sits, by its event's id. */
export async function leafOf(db: Db, eventId: string): Promise<{ index: number; leaf: Buffer } | null> {
  const row = await db('audit_leaves').where({ event_id: eventId }).first('leaf_index', 'leaf');
  return row ? { index: Number(row.leaf_index), leaf: row.leaf } : null;
}
