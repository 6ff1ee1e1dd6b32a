import type { Position } from '../eventstore/port.ts';
import type { Member, RunnerCore } from './runner-core.ts';

/**
 * Resolves true once every one of `members` that handles one of `types` (each of them without
 * `types`) has committed `position`, false after `timeoutMs`. Woken by this process's commits and
 * other processes' announcements (watcher.ts), never by polling.
 */
export function waitOn(core: RunnerCore, members: Member[], position: Position | null, timeoutMs: number, types?: readonly string[]): Promise<boolean> {
  if (position === null) return Promise.resolve(true);
  // Inline consumers committed with the append itself: nothing to wait for.
  const names = members.filter((m) => !core.isInline(m.handler.name) && (!types || types.some((t) => m.accepts(t)))).map((m) => m.handler.name);
  if (names.length === 0) return Promise.resolve(true);
  core.watcher.listen();
  // A consumer retrying a bad event (now, or from the moment it starts to) is not waited for:
  // it may take seconds, and then parks the event (the wait ends false).
  const excused = (name: string) => core.members.some((m) => m.handler.name === name && m.failure !== undefined);
  // One adopted as inline meanwhile has passed: its checkpoint is gone, the appends write it now.
  const done = (name: string) => core.isInline(name);
  // Consumers another process commits are known here from its announcements: read the table first.
  const elsewhere = core.stopped || names.some((n) => core.lockedOut.has(n) || (core.leases !== null && !core.leases.owns(n)));
  return core.watcher.wait(names, position, timeoutMs, elsewhere, excused, done);
}

/** The consumers a write waits for before answering (CheckpointedHandler.readYourWrites). */
export const readers = (core: RunnerCore): Member[] => core.members.filter((m) => m.reads && !core.isInline(m.handler.name));
