// The stand-in on its own, for running the KurrentDB-switched test run (or the app) against it:
//   npx tsx test/kurrentdb-wire/main.ts [port]     → prints the connection string, runs until Ctrl-C
//   KURRENTDB_URL='kurrentdb://127.0.0.1:<port>?tls=false' npm run test:kurrentdb
// A three-node cluster instead (ports chosen by the system), its leader stepping down every
// <ms> if given (SIGUSR2 steps it down on demand):
//   npx tsx test/kurrentdb-wire/main.ts --cluster [ms]   → prints the kurrentdb+discover:// string
// Its log lives in memory and is lost when it stops.
import { startKurrentCluster } from './cluster.ts';
import { startKurrentStandIn } from './server.ts';

let close: () => Promise<void>;
if (process.argv[2] === '--cluster') {
  const cluster = await startKurrentCluster();
  console.log(cluster.url);
  const every = Number(process.argv[3] ?? 0);
  const timer = every > 0 ? setInterval(() => void cluster.stepDown(), every) : undefined;
  process.on('SIGUSR2', () => void cluster.stepDown().then((n) => console.log(`node ${n} leads`)));
  close = async () => { clearInterval(timer); await cluster.close(); };
} else {
  const standIn = await startKurrentStandIn({ port: Number(process.argv[2] ?? 0) });
  console.log(standIn.url);
  // SIGUSR1: how large the log is and how many subscriptions listen (a run that slows down late).
  process.on('SIGUSR1', () => console.log(`events ${standIn.log.all.length}, searched ${standIn.log.searched}, subscriptions ${standIn.log.listening}`));
  close = () => standIn.close();
}
const stop = () => void close().then(() => process.exit(0));
process.on('SIGINT', stop).on('SIGTERM', stop);
