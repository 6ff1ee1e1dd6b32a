import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { loadConfig } from '../../src/platform/config.ts';
import { allProjections } from '../../src/projections/index.ts';
import { resetProjections } from '../../src/projections/runner.ts';
import { RecordingPush } from '../../src/reactors/push/push.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { createTestDatabase, type TestDatabase, PROJECTION_OPTIONS } from '../support/db.ts';
import { pacienteBody, psicologoBody } from '../http/helpers.ts';

// Distinctive health content: none of it may reach a log line, at any level.
const SECRETS = {
  titulo: 'Zafiro-titulo-7731', diagnostico: 'Diagnostico-Kq88', tratamiento: 'Tratamiento-Vb21', observaciones: 'Observacion-Lm04',
  corregido: 'Corregido-Hn62', emocion: 'Emocion-Pz93', nota: 'Nota-Wy55', rechazada: 'Rechazada-Tx19',
};

describe('health content never reaches the logs', function () {
  this.timeout(120_000);
  let db: TestDatabase;
  let running: RunningServer;
  let dataDir: string;
  const captured: string[] = [];
  const request = async (method: string, path: string, token?: string, body?: unknown) => {
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${running.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };

  before(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'practice-test-logs-'));
    const config = loadConfig({
      NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: db.url, ADMIN_EMAIL: 'admin@logs.local',
      ADMIN_PASSWORD: 'Admin12345', BCRYPT_COST: '4', PRACTICE_TIMEZONE: 'Europe/Madrid', LOG_LEVEL: 'trace',
    });
    const stream = new Writable({ write(chunk, _enc, done) { captured.push(String(chunk)); done(); } });
    running = await startServer({ config, database: db, push: new RecordingPush(), logger: pino({ level: 'trace' }, stream) });
  });
  after(async () => {
    await running?.close();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes, corrects, deletes, reads, audits and rebuilds without logging a title, diagnosis, note or emotion', async () => {
    const admin = (await request('POST', '/auth/login', undefined, { email: 'admin@logs.local', password: 'Admin12345' })).body.token;
    const pac = (await request('POST', '/auth/register-paciente', undefined, pacienteBody())).body;
    const psi = (await request('POST', '/auth/register-psicologo', admin, psicologoBody())).body;
    expect((await request('POST', '/api/admin/psicologos/asignar-psicologo', admin, { idPaciente: pac.idPaciente, idPsicologo: psi.idPsicologo })).status).to.equal(200);
    const { titulo, diagnostico, tratamiento, observaciones } = SECRETS;
    const h = await request('POST', '/api/psicologo/historial-clinico', psi.token, { titulo, diagnostico, tratamiento, observaciones, idPaciente: pac.idPaciente });
    expect(h.status).to.equal(201);
    expect((await request('PUT', `/api/psicologo/historial-clinico/${h.body.idHistory}`, psi.token, { titulo: SECRETS.corregido })).status).to.equal(200);
    const own = await request('POST', '/api/historial-clinico', pac.token, { titulo, diagnostico });
    expect((await request('DELETE', `/api/historial-clinico/${own.body.idHistory}`, pac.token)).status).to.equal(204);
    expect((await request('POST', '/api/diario-emocional', pac.token, { emocion: SECRETS.emocion, intensidad: 9, nota: SECRETS.nota })).status).to.equal(201);
    expect((await request('POST', '/api/progreso-emocional', pac.token, { fecha: '2024-05-06', nivelEstres: 9, nivelAnsiedad: 8, nivelAnimo: 1 })).status).to.equal(201);
    // Refused requests carrying health content, in the body and in the query string.
    expect((await request('POST', '/api/diario-emocional', pac.token, { emocion: SECRETS.rechazada, intensidad: 11, nota: SECRETS.rechazada })).status).to.equal(400);
    expect((await request('POST', '/api/historial-clinico', pac.token, { titulo: SECRETS.rechazada, [SECRETS.rechazada]: 1 })).status).to.equal(400);
    expect((await request('GET', `/api/psicologo/diario-emocional?idPaciente=${pac.idPaciente}&nota=${SECRETS.rechazada}`, psi.token)).status).to.equal(400);
    for (const path of [
      `/api/psicologo/historial-clinico?idPaciente=${pac.idPaciente}`, `/api/psicologo/diario-emocional?idPaciente=${pac.idPaciente}`,
      '/api/admin/historial-clinico', '/api/admin/diario-emocional', `/api/admin/auditoria/pacientes/${pac.idPaciente}/eventos`,
      `/api/admin/auditoria/pacientes/${pac.idPaciente}/historial-clinico`,
    ]) {
      expect((await request('GET', path, path.startsWith('/api/admin') ? admin : psi.token)).status, path).to.equal(200);
    }
    await resetProjections(db.knex, allProjections(PROJECTION_OPTIONS));
    expect(await running.deps.projections.waitFor(await running.deps.store.head(), 30_000)).to.equal(true);
    expect((await request('GET', '/api/diario-emocional', pac.token)).body[0].nota).to.equal(SECRETS.nota);

    const log = captured.join('');
    expect(log, 'the capture works').to.include('"path":"/api/psicologo/historial-clinico"');
    for (const [field, value] of Object.entries(SECRETS)) expect(log.includes(value), `${field} in the log`).to.equal(false);
  });
});
