import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import {
  lastEvents,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  ReservationTakenError,
  type StoredEvent,
  type StreamWrite,
  type Subscription,
  type SubscribeOptions,
  WrongExpectedRevisionError,
} from '../../src/eventstore/port.ts';

// The event-store contract: every adapter of the port must pass this suite unchanged.
// The factory is called once for the suite. Tests never assume the log is empty (earlier tests,
// or a shared KurrentDB server, leave events): each reads from `head()` taken at its start and
// uses stream ids unique to the test. Only the first test looks at a store that may be fresh.

export interface EventStoreFixture {
  store: EventStore;
  cleanup(): Promise<void>;
  /**
   * Optional, adapter-specific: appends one write in a transaction that stays open `delayMs`
   * after its rows are inserted, so that transactions commit out of log order. When absent the
   * concurrency test only delays between appends.
   */
  appendHoldingTransaction?(write: StreamWrite, delayMs: number): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

async function waitFor(cond: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(5);
  }
}

function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    eventId: randomUUID(),
    actor: { idUsuario: 7, rol: 'PSICOLOGO' },
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

function ev(type: string, data: Record<string, unknown> = {}, meta: Partial<EventMetadata> = {}): NewEvent {
  return { type, data, metadata: metadata(meta) };
}

const ids = (events: { metadata: EventMetadata }[]) => events.map((e) => e.metadata.eventId);

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject, it resolved');
}

async function expectWrongRevision(
  p: Promise<unknown>,
  streamId: string,
  expected: ExpectedRevision,
  actual: bigint | null,
): Promise<void> {
  const err = await rejection(p);
  expect(err, String(err)).to.be.instanceOf(WrongExpectedRevisionError);
  const e = err as WrongExpectedRevisionError;
  expect(e.streamId).to.equal(streamId);
  expect(e.expected).to.equal(expected);
  expect(e.actual).to.equal(actual);
}

/** Every event after `from`, paging through readAll. */
async function readAllFrom(store: EventStore, from: Position | null, pageSize = 100): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  let at = from;
  for (;;) {
    const page = await store.readAll(at, pageSize);
    out.push(...page.events);
    if (page.events.length < pageSize) return out;
    at = page.last;
  }
}

function shuffle<T>(xs: T[]): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

export function eventStoreContract(name: string, factory: () => Promise<EventStoreFixture>): void {
  describe(`event store contract: ${name}`, function () {
    let fixture: EventStoreFixture;
    let store: EventStore;
    let start: Position | null;
    let subscriptions: Subscription[] = [];
    let prefix: string;

    const stream = (s: string) => `${prefix}${s}`;
    const mine = (events: StoredEvent[]) => events.filter((e) => e.streamId.startsWith(prefix));

    /** Subscribes and records every batch the handler receives. */
    function record(from: Position | null, options: SubscribeOptions = {}, onBatch?: (batch: StoredEvent[], n: number) => void) {
      const batches: StoredEvent[][] = [];
      const events: StoredEvent[] = [];
      const sub = store.subscribe(
        from,
        async (batch) => {
          batches.push(batch);
          onBatch?.(batch, batches.length);
          events.push(...batch);
        },
        options,
      );
      subscriptions.push(sub);
      return { batches, events, sub, ofTest: () => mine(events) };
    }

    before(async function () {
      fixture = await factory();
      store = fixture.store;
    });

    after(async function () {
      await fixture?.cleanup();
    });

    beforeEach(async function () {
      subscriptions = [];
      start = await store.head();
      prefix = `ct${randomUUID().slice(0, 8)}-`;
    });

    afterEach(async function () {
      await Promise.all(subscriptions.map((s) => s.stop()));
    });

    it('a fresh store has an empty log', async function () {
      if (start !== null) this.skip(); // the adapter's server already holds events
      expect(await store.readAll(null, 10)).to.deep.equal({ events: [], last: null });
      expect(await store.head()).to.equal(null);
      const seen: StoredEvent[] = [];
      const sub = store.subscribe(null, async (b) => void seen.push(...b));
      subscriptions.push(sub);
      await sleep(100);
      expect(seen).to.deep.equal([]);
    });

    describe('append and readStream', function () {
      it('round-trips events with their metadata, with 0-based revisions', async function () {
        const a = stream('paciente-1');
        const b = stream('agenda-1');
        const first = ev(
          'PacienteRegistrado',
          { nombre: 'Zoë Ñúñez', edad: 34, tags: ['a', 'b'], nested: { ok: true, none: null }, ratio: 0.5 },
          {
            actor: { idUsuario: 42, rol: 'ADMIN' },
            correlationId: randomUUID(),
            causationId: randomUUID(),
            occurredAt: '2024-03-01T10:15:30.123Z',
          },
        );
        const second = ev('PacienteActualizado', { telefono: '+34 600 000 000' }, { actor: { idUsuario: null, rol: null } });
        const third = ev('PacienteArchivado', {});
        const onB = ev('CitaReservada', { hora: '10:00' });

        const result = await store.append([
          { streamId: a, events: [first, second, third], expected: 'noStream' },
          { streamId: b, events: [onB], expected: 'noStream' },
        ]);
        expect(result.revisions).to.deep.equal({ [a]: 2n, [b]: 0n });

        const read = await store.readStream(a);
        expect(read.map((e) => e.revision)).to.deep.equal([0n, 1n, 2n]);
        expect(read.map((e) => e.streamId)).to.deep.equal([a, a, a]);
        expect(read.map((e) => e.type)).to.deep.equal(['PacienteRegistrado', 'PacienteActualizado', 'PacienteArchivado']);
        expect(read.map((e) => e.data)).to.deep.equal([first.data, second.data, third.data]);
        expect(read.map((e) => e.metadata)).to.deep.equal([first.metadata, second.metadata, third.metadata]);
        expect(read[0].metadata.occurredAt).to.equal('2024-03-01T10:15:30.123Z');
        expect(read[1].metadata.actor).to.deep.equal({ idUsuario: null, rol: null });
        expect(store.compare(read[0].position, read[1].position)).to.be.lessThan(0);
        expect(store.compare(read[1].position, read[2].position)).to.be.lessThan(0);

        const readB = await store.readStream(b);
        expect(readB).to.have.length(1);
        expect(readB[0].revision).to.equal(0n);
        expect(readB[0].metadata).to.deep.equal(onB.metadata);

        // The append's position is that of its last event in the global log.
        const all = mine(await readAllFrom(store, start));
        expect(ids(all)).to.have.members([...ids([first, second, third]), onB.metadata.eventId]);
        expect(result.position).to.equal(all[all.length - 1].position);

        const next = await store.append([{ streamId: a, events: [ev('PacienteReactivado')], expected: 2n }]);
        expect(next.revisions).to.deep.equal({ [a]: 3n });
        expect(store.compare(result.position, next.position)).to.be.lessThan(0);
        expect((await store.readStream(a)).map((e) => e.revision)).to.deep.equal([0n, 1n, 2n, 3n]);
      });

      it('reads a stream that does not exist as []', async function () {
        expect(await store.readStream(stream('nunca'))).to.deep.equal([]);
      });

      it('readStreams gives each stream as readStream does, in the order asked, a missing one as []', async function () {
        const [a, b, c] = [stream('cita-1'), stream('agenda-1-2030-01-07'), stream('nunca')];
        await store.append([
          { streamId: a, events: [ev('CitaCreada', { n: 1 }), ev('CitaConfirmada', { n: 2 })], expected: 'noStream' },
          { streamId: b, events: [ev('HuecoReservado', { n: 3 })], expected: 'noStream' },
        ]);
        await store.append([{ streamId: a, events: [ev('CitaCancelada', { n: 4 })], expected: 1n }]);
        const each = await Promise.all([b, c, a].map((s) => store.readStream(s)));
        expect(await store.readStreams([b, c, a])).to.deep.equal(each);
        expect((await store.readStreams([a]))[0].map((e) => e.revision)).to.deep.equal([0n, 1n, 2n]);
        expect(await store.readStreams([])).to.deep.equal([]);
      });

      it('readLastEvents gives each stream\'s last event as readStream has it, in the order asked, a missing one as null', async function () {
        const [a, b, c] = [stream('serie-1'), stream('cadena-1'), stream('nunca')];
        await store.append([
          { streamId: a, events: [ev('NumeroAsignado', { n: 1 }), ev('NumeroAsignado', { n: 2 })], expected: 'noStream' },
          { streamId: b, events: [ev('RegistroGenerado', { n: 1 })], expected: 'noStream' },
        ]);
        await store.append([{ streamId: a, events: [ev('NumeroAsignado', { n: 3 })], expected: 1n }]);
        const [lastA, lastB] = [(await store.readStream(a)).at(-1), (await store.readStream(b)).at(-1)];
        expect(await lastEvents(store, [b, c, a])).to.deep.equal([lastB, null, lastA]);
        expect((await lastEvents(store, [a]))[0]).to.include({ revision: 2n });
        expect(await lastEvents(store, [])).to.deep.equal([]);
      });
    });

    describe('expected revision', function () {
      it("'noStream' on an existing stream fails with WrongExpectedRevisionError", async function () {
        const s = stream('usuario-1');
        await store.append([{ streamId: s, events: [ev('UsuarioCreado')], expected: 'noStream' }]);
        await expectWrongRevision(
          store.append([{ streamId: s, events: [ev('UsuarioCreado')], expected: 'noStream' }]),
          s,
          'noStream',
          0n,
        );
        expect(await store.readStream(s)).to.have.length(1);
      });

      it("'streamExists' on a missing stream fails", async function () {
        const s = stream('usuario-2');
        await expectWrongRevision(
          store.append([{ streamId: s, events: [ev('UsuarioActualizado')], expected: 'streamExists' }]),
          s,
          'streamExists',
          null,
        );
        expect(await store.readStream(s)).to.deep.equal([]);
        await store.append([{ streamId: s, events: [ev('UsuarioCreado')], expected: 'any' }]);
        const r = await store.append([{ streamId: s, events: [ev('UsuarioActualizado')], expected: 'streamExists' }]);
        expect(r.revisions[s]).to.equal(1n);
      });

      it('an exact revision that does not match fails, the matching one succeeds', async function () {
        const s = stream('agenda-2');
        await expectWrongRevision(store.append([{ streamId: s, events: [ev('X')], expected: 0n }]), s, 0n, null);
        await store.append([{ streamId: s, events: [ev('A'), ev('B')], expected: 'noStream' }]);
        await expectWrongRevision(store.append([{ streamId: s, events: [ev('C')], expected: 0n }]), s, 0n, 1n);
        await expectWrongRevision(store.append([{ streamId: s, events: [ev('C')], expected: 2n }]), s, 2n, 1n);
        expect(await store.readStream(s)).to.have.length(2);
        const ok = await store.append([{ streamId: s, events: [ev('C')], expected: 1n }]);
        expect(ok.revisions[s]).to.equal(2n);
        expect((await store.readStream(s)).map((e) => e.type)).to.deep.equal(['A', 'B', 'C']);
      });

      it("'any' works on a missing and on an existing stream", async function () {
        const s = stream('historial-1');
        expect((await store.append([{ streamId: s, events: [ev('A')], expected: 'any' }])).revisions[s]).to.equal(0n);
        expect((await store.append([{ streamId: s, events: [ev('B'), ev('C')], expected: 'any' }])).revisions[s]).to.equal(2n);
        expect((await store.readStream(s)).map((e) => e.revision)).to.deep.equal([0n, 1n, 2n]);
      });

      it('a multi-stream append is atomic: one failed expectation stores nothing in any stream', async function () {
        const a = stream('psicologo-1');
        const b = stream('agenda-3');
        const c = stream('cita-1');
        await store.append([{ streamId: a, events: [ev('PsicologoRegistrado')], expected: 'noStream' }]);

        // The failing write last, then first.
        await expectWrongRevision(
          store.append([
            { streamId: b, events: [ev('AgendaAbierta'), ev('CitaReservada')], expected: 'noStream' },
            { streamId: c, events: [ev('CitaCreada')], expected: 'any' },
            { streamId: a, events: [ev('PsicologoActualizado')], expected: 5n },
          ]),
          a,
          5n,
          0n,
        );
        await expectWrongRevision(
          store.append([
            { streamId: a, events: [ev('PsicologoActualizado')], expected: 'noStream' },
            { streamId: b, events: [ev('AgendaAbierta')], expected: 'noStream' },
          ]),
          a,
          'noStream',
          0n,
        );
        expect(await store.readStream(b)).to.deep.equal([]);
        expect(await store.readStream(c)).to.deep.equal([]);
        expect(await store.readStream(a)).to.have.length(1);
        expect(mine(await readAllFrom(store, start)).map((e) => e.type)).to.deep.equal(['PsicologoRegistrado']);

        // The same writes with correct expectations go through together.
        const ok = await store.append([
          { streamId: b, events: [ev('AgendaAbierta')], expected: 'noStream' },
          { streamId: a, events: [ev('PsicologoActualizado')], expected: 0n },
        ]);
        expect(ok.revisions).to.deep.equal({ [b]: 0n, [a]: 1n });
      });
    });

    describe('reservations', function () {
      it('a second reservation of the same (scope, key) throws ReservationTakenError and stores nothing', async function () {
        const email = { scope: 'usuario.email', key: `hmac-${randomUUID()}` };
        const first = stream('usuario-10');
        const second = stream('usuario-11');
        await store.append([{ streamId: first, events: [ev('UsuarioCreado')], expected: 'noStream' }], [email]);

        const err = await rejection(
          store.append([{ streamId: second, events: [ev('UsuarioCreado')], expected: 'noStream' }], [email]),
        );
        expect(err, String(err)).to.be.instanceOf(ReservationTakenError);
        expect((err as ReservationTakenError).scope).to.equal('usuario.email');
        expect(await store.readStream(second)).to.deep.equal([]);
        expect(mine(await readAllFrom(store, start)).map((e) => e.streamId)).to.deep.equal([first]);

        // Same key in another scope is a different value.
        await store.append(
          [{ streamId: second, events: [ev('UsuarioCreado')], expected: 'noStream' }],
          [{ scope: 'psicologo.licencia', key: email.key }],
        );
        expect(await store.readStream(second)).to.have.length(1);
      });

      it('names the scope that was taken when several are claimed', async function () {
        const free = { scope: 'psicologo.licencia', key: `hmac-${randomUUID()}` };
        const taken = { scope: 'usuario.email', key: `hmac-${randomUUID()}` };
        await store.append([{ streamId: stream('usuario-20'), events: [ev('UsuarioCreado')], expected: 'noStream' }], [taken]);
        const err = await rejection(
          store.append([{ streamId: stream('psicologo-20'), events: [ev('PsicologoRegistrado')], expected: 'noStream' }], [free, taken]),
        );
        expect(err, String(err)).to.be.instanceOf(ReservationTakenError);
        expect((err as ReservationTakenError).scope).to.equal('usuario.email');
        // The free one was not kept either: the whole append rolled back.
        await store.append([{ streamId: stream('psicologo-21'), events: [ev('PsicologoRegistrado')], expected: 'noStream' }], [free]);
      });

      it('release frees the value so it can be claimed again', async function () {
        const email = { scope: 'usuario.email', key: `hmac-${randomUUID()}` };
        const u1 = stream('usuario-30');
        const u2 = stream('usuario-31');
        await store.append([{ streamId: u1, events: [ev('UsuarioCreado')], expected: 'noStream' }], [email]);
        await store.append([{ streamId: u1, events: [ev('EmailCambiado')], expected: 0n }], [{ ...email, release: true }]);
        await store.append([{ streamId: u2, events: [ev('UsuarioCreado')], expected: 'noStream' }], [email]);
        expect(await store.readStream(u2)).to.have.length(1);
        const err = await rejection(store.append([{ streamId: u1, events: [ev('EmailCambiado')], expected: 1n }], [email]));
        expect(err, String(err)).to.be.instanceOf(ReservationTakenError);
        expect(await store.readStream(u1)).to.have.length(2);
      });

      it('a reservation in an append that fails its expected revision is not kept', async function () {
        const email = { scope: 'usuario.email', key: `hmac-${randomUUID()}` };
        const u = stream('usuario-40');
        await store.append([{ streamId: u, events: [ev('UsuarioCreado')], expected: 'noStream' }]);
        await expectWrongRevision(
          store.append([{ streamId: u, events: [ev('EmailCambiado')], expected: 7n }], [email]),
          u,
          7n,
          0n,
        );
        await store.append([{ streamId: stream('usuario-41'), events: [ev('UsuarioCreado')], expected: 'noStream' }], [email]);
      });

      it('a release in an append that fails is not applied', async function () {
        const email = { scope: 'usuario.email', key: `hmac-${randomUUID()}` };
        const u = stream('usuario-50');
        await store.append([{ streamId: u, events: [ev('UsuarioCreado')], expected: 'noStream' }], [email]);
        await expectWrongRevision(
          store.append([{ streamId: u, events: [ev('UsuarioEliminado')], expected: 'noStream' }], [{ ...email, release: true }]),
          u,
          'noStream',
          0n,
        );
        const err = await rejection(
          store.append([{ streamId: stream('usuario-51'), events: [ev('UsuarioCreado')], expected: 'noStream' }], [email]),
        );
        expect(err, String(err)).to.be.instanceOf(ReservationTakenError);
      });

      it('concurrent claims of one value: exactly one wins', async function () {
        const email = { scope: 'usuario.email', key: `hmac-${randomUUID()}` };
        const n = 10;
        const results = await Promise.allSettled(
          Array.from({ length: n }, (_, i) =>
            store.append([{ streamId: stream(`usuario-c${i}`), events: [ev('UsuarioCreado')], expected: 'noStream' }], [email]),
          ),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
        expect(won, 'winners').to.have.length(1);
        for (const e of lost) expect(e, String(e)).to.be.instanceOf(ReservationTakenError);
        expect(mine(await readAllFrom(store, start))).to.have.length(1);
      });
    });

    describe('concurrent appends', function () {
      it('to one stream with the same expected revision: exactly one wins per revision', async function () {
        const s = stream('agenda-c');
        await store.append([{ streamId: s, events: [ev('AgendaAbierta')], expected: 'noStream' }]);
        for (let round = 0n; round < 3n; round++) {
          const results = await Promise.allSettled(
            Array.from({ length: 20 }, (_, i) =>
              store.append([{ streamId: s, events: [ev('CitaReservada', { i, round: Number(round) })], expected: round }]),
            ),
          );
          const won = results.filter((r) => r.status === 'fulfilled');
          expect(won, `winners expecting revision ${round}`).to.have.length(1);
          for (const r of results) {
            if (r.status === 'rejected') {
              expect(r.reason, String(r.reason)).to.be.instanceOf(WrongExpectedRevisionError);
              expect((r.reason as WrongExpectedRevisionError).actual).to.equal(round + 1n);
            } else {
              expect(r.value.revisions[s]).to.equal(round + 1n);
            }
          }
        }
        const read = await store.readStream(s);
        expect(read.map((e) => e.revision)).to.deep.equal([0n, 1n, 2n, 3n]);
      });

      it("to one stream with 'any': all succeed with distinct, gapless revisions", async function () {
        const s = stream('historial-c');
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => store.append([{ streamId: s, events: [ev('Nota', { i }), ev('Nota', { i })], expected: 'any' }])),
        );
        const lastRevisions = results.map((r) => r.revisions[s]).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
        expect(lastRevisions).to.deep.equal(Array.from({ length: 20 }, (_, i) => BigInt(2 * i + 1)));
        const read = await store.readStream(s);
        expect(read.map((e) => e.revision)).to.deep.equal(Array.from({ length: 40 }, (_, i) => BigInt(i)));
        // The two events of one append are adjacent.
        for (let i = 0; i < 40; i += 2) expect(read[i].data.i).to.equal(read[i + 1].data.i);
      });

      it('many writers committing out of order: a subscriber sees every event once, in log order', async function () {
        this.timeout(20000);
        const writers = 8;
        const perWriter = 25;
        const sub = record(start, { batchSize: 16 });
        const written: string[] = [];
        const completed: string[] = [];

        await Promise.all(
          Array.from({ length: writers }, async (_, w) => {
            const s = stream(`writer-${w}`);
            for (let i = 0; i < perWriter; i++) {
              const e = ev('Escrito', { w, i });
              written.push(e.metadata.eventId);
              const write: StreamWrite = { streamId: s, events: [e], expected: i === 0 ? 'noStream' : BigInt(i - 1) };
              if (fixture.appendHoldingTransaction && Math.random() < 0.75) {
                await fixture.appendHoldingTransaction(write, Math.floor(Math.random() * 25));
              } else {
                await sleep(Math.floor(Math.random() * 6));
                await store.append([write]);
              }
              completed.push(e.metadata.eventId);
            }
          }),
        );

        const total = writers * perWriter;
        await waitFor(() => sub.ofTest().length >= total, 10000, `${total} events at the subscriber (got ${sub.ofTest().length})`);
        await sleep(150); // anything delivered twice would show up now
        const seen = sub.ofTest();
        const seenIds = ids(seen);
        expect(new Set(seenIds).size, 'distinct events seen').to.equal(seenIds.length);
        expect(seenIds).to.have.length(total);
        expect([...seenIds].sort()).to.deep.equal([...written].sort());

        // The subscriber's order is the log's order, read from scratch now that all committed.
        const log = mine(await readAllFrom(store, start, 37));
        expect(ids(log)).to.deep.equal(seenIds);
        for (let i = 1; i < seen.length; i++) {
          expect(store.compare(seen[i - 1].position, seen[i].position), `position ${i}`).to.be.lessThan(0);
        }
        // Each stream's events arrive in revision order.
        for (let w = 0; w < writers; w++) {
          const revs = seen.filter((e) => e.streamId === stream(`writer-${w}`)).map((e) => e.revision);
          expect(revs).to.deep.equal(Array.from({ length: perWriter }, (_, i) => BigInt(i)));
        }
        // Sanity: the test did make transactions commit out of log order.
        if (fixture.appendHoldingTransaction) {
          const logIndex = new Map(seenIds.map((id, i) => [id, i]));
          let inversions = 0;
          for (let i = 1; i < completed.length; i++) if (logIndex.get(completed[i])! < logIndex.get(completed[i - 1])!) inversions++;
          expect(inversions, 'commits out of log order').to.be.greaterThan(0);
        }
      });
    });

    describe('readAll and positions', function () {
      it('pages with limit and last, in global order', async function () {
        const appended: string[] = [];
        const positions: Position[] = [];
        const specs: [string, number][] = [['a', 2], ['b', 1], ['a', 3], ['c', 1], ['b', 2], ['c', 1]];
        for (const [s, n] of specs) {
          const events = Array.from({ length: n }, (_, i) => ev(`E${s}`, { i }));
          const r = await store.append([{ streamId: stream(s), events, expected: 'any' }]);
          appended.push(...ids(events));
          positions.push(r.position);
        }
        expect(appended).to.have.length(10);

        const all = await store.readAll(start, 1000);
        expect(ids(all.events)).to.deep.equal(appended);
        expect(all.last).to.equal(all.events[9].position);
        expect(await store.head()).to.equal(all.last);
        // Each append's position is its last event's.
        let k = 0;
        specs.forEach(([, n], i) => {
          k += n;
          expect(positions[i]).to.equal(all.events[k - 1].position);
        });

        const pages: number[] = [];
        const paged: string[] = [];
        let at = start;
        for (;;) {
          const page = await store.readAll(at, 3);
          if (page.events.length === 0) {
            expect(page.last, 'an empty page resumes where it was asked').to.equal(at);
            break;
          }
          pages.push(page.events.length);
          paged.push(...ids(page.events));
          expect(page.last).to.equal(page.events[page.events.length - 1].position);
          at = page.last;
        }
        expect(pages).to.deep.equal([3, 3, 3, 1]);
        expect(paged).to.deep.equal(appended);

        // Resuming from any event's position gives exactly the events after it.
        for (const i of [0, 4, 8, 9]) {
          const rest = await store.readAll(all.events[i].position, 1000);
          expect(ids(rest.events)).to.deep.equal(appended.slice(i + 1));
        }
      });

      it('compare is a total order consistent with readAll order', async function () {
        for (let i = 0; i < 12; i++) {
          await store.append([{ streamId: stream(`s${i % 3}`), events: [ev('E', { i })], expected: 'any' }]);
        }
        const events = await readAllFrom(store, start);
        const ps = events.map((e) => e.position);
        expect(new Set(ps).size, 'positions are distinct').to.equal(ps.length);
        for (let i = 0; i < ps.length; i++) {
          expect(store.compare(ps[i], ps[i])).to.equal(0);
          expect(store.compare(null, ps[i])).to.be.lessThan(0);
          expect(store.compare(ps[i], null)).to.be.greaterThan(0);
          for (let j = i + 1; j < ps.length; j++) {
            expect(store.compare(ps[i], ps[j]), `${ps[i]} < ${ps[j]}`).to.be.lessThan(0);
            expect(store.compare(ps[j], ps[i]), `${ps[j]} > ${ps[i]}`).to.be.greaterThan(0);
          }
        }
        expect(store.compare(null, null)).to.equal(0);
        for (let t = 0; t < 3; t++) {
          expect(shuffle(ps).sort((x, y) => store.compare(x, y))).to.deep.equal(ps);
        }
        if (start !== null) expect(store.compare(start, ps[0])).to.be.lessThan(0);
      });
    });

    describe('subscribe', function () {
      it('from a checkpoint delivers only later events, then live ones', async function () {
        const s = stream('cp');
        const evs = Array.from({ length: 6 }, (_, i) => ev('E', { i }));
        for (const e of evs) await store.append([{ streamId: s, events: [e], expected: 'any' }]);
        const all = await readAllFrom(store, start);
        const checkpoint = all[2].position;

        const sub = record(checkpoint, { batchSize: 2 });
        await waitFor(() => sub.events.length >= 3, 3000, 'events after the checkpoint');
        await sleep(100);
        expect(ids(sub.events)).to.deep.equal(ids(evs.slice(3)));
        for (const b of sub.batches) expect(b.length).to.be.at.most(2);

        const later = ev('E', { i: 6 });
        await store.append([{ streamId: s, events: [later], expected: 5n }]);
        await waitFor(() => sub.events.length >= 4, 3000, 'the live event');
        expect(ids(sub.events)).to.deep.equal([...ids(evs.slice(3)), later.metadata.eventId]);

        // From the newest position: nothing until something new is appended.
        const fromHead = record(await store.head());
        await sleep(150);
        expect(fromHead.events).to.deep.equal([]);
        const newest = ev('E', { i: 7 });
        await store.append([{ streamId: s, events: [newest], expected: 6n }]);
        await waitFor(() => fromHead.events.length >= 1, 3000, 'the event after head');
        expect(ids(fromHead.events)).to.deep.equal([newest.metadata.eventId]);
      });

      it('a handler that throws gets the same batch again, nothing is skipped', async function () {
        const s = stream('retry');
        const evs = Array.from({ length: 5 }, (_, i) => ev('E', { i }));
        await store.append([{ streamId: s, events: evs, expected: 'noStream' }]);

        const calls: string[][] = [];
        const handled: string[] = [];
        const errors: unknown[] = [];
        const sub = store.subscribe(
          start,
          async (batch) => {
            const mineOnly = ids(mine(batch));
            calls.push(mineOnly);
            if (calls.length === 2) throw new Error('projection failed');
            handled.push(...mineOnly);
          },
          { batchSize: 2, onError: (err) => errors.push(err) },
        );
        subscriptions.push(sub);
        await waitFor(() => handled.length >= 5, 5000, 'all events handled after the failure');
        await sleep(100);
        const e = ids(evs);
        expect(calls).to.deep.equal([e.slice(0, 2), e.slice(2, 4), e.slice(2, 4), e.slice(4, 5)]);
        expect(handled).to.deep.equal(e);
        // Besides the handler's failure, only dropped connections (a cluster's leader changing) may be reported.
        const own = errors.filter((x) => !/unavailable|not ready|restarting/i.test(String(x)));
        expect(own).to.have.length(1);
        expect((own[0] as Error).message).to.equal('projection failed');
      });

      it('stop() ends the subscription promptly and nothing is delivered afterwards', async function () {
        const s = stream('stop');
        await store.append([{ streamId: s, events: [ev('E')], expected: 'noStream' }]);
        const sub = record(start);
        await waitFor(() => sub.ofTest().length >= 1, 3000, 'the first event');
        await sleep(200); // now idle, waiting for news
        const t0 = Date.now();
        await sub.sub.stop();
        expect(Date.now() - t0, 'ms to stop').to.be.lessThan(500);
        await sub.sub.stop(); // stopping twice is harmless

        await store.append([{ streamId: s, events: [ev('E')], expected: 0n }]);
        await sleep(1300); // longer than a poll interval
        expect(sub.ofTest()).to.have.length(1);
      });

      it('stop() during a slow handler waits for it and delivers nothing more', async function () {
        const s = stream('stop-busy');
        await store.append([{ streamId: s, events: [ev('A'), ev('B')], expected: 'noStream' }]);
        let calls = 0;
        let entered!: () => void;
        const inHandler = new Promise<void>((r) => (entered = r));
        const sub = store.subscribe(
          start,
          async () => {
            calls++;
            entered();
            await sleep(200);
          },
          { batchSize: 1 },
        );
        subscriptions.push(sub);
        await inHandler;
        const t0 = Date.now();
        await sub.stop();
        expect(Date.now() - t0, 'ms to stop').to.be.lessThan(700);
        const after = calls;
        await sleep(300);
        expect(calls).to.equal(after);
      });

      it('delivers an event appended after catching up, live', async function () {
        const s = stream('live');
        await store.append([{ streamId: s, events: [ev('Primero')], expected: 'noStream' }]);
        const sub = record(start);
        await waitFor(() => sub.ofTest().length >= 1, 3000, 'catch-up');
        await sleep(300); // caught up and idle

        const woken = store.waitForEvents(10000).then(() => Date.now());
        const live = ev('Segundo');
        const t0 = Date.now();
        await store.append([{ streamId: s, events: [live], expected: 0n }]);
        await waitFor(() => sub.ofTest().length >= 2, 2000, 'the live event');
        expect(ids(sub.ofTest())).to.deep.equal([sub.ofTest()[0].metadata.eventId, live.metadata.eventId]);
        // waitForEvents is woken by the append itself, not by its 10 s timeout.
        const wokeAt = await Promise.race([woken, sleep(2000).then(() => null)]);
        expect(wokeAt, 'waitForEvents woken by the append').to.not.equal(null);
        expect(wokeAt! - t0).to.be.lessThan(2000);
      });
    });
  });
}
