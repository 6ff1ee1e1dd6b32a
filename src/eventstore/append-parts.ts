import { AppendTooLargeError, type AppendResult, type EventStore, type ExpectedRevision, type StreamWrite } from './port.ts';

// Writers that batch (the agenda upgrade, events:import) may build an append larger than the store
// takes at once: KurrentDB refuses more than its MaxAppendSize (256 MiB of events by default on 26.1,
// often configured smaller) or an event over MaxAppendEventSize (16 MiB; one event cannot be split), and the
// sealing layer grows personal fields by a third (base64) after the writer has measured nothing.
// So the append is sent whole and, when refused as too large, split in two halves (in order, the
// second half's expectations following from the first's) and each half sent the same way.
// The parts are NOT one atomic write: callers must be able to resume after a crash between parts
// (both do: the import skips events already there, the upgrade writes its marker last).

/** Appends `writes`, in parts if the store refuses them as too large; the last part's result. */
export async function appendInParts(store: EventStore, writes: StreamWrite[]): Promise<AppendResult> {
  try {
    return await store.append(writes);
  } catch (err) {
    const count = writes.reduce((n, w) => n + w.events.length, 0);
    if (!(err instanceof AppendTooLargeError) || count < 2) throw err;
    const [first, second] = halves(writes, Math.floor(count / 2));
    const a = await appendInParts(store, first);
    const b = await appendInParts(store, second);
    return { revisions: { ...a.revisions, ...b.revisions }, position: b.position };
  }
}

/** The writes' events split after the `at`-th, in order; a stream cut in two continues where it stopped. */
export function halves(writes: StreamWrite[], at: number): [StreamWrite[], StreamWrite[]] {
  const first: StreamWrite[] = [];
  const second: StreamWrite[] = [];
  let left = at;
  for (const w of writes) {
    if (left >= w.events.length) {
      first.push(w);
      left -= w.events.length;
    } else if (left === 0) {
      second.push(w);
    } else {
      first.push({ ...w, events: w.events.slice(0, left) });
      second.push({ streamId: w.streamId, events: w.events.slice(left), expected: after(w.expected, left) });
      left = 0;
    }
  }
  return [first, second];
}

/** The expectation on a stream once `n` events were appended under `expected`. */
function after(expected: ExpectedRevision, n: number): ExpectedRevision {
  if (expected === 'noStream') return BigInt(n - 1);
  if (typeof expected === 'bigint') return expected + BigInt(n);
  return expected === 'any' ? 'any' : 'streamExists';
}
