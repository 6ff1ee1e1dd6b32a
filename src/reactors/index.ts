import type { Reactor } from './reactor.ts';
import { welcomeMailReactor } from './mail/welcome.ts';

/** Every side-effect reactor of the service. */
export const allReactors: Reactor[] = [welcomeMailReactor];
