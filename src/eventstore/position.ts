import type { Position } from './port.ts';

// PostgreSQL positions: "<tx_id>/<global_position>", ordered by transaction id, then sequence.
export function pgPosition(txId: string | bigint, globalPosition: string | bigint): Position {
  return `${txId}/${globalPosition}`;
}

export function parsePgPosition(p: Position | null): [bigint, bigint] {
  if (p === null) return [0n, 0n];
  const m = /^(\d+)\/(\d+)$/.exec(p);
  if (!m) throw new Error(`not a PostgreSQL log position: ${p}`);
  return [BigInt(m[1]), BigInt(m[2])];
}

export function comparePgPositions(a: Position | null, b: Position | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  const [ta, ga] = parsePgPosition(a);
  const [tb, gb] = parsePgPosition(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return ga === gb ? 0 : ga < gb ? -1 : 1;
}

/**
 * A position as text whose order is the log's order, for SQL comparisons: both adapters' positions
 * are two unsigned 64-bit decimals "<a>/<b>" compared part by part, so each is padded to 20 digits.
 */
export function sortablePosition(p: Position): string {
  const m = /^(\d{1,20})\/(\d{1,20})$/.exec(p);
  if (!m) throw new Error(`not a log position: ${p}`);
  return `${m[1].padStart(20, '0')}/${m[2].padStart(20, '0')}`;
}

/** The position a sortable text stands for (leading zeros dropped). */
export function positionFromSortable(s: string): Position {
  const m = /^(\d{20})\/(\d{20})$/.exec(s);
  if (!m) throw new Error(`not a sortable log position: ${s}`);
  return `${BigInt(m[1])}/${BigInt(m[2])}`;
}
