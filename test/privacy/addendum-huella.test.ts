import { expect } from 'chai';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { canonicalJson } from '../../src/platform/audit/leaf.ts';
import { verificaHuellaAdenda } from '../../src/platform/audit/huella-adenda.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { runRetentionJob } from '../../src/reactors/retention.ts';
import { runAuditExport } from '../../src/cli/audit-export.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, newPaciente, type Paciente } from '../clinico/support.ts';
import { adendaHuellaV1, expectFirmaAdenda, newFirmante, PASSWORD, type Firmante } from '../clinico/firma-support.ts';
import { checkpointCovering, eventCount } from '../audit/support.ts';

// Issue 31, item 3: an addendum's huella sits in the clear beside its sealed texto. Unkeyed (version
// 1), a dictionary of candidate texts confirmed the text from an audit bundle, before and after the
// clinical key was shredded. Keyed by a per-addendum key sealed with the texto (version 2), the
// bundle confirms no guess; the psychologist and the administrator, who read the key, still check it.

const ADDENDA = new Set(['HistorialAdendaAgregada', 'SesionAdendaAgregada']);
/** The attacker's dictionary: every ICD-10 F code written the way a diagnosis line is (1,000 texts). */
const CANDIDATOS = Array.from({ length: 1000 }, (_, i) => `Diagnóstico: F${String(Math.floor(i / 10)).padStart(2, '0')}.${i % 10}`);
const NUEVO = 'Diagnóstico: F41.1';
const ANTIGUO = 'Diagnóstico: F32.2';

interface BundleEvent { streamId: string; type: string; data: Record<string, any>; metadata: Record<string, any> }

/**
 * The attack on a bundle: for each addendum, the candidate whose fingerprint matches its huella,
 * unkeyed or keyed with anything the event holds in the clear (its sealed key's bytes, the
 * referencia, its id). Returns the texts recovered, by stream.
 */
function recover(events: BundleEvent[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const e of events.filter((x) => ADDENDA.has(x.type))) {
    const { tipo, referencia, huella, claveHuella } = e.data;
    const keys = [claveHuella, referencia, e.metadata.eventId].filter(Boolean).map((k: string) => Buffer.from(k, 'base64'));
    for (const texto of CANDIDATOS) {
      const jcs = canonicalJson({ tipo, texto, referencia });
      const tries = [createHash('sha256').update(jcs).digest('base64'), ...keys.map((k) => createHmac('sha256', k).update(jcs).digest('base64'))];
      if (tries.includes(huella)) found.set(e.streamId, texto);
    }
  }
  return found;
}

describe('an addendum\'s huella confirms no guessed text from an audit bundle (issue 31)', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let admin: string;
  let psi: Firmante;
  let pac: Paciente;
  let nuevo: number;
  let antiguo: number;
  let huellaNuevo: string;
  const work = mkdtempSync(join(tmpdir(), 'practice-huella-'));

  const ok = async (method: string, path: string, token: string, body?: unknown) => {
    const r = await srv.request(method, path, { token, body });
    expect(r.status, `${method} ${path}: ${r.text}`).to.be.within(200, 299);
    return r.body;
  };
  const signedEntry = async () => {
    const { idHistory } = await ok('POST', '/api/psicologo/historial-clinico', psi.token, { idPaciente: pac.idPaciente, titulo: 'Evaluación', diagnostico: 'Pendiente' });
    return (await ok('POST', `/api/psicologo/historial-clinico/${idHistory}/firma`, psi.token, { password: PASSWORD })) as { idHistory: number; firma: { huella: string } };
  };
  /** The events of a fresh bundle, as audit:export writes them. */
  const bundle = async (name: string): Promise<BundleEvent[]> => {
    await checkpointCovering(srv, admin, await eventCount(srv));
    await runAuditExport(srv.config, join(work, name));
    const text = readFileSync(join(work, name, 'events.ndjson'), 'utf8');
    return text.trim().split('\n').map((l) => JSON.parse(l));
  };
  const entry = async (token: string, path: string, id: number) => ((await ok('GET', path, token)) as any[]).find((h) => h.idHistory === id);
  const asAdmin = (id: number) => entry(admin, `/api/admin/auditoria/pacientes/${pac.idPaciente}/historial-clinico`, id);
  const asPsicologo = (id: number) => entry(psi.token, `/api/psicologo/historial-clinico?idPaciente=${pac.idPaciente}`, id);
  const check = (a: any) => verificaHuellaAdenda({ ...a, huella: a.firma.huella, huellaVersion: a.firma.huellaVersion, claveHuella: a.firma.claveHuella });

  before(async function () {
    srv = await startTestServer();
    admin = await srv.adminToken();
    psi = await newFirmante(srv, admin, 'Laura');
    pac = await newPaciente(srv);
    await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);

    const a = await signedEntry();
    nuevo = a.idHistory;
    huellaNuevo = a.firma.huella;
    await ok('POST', `/api/psicologo/historial-clinico/${nuevo}/adendas`, psi.token, { tipo: 'CORRECCION', texto: NUEVO, password: PASSWORD });

    // An addendum as the service recorded them before the huella was keyed (version 1): appended as it was.
    const b = await signedEntry();
    antiguo = b.idHistory;
    const [last] = (await srv.deps.store.readStream(`historial-${antiguo}`)).slice(-1);
    const data = {
      idHistory: antiguo, idPaciente: pac.idPaciente, idPsicologo: psi.idPsicologo, tipo: 'ACLARACION', texto: ANTIGUO,
      firmadoEn: '2026-01-10T10:00:00', referencia: b.firma.huella, huella: adendaHuellaV1('ACLARACION', ANTIGUO, b.firma.huella),
    };
    const metadata = { eventId: randomUUID(), actor: { idUsuario: psi.idUsuario, rol: 'PSICOLOGO' }, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() };
    await srv.deps.store.append([{ streamId: `historial-${antiguo}`, expected: last.revision, events: [{ type: 'HistorialAdendaAgregada', data, metadata }] }]);
    await srv.deps.projections.waitFor(await srv.deps.store.head(), 10_000);
  });
  after(async () => {
    await srv?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('the bundle confirms no candidate for a new addendum (the dictionary does recover a version 1 one)', async () => {
    const events = await bundle('before');
    expect(JSON.stringify(events)).to.not.include('F41.1');
    const recovered = recover(events);
    expect(recovered.get(`historial-${nuevo}`), 'the text recovered from the new addendum\'s huella').to.equal(undefined);
    // The same dictionary, on an addendum recorded before the fix: what old records keep.
    expect(recovered.get(`historial-${antiguo}`)).to.equal(ANTIGUO);
    const stored = events.find((e) => e.streamId === `historial-${nuevo}` && ADDENDA.has(e.type))!;
    expect(stored.data).to.include({ huellaVersion: 2, referencia: huellaNuevo });
    expect(stored.metadata.sealing.fields).to.deep.equal({ texto: 'clinical', claveHuella: 'clinical' });
  });

  it('the psychologist and the administrator check the huella from what they read, old addenda included', async () => {
    for (const read of [asPsicologo, asAdmin]) {
      const [a] = (await read(nuevo)).adendas;
      expect(a).to.include({ tipo: 'CORRECCION', texto: NUEVO, referencia: huellaNuevo });
      expectFirmaAdenda(a.firma, psi, { tipo: 'CORRECCION', texto: NUEVO, referencia: huellaNuevo });
      expect(check(a)).to.equal(true);
      expect(check({ ...a, texto: 'Diagnóstico: F41.0' }), 'a changed text does not verify').to.equal(false);
      const [old] = (await read(antiguo)).adendas;
      expect(old).to.include({ texto: ANTIGUO });
      expect(old.firma).to.include({ huellaVersion: 1, claveHuella: null });
      expect(check(old)).to.equal(true);
    }
    // The administrator's event replay shows the key opened, as it shows the texto.
    const eventos = await ok('GET', `/api/admin/auditoria/pacientes/${pac.idPaciente}/eventos`, admin) as any[];
    const e = eventos.find((x) => x.stream === `historial-${nuevo}` && x.type === 'HistorialAdendaAgregada');
    expect(e.data).to.include({ texto: NUEVO, huellaVersion: 2 });
    expect(e.data.claveHuella).to.equal((await asAdmin(nuevo)).adendas[0].firma.claveHuella);
  });

  it('after erasure and the clinical key\'s destruction, the bundle still confirms nothing, and nobody can check it any more', async () => {
    expect((await srv.request('DELETE', `/api/pacientes/${pac.idPaciente}`, { token: admin })).status).to.equal(204);
    await srv.deps.projections.waitFor(await srv.deps.store.head(), 10_000);
    const far = DateTime.now().plus({ years: srv.config.clinicalRetentionYears + 50 }).toJSDate();
    expect(await runRetentionJob({ knex: srv.deps.knex, store: srv.deps.store, clock: new ManualClock(far), retentionYears: srv.config.clinicalRetentionYears })).to.equal(1);
    const head = await srv.deps.store.head();
    expect(await srv.reactors.waitFor(head, 20_000), 'reactors caught up').to.equal(true);
    expect(await srv.deps.projections.waitFor(head, 20_000), 'projections caught up').to.equal(true);
    const recovered = recover(await bundle('after'));
    expect(recovered.get(`historial-${nuevo}`), 'the text recovered from the shredded addendum\'s huella').to.equal(undefined);
    expect(recovered.get(`historial-${antiguo}`)).to.equal(ANTIGUO); // what old records keep, as docs/privacy.md says

    const [, , shredded] = await srv.deps.store.readStream(`historial-${nuevo}`);
    expect(shredded.data).to.include({ texto: null, claveHuella: null, huellaVersion: 2 });
    expect(shredded.erased).to.have.members(['texto', 'claveHuella']);
    // The read model dropped the key with the texto (at the erasure already).
    const row = await srv.deps.knex('adendas_clinicas').where({ registro: 'HISTORIAL', id_registro: nuevo }).first();
    expect(row).to.include({ texto: null, clave_huella: null, huella_version: 2 });
    const [a] = (await asAdmin(nuevo)).adendas;
    expect(a).to.include({ texto: null });
    expect(a.firma).to.include({ claveHuella: null, huellaVersion: 2, huella: row.huella });
    expect(check(a)).to.equal(null);
  });
});
