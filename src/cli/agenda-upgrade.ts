// npm run agenda:upgrade — carries agendas written before the per-day streams into them (the server
// does the same at start). Idempotent.
import { upgradeLegacyAgendas } from '../commands/agenda-upgrade.ts';
import { openEventStore } from '../eventstore/open.ts';
import { systemClock } from '../platform/clock.ts';
import { ConfigError } from '../platform/config.ts';
import { openServiceDatabase, serviceConfig } from './service-data.ts';
import { sequenceIds } from '../platform/ids.ts';
import { lookupHasher } from '../platform/security.ts';
import { commandLookups } from '../command-lookups.ts';
import { commandLine, isMainModule } from './args.ts';
import { useInlineModels } from '../projections/inline.ts';
import { allProjections } from '../projections/index.ts';

const USAGE = `Usage: npm run agenda:upgrade

Carries every psychologist's agenda written before the per-day agenda streams into them
(live appointments and blocks that have not ended), so that new bookings are checked against
them, and marks each old stream as done. The server does the same when it starts; this command
runs it without starting the server. Safe to run again: a marked stream is skipped.

Options:
  --help   this text
`;

if (isMainModule(import.meta.url)) {
  commandLine(USAGE, {});
  try {
    const config = serviceConfig();
    const db = await openServiceDatabase(config, 3);
    const { store, raw, keys } = await openEventStore(config, db.knex, db.url);
    // Its appends write the inline read models as a server's do (docs/read-models.md).
    useInlineModels(raw, db.knex, allProjections(config));
    try {
      const deps = { store, knex: db.knex, clock: systemClock, config, ids: sequenceIds(db.knex), lookupHash: lookupHasher(await keys.serverKey('lookup')), lookups: commandLookups(db.knex) };
      const r = await upgradeLegacyAgendas(deps, (line, level) => process.stderr.write(`${level === 'warn' ? 'WARNING: ' : ''}${line}\n`));
      process.stderr.write(
        `${r.streams} legacy agendas upgraded: ${r.citas} appointments and ${r.bloqueos} blocks carried; not carried: ${r.pasadas} already ended, `
        + `${r.noVigentes} cancelled or completed, ${r.sinCita} without an appointment stream; recorded despite an overlap: ${r.conflictos} on a `
        + `psychologist's day, ${r.solapesPaciente} on a patient's day.\n`,
      );
    } finally {
      await store.close();
      await db.close();
    }
    process.exit(0);
  } catch (err) {
    process.stderr.write(err instanceof ConfigError ? `Configuration error: ${err.message}\n` : `agenda:upgrade failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(err instanceof ConfigError ? 2 : 1);
  }
}
