import type { KeyAlias, NewDataKey } from '../platform/crypto/append-keys.ts';
import type { AppendResult, EventStore, Reservation, StreamWrite } from './port.ts';

/** The sealing layer's rows to write with an append. */
export interface KeyRows {
  keys: NewDataKey[];
  aliases: KeyAlias[];
}

/**
 * A store that writes the sealing layer's new key rows in the append's own transaction (PostgreSQL:
 * in its one statement), so that sealing a new person's data costs no commit of its own. A store
 * that cannot (KurrentDB keeps no keys) is written to after the rows were stored (sealing.ts).
 */
export interface AppendsKeyRows {
  /** `opened`: the same writes before sealing (inline read models hold opened fields). */
  appendWithKeyRows(writes: StreamWrite[], reservations: Reservation[], rows: KeyRows, opened?: StreamWrite[]): Promise<AppendResult>;
}

export function appendsKeyRows(store: EventStore): store is EventStore & AppendsKeyRows {
  return typeof (store as Partial<AppendsKeyRows>).appendWithKeyRows === 'function';
}

/**
 * A key row of the append was already there (another writer created that key first, or the person
 * was erased): nothing was written. The sealing layer seals again with the stored key, or refuses.
 */
export class DataKeyTakenError extends Error {
  // By name, as the port's errors (see port.ts): the store and the sealing layer may hold two copies.
  static override [Symbol.hasInstance](x: unknown): boolean { return x instanceof Error && x.name === 'DataKeyTakenError'; }
  constructor() {
    super('a data key of this append was created meanwhile');
    this.name = 'DataKeyTakenError';
  }
}
