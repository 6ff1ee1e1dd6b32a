import type { KeyRing } from '../platform/crypto/keyring.ts';
import type { Reactor } from './reactor.ts';
import { welcomeMailReactor } from './mail/welcome.ts';
import { clinicalKeyReactor } from './retention.ts';
import { citaNotificationsReactor } from './notifications/citas.ts';
import { serieNotificationsReactor } from './notifications/series.ts';
import { chatPushReactor } from './chat-push.ts';
import { listaEsperaReactor } from './notifications/lista-espera.ts';
import { aeatColaReactor } from './aeat/cola.ts';

/** Every side-effect reactor of the service; `maxDeviceTokens` (MAX_DEVICE_TOKENS_PER_USER) bounds each person's pushes. */
export function allReactors(keys: KeyRing, opts: { practiceTimezone: string; maxDeviceTokens?: number }): Reactor[] {
  const [zone, max] = [opts.practiceTimezone, opts.maxDeviceTokens];
  return [welcomeMailReactor, clinicalKeyReactor(keys), citaNotificationsReactor(zone, max), serieNotificationsReactor(zone, max), chatPushReactor(zone, max), listaEsperaReactor(zone, max), aeatColaReactor];
}
