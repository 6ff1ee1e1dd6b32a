// npm run audit:replay -- --paciente <idPaciente> [--as-of <YYYY-MM-DDTHH:MM:SS>]
// Prints, as JSON, the patient's clinical events, messages and appointment reasons up to the moment (as GET
// /api/admin/auditoria/pacientes/{id}/eventos?asOf= answers) and the clinical history as it stood
// then (as .../historial-clinico?asOf=), both rebuilt from the log through the sealing layer.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openEventStore } from '../eventstore/open.ts';
import { ConfigError, loadConfig, type Config } from '../platform/config.ts';
import { openDatabase, runningEmbeddedUrl } from '../platform/database.ts';
import { localDateTime } from '../platform/time.ts';
import { eventosClinicos, historialAsOf, pacienteEnLog, parseAsOf } from '../queries/auditoria.ts';

export class UsageError extends Error {}

export function parseArgs(argv: string[]): { idPaciente: number; asOf: string | null } {
  let idPaciente: number | null = null;
  let asOf: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--paciente' && value && /^\d{1,10}$/.test(value) && Number(value) <= 2_147_483_647) idPaciente = Number(value);
    else if (flag === '--as-of' && value) asOf = value;
    else throw new UsageError(`Unexpected argument: ${flag}`);
    i++;
  }
  if (idPaciente === null) throw new UsageError('Usage: audit-replay --paciente <id> [--as-of <YYYY-MM-DDTHH:MM:SS>]');
  return { idPaciente, asOf };
}

/** The replay as JSON; null when the log does not know the patient. The replay itself is logged as an access. */
export async function auditReplay(config: Config, idPaciente: number, asOfText: string | null, now = new Date()) {
  const asOf = asOfText === null ? now : parseAsOf(asOfText, config.practiceTimezone);
  const db = await openDatabase({ databaseUrl: config.databaseUrl ?? runningEmbeddedUrl(config.dataDir), dataDir: config.dataDir, poolMax: 2 });
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

const isMain = Boolean(process.argv[1]) && import.meta.url === pathToFileURL(resolve(process.argv[1]!)).href;
if (isMain) {
  try {
    const { idPaciente, asOf } = parseArgs(process.argv.slice(2));
    const result = await auditReplay(loadConfig(), idPaciente, asOf);
    if (!result) {
      process.stderr.write(`Patient ${idPaciente} is not in the log.\n`);
      process.exit(3);
    }
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    process.exit(0);
  } catch (err) {
    const usage = err instanceof UsageError || err instanceof ConfigError || (err as { status?: number }).status === 400;
    process.stderr.write(usage ? `${(err as Error).message}\n` : `Replay failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(usage ? 2 : 1);
  }
}
