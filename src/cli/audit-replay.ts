// npm run -s audit:replay -- --paciente <idPaciente> [--as-of <YYYY-MM-DDTHH:MM:SS>]
// Prints, as JSON, the patient's clinical events, messages and appointment reasons up to the moment (as GET
// /api/admin/auditoria/pacientes/{id}/eventos?asOf= answers) and the clinical history as it stood
// then (as .../historial-clinico?asOf=), both rebuilt from the log through the sealing layer.
import { openEventStore } from '../eventstore/open.ts';
import { ConfigError, type Config } from '../platform/config.ts';
import { openServiceDatabase, serviceConfig } from './service-data.ts';
import { localDateTime } from '../platform/time.ts';
import { eventosClinicos, historialAsOf, pacienteEnLog, parseAsOf } from '../queries/auditoria.ts';
import { commandLine, isMainModule, parseCommandLine, UsageError } from './args.ts';

export { UsageError };

const USAGE = `Usage: npm run -s audit:replay -- --paciente <id> [--as-of <YYYY-MM-DDTHH:MM:SS>] > replay.json

Prints, as JSON on stdout, the patient's clinical events, messages and appointment reasons up to the
moment (the practice's local time; default now) and the clinical history as it stood then, rebuilt from
the event log. Every message goes to stderr. The replay is recorded as an access (rol CLI).
Use npm run -s (silent): without it npm prints its own banner on stdout before the JSON.

Options:
  --paciente ID   the patient's id (required)
  --as-of TIME    a local date-time, YYYY-MM-DDTHH:MM[:SS]
  --help          this text

Exit codes: 0 done, 1 failure, 2 usage or configuration error, 3 the patient is not in the log.
`;

const OPTIONS = { paciente: { type: 'string' }, 'as-of': { type: 'string' } } as const;

function check(values: { paciente?: string; 'as-of'?: string }): { idPaciente: number; asOf: string | null } {
  const id = values.paciente;
  if (id === undefined) throw new UsageError('--paciente is required');
  if (!/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647) throw new UsageError(`Not a patient id: ${id}`);
  const asOf = values['as-of'] ?? null;
  // The syntax is checked now, before anything is opened; the practice's zone applies in auditReplay.
  if (asOf !== null) {
    try {
      parseAsOf(asOf, 'UTC');
    } catch {
      throw new UsageError(`--as-of must be a local date-time (YYYY-MM-DDTHH:MM:SS): ${asOf}`);
    }
  }
  return { idPaciente: Number(id), asOf };
}

/** The command line as the command reads it; throws UsageError (tests call it). */
export function parseArgs(argv: string[]): { idPaciente: number; asOf: string | null } {
  const parsed = parseCommandLine(argv, OPTIONS);
  if (parsed.help) throw new UsageError('--help');
  return check(parsed.values);
}

/** The replay as JSON; null when the log does not know the patient. The replay itself is logged as an access. */
export async function auditReplay(config: Config, idPaciente: number, asOfText: string | null, now = new Date()) {
  const asOf = asOfText === null ? now : parseAsOf(asOfText, config.practiceTimezone);
  const db = await openServiceDatabase(config, 2);
  const { store } = await openEventStore(config, db.knex, db.url);
  try {
    if (!(await pacienteEnLog(store, idPaciente))) return null;
    const deps = { store, knex: db.knex, timezone: config.practiceTimezone, scanLog: config.eventStore !== 'postgres' };
    const result = {
      idPaciente,
      asOf: localDateTime(asOf, config.practiceTimezone),
      eventos: await eventosClinicos(deps, idPaciente, asOf),
      historialClinico: await historialAsOf(deps, idPaciente, asOf),
    };
    await db.knex('accesos_clinicos').insert({
      id_usuario: null, rol: 'CLI', id_paciente: idPaciente, recurso: 'AUDITORIA', metodo: 'CLI', ruta: 'audit:replay', accedido_en: now,
    });
    return result;
  } finally {
    await store.close();
    await db.close();
  }
}

if (isMainModule(import.meta.url)) {
  const { idPaciente, asOf } = commandLine(USAGE, OPTIONS, check);
  try {
    const result = await auditReplay(serviceConfig(), idPaciente, asOf);
    if (!result) {
      process.stderr.write(`Patient ${idPaciente} is not in the log.\n`);
      process.exit(3);
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    process.exit(0);
  } catch (err) {
    const usage = err instanceof ConfigError || (err as { status?: number }).status === 400;
    process.stderr.write(usage ? `${(err as Error).message}\n` : `Replay failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(usage ? 2 : 1);
  }
}
