import { createHash, randomBytes } from 'node:crypto';
import type { Actor, Decider } from './decider.ts';
import { errors } from '../platform/errors.ts';
import {
  evolveFeedCalendario, feedCalendarioStream, type FeedCalendario, type FeedCalendarioEvent,
} from '../events/calendario.ts';
import { commandContext, type CommandDeps } from './deps.ts';
import { handleCommand } from './handler.ts';

export type FeedCalendarioCommand =
  | { type: 'CrearFeedCalendario'; data: { idUsuario: number; hashSecreto: string } }
  | { type: 'RevocarFeedCalendario'; data: { idUsuario: number } };

export const feedNotFound = () => errors.notFound('Feed de calendario', 'Calendar feed');

export const feedCalendarioDecider: Decider<FeedCalendario, FeedCalendarioCommand, FeedCalendarioEvent> = {
  initialState: () => ({ hashSecreto: null }),
  evolve: evolveFeedCalendario,
  decide(command, state) {
    const { idUsuario } = command.data;
    const revocar: FeedCalendarioEvent[] = state.hashSecreto ? [{ type: 'FeedCalendarioRevocado', data: { idUsuario, hashSecreto: state.hashSecreto } }] : [];
    switch (command.type) {
      case 'CrearFeedCalendario':
        // Rotation: the old URL stops working in the same append that makes the new one.
        return [...revocar, { type: 'FeedCalendarioCreado', data: command.data }];
      case 'RevocarFeedCalendario':
        if (revocar.length === 0) throw feedNotFound();
        return revocar;
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

/** The secret's only stored form. */
export const hashSecreto = (secreto: string) => createHash('sha256').update(secreto, 'utf8').digest('hex');

/** 256 random bits, base64url (43 characters): the URL is the only credential of the feed. */
export const SECRETO_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Creates (or rotates) the user's feed; answers the new secret, which is never stored. */
export async function crearFeedCalendario(deps: CommandDeps, actor: Actor, idUsuario: number) {
  const secreto = randomBytes(32).toString('base64url');
  const r = await handleCommand(
    deps.store,
    [{ streamId: feedCalendarioStream(idUsuario), decider: feedCalendarioDecider, command: { type: 'CrearFeedCalendario', data: { idUsuario, hashSecreto: hashSecreto(secreto) } } }],
    commandContext(deps, actor),
  );
  return { secreto, position: r.position, events: r.events };
}

export function revocarFeedCalendario(deps: CommandDeps, actor: Actor, idUsuario: number) {
  return handleCommand(
    deps.store,
    [{ streamId: feedCalendarioStream(idUsuario), decider: feedCalendarioDecider, command: { type: 'RevocarFeedCalendario', data: { idUsuario } } }],
    commandContext(deps, actor),
  );
}
