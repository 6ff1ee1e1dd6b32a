import type { TestServer } from './server.ts';

/** Counts the password checks bcrypt actually runs on a server: `runs()` is the count so far. */
export function countBcryptRuns(srv: TestServer): { runs: () => number } {
  let n = 0;
  const queue = srv.deps.throttles.bcrypt;
  const run = queue.run.bind(queue);
  queue.run = (task) => {
    n += 1;
    return run(task);
  };
  return { runs: () => n };
}
