import type { KeyRing } from '../platform/crypto/keyring.ts';
import type { Reactor } from './reactor.ts';
import { welcomeMailReactor } from './mail/welcome.ts';
import { clinicalKeyReactor } from './retention.ts';
import { citaNotificationsReactor } from './notifications/citas.ts';
import { serieNotificationsReactor } from './notifications/series.ts';
import { chatPushReactor } from './chat-push.ts';
import { listaEsperaReactor } from './notifications/lista-espera.ts';

/** Every side-effect reactor of the service. */
export function allReactors(keys: KeyRing, opts: { practiceTimezone: string }): Reactor[] {
  return [welcomeMailReactor, clinicalKeyReactor(keys), citaNotificationsReactor(opts.practiceTimezone), serieNotificationsReactor(opts.practiceTimezone), chatPushReactor(opts.practiceTimezone), listaEsperaReactor(opts.practiceTimezone)];
}
