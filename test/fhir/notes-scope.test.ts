import { expect } from 'chai';
import { systemClock } from '../../src/platform/clock.ts';
import { signClientToken } from '../../src/http/fhir/smart/access-token.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { practice } from '../clinico/support.ts';
import { ASYNC, exportNow, linesByType } from './bulk-support.ts';
import { oauthError, SmartClients } from './bulk-attack-support.ts';

// Issue 31 item 1: a client registered with `system/*.read` asked the token endpoint for
// `system/DocumentReference.read`, was granted it (the registered `*` met the asked type), and
// then read every psychotherapy note by search and by `$export?_type=DocumentReference`. A
// wildcard never grants notes, whatever is asked; only a registration naming DocumentReference does.

const NOTAS = 'Notas reservadas de la sesión';

describe('FHIR session notes never reach a client registered with a wildcard scope', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let smart: SmartClients;
  let idSesion: number;
  const get = (path: string, token: string, headers: Record<string, string> = {}) => srv.request('GET', `/fhir/R4/${path}`, { token, headers });
  /** Every DocumentReference a token can reach: by search, and by a system export of that type. */
  const notesReached = async (token: string) => {
    const search = await get('DocumentReference', token);
    expect(search.status, search.text).to.equal(200);
    const byType = await linesByType(srv, await exportNow(srv, '$export?_type=DocumentReference', token, ASYNC), token);
    return { search: (search.body.entry ?? []).map((e: any) => e.resource.id), exported: (byType.get('DocumentReference') ?? []).map((d) => d.id), text: search.text };
  };

  before(async () => {
    srv = await startTestServer({ env: { BULK_EXPORT_RETRY_AFTER_SECONDS: '1' } });
    const admin = await srv.adminToken();
    smart = new SmartClients(srv, systemClock, admin);
    const { psicologo, paciente } = await practice(srv, admin);
    const cita = await srv.request('POST', '/api/citas', { token: paciente.token, body: { idPsicologo: psicologo.idPsicologo, startDatetime: '2027-03-01T10:00:00', durationMinutes: 50, motivo: null } });
    expect(cita.status, cita.text).to.equal(201);
    const s = await srv.request('POST', '/api/psicologo/sesiones', { token: psicologo.token, body: { idCita: cita.body.idCita, idPaciente: paciente.idPaciente, sessionDate: '2027-03-01T10:00:00', durationMinutes: 50, notas: NOTAS, recomendaciones: null } });
    expect(s.status, s.text).to.equal(201);
    idSesion = s.body.idSesion;
  });
  after(async () => srv?.stop());

  it('refuses DocumentReference to a system/*.read client at the token endpoint, however it is asked', async () => {
    const c = await smart.register(['system/*.read']);
    for (const scope of ['system/DocumentReference.read', 'system/DocumentReference.rs', 'system/DocumentReference.read system/DocumentReference.rs']) {
      oauthError(await smart.tokenFor(smart.assertion(c.clientId), scope), 400, 'invalid_scope', /DocumentReference.*never by system\/\*/);
    }
    for (const scope of ['system/*.read system/DocumentReference.read', 'system/DocumentReference.read system/Patient.read']) {
      const r = await smart.tokenFor(smart.assertion(c.clientId), scope);
      expect(r.status, r.text).to.equal(200);
      expect(r.body.scope, scope).to.not.include('DocumentReference');
    }
    const rs = await smart.register(['system/*.rs']);
    oauthError(await smart.tokenFor(smart.assertion(rs.clientId), 'system/DocumentReference.rs'), 400, 'invalid_scope');
  });

  it('hands no note, by search or by $export, to a wildcard client that asked for DocumentReference', async () => {
    const c = await smart.register(['system/*.read']);
    // The attack: DocumentReference asked beside a type the client may have.
    const r = await smart.tokenFor(smart.assertion(c.clientId), 'system/DocumentReference.read system/Patient.read');
    expect(r.status, r.text).to.equal(200);
    expect(r.body.scope).to.equal('system/Patient.read');
    const token = r.body.access_token;
    expect((await get('DocumentReference', token)).status).to.equal(403);
    expect((await get(`DocumentReference/${idSesion}`, token)).status).to.equal(403);
    expect((await get('$export?_type=DocumentReference', token, ASYNC)).status).to.equal(403);
    // With * as well: every type, the notes' searches and exports empty.
    const reached = await notesReached(await smart.token(c.clientId, 'system/*.read system/DocumentReference.read'));
    expect(reached.search).to.deep.equal([]);
    expect(reached.exported).to.deep.equal([]);
    expect(reached.text).to.not.include(NOTAS);
  });

  it('narrows a token issued before the rule to the registration: a wildcard client\'s DocumentReference token reads nothing', async () => {
    const c = await smart.register(['system/*.read']);
    const row = await srv.deps.knex('fhir_clientes').where({ client_id: c.clientId }).first('id_cliente');
    const old = signClientToken(srv.config.jwtSecret, { sub: c.clientId, cid: row.id_cliente, scope: 'system/DocumentReference.read' }, new Date());
    expect((await get('DocumentReference', old)).status).to.equal(403);
    expect((await get(`DocumentReference/${idSesion}`, old)).status).to.equal(403);
    expect((await get('$export?_type=DocumentReference', old, ASYNC)).status).to.equal(403);
  });

  it('gives notes to a client whose registration names DocumentReference, beside * or alone', async () => {
    const both = await smart.register(['system/*.read', 'system/DocumentReference.read']);
    const r = await smart.tokenFor(smart.assertion(both.clientId), 'system/*.read system/DocumentReference.read');
    expect(r.status, r.text).to.equal(200);
    expect(r.body.scope).to.equal('system/*.read system/DocumentReference.read');
    expect(await notesReached(r.body.access_token)).to.deep.include({ search: [String(idSesion)], exported: [String(idSesion)] });
    // Asking for * gets what the registration names, the notes said out loud in the granted scope.
    const star = await smart.tokenFor(smart.assertion(both.clientId), 'system/*.read');
    expect(star.body.scope).to.equal('system/*.read system/DocumentReference.read');
    const solo = await smart.register(['system/DocumentReference.read']);
    expect((await notesReached(await smart.token(solo.clientId, 'system/*.read'))).exported).to.deep.equal([String(idSesion)]);
  });
});
