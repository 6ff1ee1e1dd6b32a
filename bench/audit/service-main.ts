// Child process: the whole service (`startServer`, as bench/lib/service-main.ts starts it) whose
// audit consumer the bench turns off and on: each SIGUSR2 toggles it and, once done (turned on:
// caught up with the log), prints `AUDIT <n> on|off`. Nothing else differs between the phases.
import { loadConfig } from '../../src/platform/config.ts';
import { startServer } from '../../src/server.ts';

const running = await startServer({ config: loadConfig(process.env) });
const audit = running.deps.auditLog!;
process.stdout.write(`READY ${JSON.stringify({ url: running.url })}\n`);

let on = true;
let toggles = 0;
let queue = Promise.resolve();
process.on('SIGUSR2', () => {
  queue = queue.then(async () => {
    on = !on;
    if (on) {
      audit.start();
      await audit.waitFor(await running.deps.store.head(), 300_000);
    } else {
      await audit.stop();
    }
    process.stdout.write(`AUDIT ${++toggles} ${on ? 'on' : 'off'}\n`);
  });
});

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  void running.close().finally(() => process.exit(0));
});
