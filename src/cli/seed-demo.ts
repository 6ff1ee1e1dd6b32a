// npm run seed:demo — a small, realistic demo practice, created through the public API (the same
// commands as any client): an admin, two psychologists, five patients with addresses, settings,
// appointments, diary entries and progress, and billing (services, invoices, payments, a pack).
// Runs an in-process server on the configured database (the running embedded one if any).
import { DateTime } from 'luxon';
import { loadConfig } from '../platform/config.ts';
import { openDatabase, runningEmbeddedUrl } from '../platform/database.ts';
import { createLogger } from '../platform/logger.ts';
import { signToken } from '../platform/security.ts';
import { commandLine } from './args.ts';
import { startProgress } from './progress.ts';
import { seedBilling } from './seed-demo-billing.ts';

type Call = (method: string, path: string, body?: unknown, token?: string) => Promise<{ status: number; body: any }>;

const PSICOLOGOS = [
  { nombre: 'Lucía', apellido: 'Martín Ortega', especialidad: 'Psicología clínica', experiencia: 12, descripcion: 'Terapia cognitivo-conductual para ansiedad y depresión.', licencia: 'M-28123' },
  { nombre: 'Javier', apellido: 'Sanz Robles', especialidad: 'Terapia de pareja y familia', experiencia: 8, descripcion: 'Enfoque sistémico; terapia de pareja.', licencia: 'M-28456' },
];
const PACIENTES = [
  ['Marta', 'Gil Navarro', '1988-03-14', 'Calle de Alcalá 120', '28009'],
  ['Pablo', 'Romero Díaz', '1995-11-02', 'Calle Mayor 5', '28013'],
  ['Elena', 'Vidal Campos', '1979-07-23', 'Paseo de la Castellana 200', '28046'],
  ['Sergio', 'Moreno Gallego', '2001-01-30', 'Calle de Toledo 44', '28005'],
  ['Nuria', 'Castro Herrero', '1990-09-18', 'Calle de Serrano 90', '28006'],
] as const;

/** Steps of the progress report: each psychologist, then each patient with everything of theirs, then billing. */
const STEPS = PSICOLOGOS.length + PACIENTES.length + 1;

async function seed(call: Call, admin: string, tz: string, step: () => void = () => {}): Promise<string[]> {
  const log: string[] = [];
  const psicologos: { id: number; token: string }[] = [];
  const pacientes: { idPaciente: number }[] = [];
  for (const [i, p] of PSICOLOGOS.entries()) {
    const r = await call('POST', '/auth/register-psicologo', { ...p, email: `demo.psicologo${i + 1}@consulta.example`, password: 'Demo12345' }, admin);
    if (r.status === 409) throw new Error('the demo practice is already there (demo e-mails are taken)');
    if (r.status !== 200) throw new Error(`register-psicologo: ${r.status} ${JSON.stringify(r.body)}`);
    psicologos.push({ id: r.body.idPsicologo, token: r.body.token });
    step();
  }
  log.push(`2 psychologists: demo.psicologo1@consulta.example, demo.psicologo2@consulta.example (password Demo12345)`);
  const start = DateTime.now().setZone(tz).plus({ days: 2 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
  for (const [i, [nombre, apellido, fechaNacimiento, calle, codigoPostal]] of PACIENTES.entries()) {
    const r = await call('POST', '/auth/register-paciente', {
      usuario: { nombre, apellido, email: `demo.paciente${i + 1}@consulta.example`, password: 'Demo12345', dni: null },
      fechaNacimiento, genero: i % 2 ? 'M' : 'F', telefono: `+34 600 000 00${i}`,
      direccion: [{ calle, ciudad: 'Madrid', provincia: 'Madrid', codigoPostal, pais: 'España' }],
      metodoPago: i % 2 ? 'PRESENCIAL' : 'ONLINE', aceptaTerminos: true, aceptaVideoconferencia: true, aceptaComunicacion: true,
    });
    if (r.status !== 200) throw new Error(`register-paciente: ${r.status} ${JSON.stringify(r.body)}`);
    pacientes.push({ idPaciente: r.body.idPaciente });
    const psicologo = psicologos[i % 2];
    await call('POST', '/api/admin/psicologos/asignar-psicologo', { idPaciente: r.body.idPaciente, idPsicologo: psicologo.id }, admin);
    const when = start.plus({ days: i, hours: i % 3 }).toFormat("yyyy-LL-dd'T'HH:mm:ss");
    const cita = await call('POST', '/api/citas', { idPsicologo: psicologo.id, startDatetime: when, durationMinutes: 50, motivo: 'Seguimiento' }, r.body.token);
    if (cita.status === 201 && i % 2 === 0) await call('PUT', `/api/psicologo/citas/${cita.body.idCita}`, { estado: 'CONFIRMADA' }, psicologo.token);
    for (const [emocion, intensidad] of [['Ansiedad', 7 - i], ['Calma', 4 + i]] as const) {
      await call('POST', '/api/diario-emocional', { emocion, intensidad, nota: 'Entrada de demostración' }, r.body.token);
    }
    await call('POST', '/api/progreso-emocional', {
      fecha: DateTime.now().setZone(tz).toISODate(), nivelEstres: 6 - i, nivelAnsiedad: 5, nivelAnimo: 4 + i,
    }, r.body.token);
    step();
  }
  log.push('5 patients: demo.paciente1..5@consulta.example (password Demo12345), with appointments, diary entries and progress');
  log.push(...await seedBilling(call, admin, tz, psicologos, pacientes));
  step();
  return log;
}

async function main(): Promise<void> {
  const loaded = loadConfig();
  // The seeding server is private to this command and writes a whole practice in seconds as one admin.
  const limits = { ...loaded.limits, writesPerMinute: 0, authRatePerMinute: 0, registrationsPerHour: 0, loginMaxFailures: 0 };
  const config = { ...loaded, port: 0, host: '127.0.0.1', logLevel: 'warn', limits };
  const url = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
  const db = url ? null : await openDatabase({ databaseUrl: null, dataDir: config.dataDir });
  // Its log goes to stderr: stdout is the list of demo accounts.
  const logger = createLogger(config.logLevel, { destination: 'stderr' });
  // Loaded here, not at the top: --help and a wrong argument answer at once, without the whole server.
  const { startServer } = await import('../server.ts');
  const running = await startServer({ config: { ...config, databaseUrl: url ?? db!.url }, database: db ?? undefined, logger });
  try {
    const row = await running.deps.knex('usuarios').where({ rol: 'ADMIN', activo: true }).orderBy('id_usuario').first('email', 'id_usuario');
    const admin = signToken(config.jwtSecret, { email: row.email, idUsuario: row.id_usuario, rol: 'ADMIN' }, new Date(), 600_000);
    const call: Call = async (method, path, body, token) => {
      const res = await fetch(`${running.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      const parsed = text ? JSON.parse(text) : undefined;
      // 409 is left to the caller (an already seeded practice); anything else must succeed.
      if (res.status >= 400 && res.status !== 409) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return { status: res.status, body: parsed };
    };
    const progress = startProgress('Seeding', STEPS, { unit: 'steps' });
    try {
      const lines = await seed(call, admin, config.practiceTimezone, () => progress.increment());
      progress.stop(true);
      for (const line of lines) process.stdout.write(`${line}\n`);
    } finally {
      progress.stop(false); // a no-op after a finished seed
    }
  } finally {
    await running.close();
    await db?.close();
  }
}

const USAGE = `Usage: npm run seed:demo

Creates a small demo practice through the public API on the configured database (the running embedded
one if any): two psychologists and five patients with addresses, settings, appointments, diary entries
and progress, and billing: the practice's issuer data, services, invoices, payments and a pack. Prints the demo accounts on stdout; progress goes to stderr (a bar on a terminal,
otherwise a line per 10%). Refuses to run twice (the demo e-mails are taken).

Options:
  --help   this text
`;

commandLine(USAGE, {});
main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`Seeding failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
