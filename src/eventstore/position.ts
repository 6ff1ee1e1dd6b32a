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
