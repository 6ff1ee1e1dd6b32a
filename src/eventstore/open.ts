import type { Knex } from 'knex';
import type { Config } from '../platform/config.ts';
import { KeyRing } from '../platform/crypto/keyring.ts';
import { sealSpecs } from '../events/personal-data.ts';
import type { EventStore } from './port.ts';
import { PostgresEventStore } from './postgres.ts';
import { SealingEventStore } from './sealing.ts';

/**
 * The configured event store, behind the sealing layer that every reader and writer must use;
 * `raw` reads it as stored (sealed), for the tamper-evident log only.
 */
export async function openEventStore(config: Pick<Config, 'eventStore' | 'kurrentdbUrl' | 'masterKey'>, knex: Knex, url: string): Promise<{ store: EventStore; raw: EventStore; keys: KeyRing }> {
  let raw: EventStore;
  if (config.eventStore === 'kurrentdb') {
    const { KurrentEventStore } = await import('./kurrentdb.ts' as string);
    raw = new KurrentEventStore(config.kurrentdbUrl);
  } else {
    raw = new PostgresEventStore(knex, url);
  }
  const keys = new KeyRing(knex, config.masterKey);
  return { store: new SealingEventStore(raw, keys, sealSpecs), raw, keys };
}
