import { eventStoreContract } from './contract.ts';

// The same contract, against KurrentDB. It runs where KURRENTDB_URL is set (docker compose);
// elsewhere it is reported as skipped, and the adapter (still being built in a later issue) is
// not even loaded: the import below happens only when the contract runs.
const url = process.env.KURRENTDB_URL;

if (url) {
  eventStoreContract('KurrentDB', async () => {
    const { KurrentEventStore } = await import('../../src/eventstore/kurrentdb.ts');
    const store = new KurrentEventStore(url);
    return { store, cleanup: () => store.close() };
  });
} else {
  describe('event store contract: KurrentDB', function () {
    before(function () {
      this.skip();
    });
    it('KurrentDB contract: skipped, KURRENTDB_URL not set', function () {});
  });
}
