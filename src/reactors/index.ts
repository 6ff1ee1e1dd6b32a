import type { KeyRing } from '../platform/crypto/keyring.ts';
import type { Reactor } from './reactor.ts';
import { welcomeMailReactor } from './mail/welcome.ts';
import { clinicalKeyReactor } from './retention.ts';

/** Every side-effect reactor of the service. */
export function allReactors(keys: KeyRing): Reactor[] {
  return [welcomeMailReactor, clinicalKeyReactor(keys)];
}
