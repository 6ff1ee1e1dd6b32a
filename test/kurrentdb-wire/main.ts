// The stand-in on its own, for running the KurrentDB-switched test run (or the app) against it:
//   npx tsx test/kurrentdb-wire/main.ts [port]     → prints the connection string, runs until Ctrl-C
//   KURRENTDB_URL='kurrentdb://127.0.0.1:<port>?tls=false' npm run test:kurrentdb
// Its log lives in memory and is lost when it stops.
import { startKurrentStandIn } from './server.ts';

const standIn = await startKurrentStandIn({ port: Number(process.argv[2] ?? 0) });
console.log(standIn.url);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on('SIGINT', stop).on('SIGTERM', stop);
