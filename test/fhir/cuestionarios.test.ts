import { expect } from 'chai';
import { startTestServer, type TestServer } from '../support/server.ts';
import { asignar, newPaciente, newPsicologo, type Persona } from '../notifications/support.ts';
import { asignarInstrumento, responder, todas } from '../care/medidas-support.ts';
import { badRequest, ids, notFound, read, searchAll } from './clinical-support.ts';
import { exportNow, linesByType, type Manifest } from './bulk-support.ts';
import { smartClient } from './attack-support.ts';

// The outcome measures as FHIR R4 (issue 34): Questionnaire per instrument (from its data file),
// QuestionnaireResponse per submission, Observation per total score; every resource read,
// searched or exported passes both validators (clinical-support.ts, bulk-support.ts).
describe('FHIR outcome measures: Questionnaire, QuestionnaireResponse, score Observation', function () {
  this.timeout(180_000);
  let srv: TestServer;
  let admin: string;
  let psiA: Persona;
  let psiB: Persona;
  let p1: Persona;
  let p2: Persona;
  const r: Record<string, { idRespuesta: number; fecha: string }> = {};

  async function answer(p: Persona, instrumento: string, respuestas: Record<string, number>) {
    const res = await responder(srv, p, instrumento, respuestas);
    expect(res.status, res.text).to.equal(201);
    return res.body as { idRespuesta: number; fecha: string };
  }

  before(async () => {
    srv = await startTestServer({ env: { BULK_EXPORT_RETRY_AFTER_SECONDS: '1' } });
    admin = await srv.adminToken();
    [psiA, psiB] = [await newPsicologo(srv, admin, 'Laura'), await newPsicologo(srv, admin, 'Marta')];
    [p1, p2] = [await newPaciente(srv, 'Ana'), await newPaciente(srv, 'Bea')];
    await asignar(srv, admin, p1.idPaciente, psiA.idPsicologo);
    await asignar(srv, admin, p2.idPaciente, psiB.idPsicologo);
    await asignarInstrumento(srv, psiA, p1.idPaciente, 'PHQ-9');
    await asignarInstrumento(srv, psiA, p1.idPaciente, 'GAD-7');
    await asignarInstrumento(srv, psiB, p2.idPaciente, 'PHQ-9');
    r.p1phq = await answer(p1, 'PHQ-9', { ...todas(9, 1), 1: 0 }); // 8: mild; item 9 at 1: a safety alert
    r.p1gad = await answer(p1, 'GAD-7', todas(7, 2)); // 14: moderate
    r.p2phq = await answer(p2, 'PHQ-9', todas(9, 3)); // 27: severe
  });
  after(async () => srv?.stop());

  describe('Questionnaire', () => {
    it('serves each instrument from its data file: canonical URL, LOINC panel, items and answers, Spanish with English translations', async () => {
      const q = await read(srv, p1.token, 'Questionnaire/phq-9');
      expect(q).to.include({ resourceType: 'Questionnaire', id: 'phq-9', status: 'active', language: 'es', url: 'https://practice.example/fhir/Questionnaire/phq-9' });
      expect(q.code).to.deep.equal([{ system: 'http://loinc.org', code: '44249-1', display: 'Patient Health Questionnaire (PHQ-9)' }]);
      expect(q.item.map((i: any) => i.code[0].code)).to.deep.equal(['44250-9', '44255-8', '44259-0', '44254-1', '44251-7', '44258-2', '44252-5', '44253-3', '44260-8']);
      expect(q.item.map((i: any) => i.linkId)).to.deep.equal(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
      const first = q.item[0];
      expect(first).to.include({ type: 'choice', required: true, text: 'Poco interés o placer en hacer cosas' });
      expect(first._text.extension[0].extension).to.deep.include({ url: 'content', valueString: 'Little interest or pleasure in doing things' });
      expect(first.answerOption.map((o: any) => [o.valueCoding.system, o.valueCoding.code, o.extension[0].valueDecimal]))
        .to.deep.equal([['http://loinc.org', 'LA6568-5', 0], ['http://loinc.org', 'LA6569-3', 1], ['http://loinc.org', 'LA6570-1', 2], ['http://loinc.org', 'LA6571-9', 3]]);
      expect(q.copyright).to.include('https://www.phqscreeners.com/');
      // Not in the log: the version is a hash of the file, lastUpdated the date the file says it changed.
      expect(q.meta.versionId).to.match(/^[0-9a-f]{16}$/);
      expect([q.date, q.meta.lastUpdated]).to.deep.equal(['2026-12-05', '2026-12-05T00:00:00.000Z']);
      const g = await read(srv, psiA.token, 'Questionnaire/gad-7');
      expect(g.code[0].code).to.equal('69737-5');
      expect(g.item).to.have.length(7);
    });

    it('searches by code, url, _id and _lastUpdated (the data file\'s date)', async () => {
      expect(await ids(srv, p2.token, 'Questionnaire')).to.deep.equal(['gad-7', 'phq-9']);
      expect(await ids(srv, admin, 'Questionnaire?code=http://loinc.org|69737-5')).to.deep.equal(['gad-7']);
      expect(await ids(srv, admin, 'Questionnaire?code=44249-1,69737-5')).to.deep.equal(['gad-7', 'phq-9']);
      expect(await ids(srv, admin, 'Questionnaire?code=http://snomed.info/sct|44249-1')).to.deep.equal([]);
      expect(await ids(srv, admin, `Questionnaire?url=${encodeURIComponent('https://practice.example/fhir/Questionnaire/phq-9')}`)).to.deep.equal(['phq-9']);
      expect(await ids(srv, admin, 'Questionnaire?_id=phq-9')).to.deep.equal(['phq-9']);
      expect(await ids(srv, admin, 'Questionnaire?_count=1')).to.deep.equal(['gad-7', 'phq-9']);
      expect(await ids(srv, admin, 'Questionnaire?_lastUpdated=ge2000-01-01')).to.deep.equal(['gad-7', 'phq-9']);
      expect(await ids(srv, admin, 'Questionnaire?_lastUpdated=2026-12-05&_id=phq-9')).to.deep.equal(['phq-9']);
      expect(await ids(srv, admin, 'Questionnaire?_lastUpdated=gt2026-12-05')).to.deep.equal([]);
      await badRequest(srv, admin, 'Questionnaire?_lastUpdated=ayer');
      await badRequest(srv, admin, 'Questionnaire?status=active');
      await notFound(srv, admin, 'Questionnaire/who-5');
    });
  });

  describe('QuestionnaireResponse', () => {
    it('maps a submission: the questionnaire canonical, subject, authored with offset, each answer as the LOINC coding', async () => {
      const qr = await read(srv, p1.token, `QuestionnaireResponse/${r.p1phq.idRespuesta}`);
      const q = await read(srv, p1.token, 'Questionnaire/phq-9');
      expect(qr).to.include({ resourceType: 'QuestionnaireResponse', id: String(r.p1phq.idRespuesta), status: 'completed', questionnaire: q.url });
      expect(qr.subject).to.deep.equal({ reference: `Patient/${p1.idPaciente}` });
      expect(qr.author).to.deep.equal({ reference: `Patient/${p1.idPaciente}` });
      expect(qr.authored).to.match(new RegExp(`^${r.p1phq.fecha}[+-]\\d{2}:\\d{2}$`));
      expect(qr.item.map((i: any) => i.linkId)).to.deep.equal(q.item.map((i: any) => i.linkId));
      expect(qr.item.map((i: any) => i.answer[0].valueCoding.code)).to.deep.equal(['LA6568-5', ...Array(8).fill('LA6569-3')]);
      expect(qr.item[8].answer[0].valueCoding).to.deep.equal({ system: 'http://loinc.org', code: 'LA6569-3', display: 'Varios días' });
      expect(qr.meta.versionId).to.equal('0');
      expect(Date.parse(qr.meta.lastUpdated)).to.be.closeTo(Date.now(), 120_000);
    });

    it('searches by patient, subject, questionnaire, authored, _id and _lastUpdated', async () => {
      const [a, b, c] = [r.p1phq, r.p1gad, r.p2phq].map((x) => String(x.idRespuesta));
      expect(await ids(srv, admin, 'QuestionnaireResponse')).to.deep.equal([a, b, c]);
      expect(await ids(srv, admin, `QuestionnaireResponse?patient=Patient/${p1.idPaciente}`)).to.deep.equal([a, b]);
      expect(await ids(srv, admin, `QuestionnaireResponse?subject=${p2.idPaciente}`)).to.deep.equal([c]);
      expect(await ids(srv, admin, 'QuestionnaireResponse?questionnaire=Questionnaire/phq-9')).to.deep.equal([a, c]);
      expect(await ids(srv, admin, `QuestionnaireResponse?questionnaire=${encodeURIComponent('https://practice.example/fhir/Questionnaire/gad-7')}`)).to.deep.equal([b]);
      expect(await ids(srv, admin, 'QuestionnaireResponse?questionnaire=Questionnaire/who-5')).to.deep.equal([]);
      expect(await ids(srv, admin, `QuestionnaireResponse?authored=${r.p1phq.fecha.slice(0, 10)}`)).to.include(a);
      expect(await ids(srv, admin, 'QuestionnaireResponse?authored=lt2000')).to.deep.equal([]);
      expect(await ids(srv, admin, `QuestionnaireResponse?_id=${b},${c}&_lastUpdated=ge2020-01-01`)).to.deep.equal([b, c]);
      expect((await searchAll(srv, admin, 'QuestionnaireResponse?_count=1')).map((x) => x.id)).to.deep.equal([a, b, c]);
      await badRequest(srv, admin, 'QuestionnaireResponse?patient=Practitioner/1');
      await badRequest(srv, admin, 'QuestionnaireResponse?authored=ayer');
      await badRequest(srv, admin, 'QuestionnaireResponse?status=completed');
    });

    it('shows a patient their own, a psychologist their assigned patients\', an admin all (out of scope is not found)', async () => {
      const [a, b, c] = [r.p1phq, r.p1gad, r.p2phq].map((x) => String(x.idRespuesta));
      expect(await ids(srv, p1.token, 'QuestionnaireResponse')).to.deep.equal([a, b]);
      expect(await ids(srv, psiA.token, 'QuestionnaireResponse')).to.deep.equal([a, b]);
      expect(await ids(srv, psiB.token, 'QuestionnaireResponse')).to.deep.equal([c]);
      await notFound(srv, p1.token, `QuestionnaireResponse/${c}`);
      await notFound(srv, psiA.token, `QuestionnaireResponse/${c}`);
      await notFound(srv, admin, 'QuestionnaireResponse/999999');
      await notFound(srv, admin, 'QuestionnaireResponse/abc');
    });
  });

  describe('Observation of a total score', () => {
    it('is LOINC-coded with its value, the band as interpretation and range, derived from the response', async () => {
      const o = await read(srv, psiA.token, `Observation/puntuacion-${r.p1phq.idRespuesta}`);
      expect(o).to.include({ resourceType: 'Observation', status: 'final', valueInteger: 8 });
      expect(o.code.coding).to.deep.equal([{ system: 'http://loinc.org', code: '44261-6', display: 'Patient Health Questionnaire (PHQ-9): total score' }]);
      expect(o.category[0].coding[0]).to.include({ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'survey' });
      expect(o.interpretation).to.deep.equal([{ coding: [{ system: 'https://practice.example/fhir/CodeSystem/cuestionario/phq-9/banda', code: 'LEVE', display: 'Mild' }], text: 'Leve' }]);
      expect(o.referenceRange).to.deep.equal([{ low: { value: 5 }, high: { value: 9 }, text: 'Leve' }]);
      expect(o.subject).to.deep.equal({ reference: `Patient/${p1.idPaciente}` });
      expect(o.derivedFrom).to.deep.equal([{ reference: `QuestionnaireResponse/${r.p1phq.idRespuesta}` }]);
      expect(o.effectiveDateTime).to.equal((await read(srv, psiA.token, `QuestionnaireResponse/${r.p1phq.idRespuesta}`)).authored);
      const g = await read(srv, admin, `Observation/puntuacion-${r.p2phq.idRespuesta}`);
      expect([g.valueInteger, g.interpretation[0].coding[0].code]).to.deep.equal([27, 'GRAVE']);
    });

    it('searches by LOINC total code beside the diary and progress, by patient and date; in scope only', async () => {
      const score = (x: { idRespuesta: number }) => `puntuacion-${x.idRespuesta}`;
      expect(await ids(srv, admin, 'Observation?code=http://loinc.org|44261-6')).to.deep.equal([score(r.p1phq), score(r.p2phq)]);
      expect(await ids(srv, admin, 'Observation?code=70274-6')).to.deep.equal([score(r.p1gad)]);
      expect(await ids(srv, admin, 'Observation?code=44261-6&code=70274-6')).to.deep.equal([]);
      expect(await ids(srv, admin, `Observation?patient=${p1.idPaciente}&category=survey`)).to.deep.equal([score(r.p1phq), score(r.p1gad)]);
      expect(await ids(srv, admin, `Observation?code=44261-6,70274-6&date=${r.p1phq.fecha.slice(0, 10)}`)).to.include.members([score(r.p1phq), score(r.p1gad)]);
      expect(await ids(srv, psiB.token, 'Observation')).to.deep.equal([score(r.p2phq)]);
      await notFound(srv, psiB.token, `Observation/${score(r.p1phq)}`);
      expect((await searchAll(srv, admin, 'Observation?_count=1')).map((x) => x.id)).to.deep.equal([score(r.p1phq), score(r.p1gad), score(r.p2phq)]);
    });
  });

  it('is in the CapabilityStatement with its search parameters', async () => {
    const cs = (await srv.request('GET', '/fhir/R4/metadata')).body;
    const entry = (t: string) => cs.rest[0].resource.find((x: any) => x.type === t);
    expect(entry('Questionnaire').searchParam.map((p: any) => p.name)).to.deep.equal(['_id', '_lastUpdated', 'url', 'code']);
    expect(entry('QuestionnaireResponse').searchParam.map((p: any) => p.name)).to.deep.equal(['_id', '_lastUpdated', 'patient', 'subject', 'questionnaire', 'authored']);
  });

  it('a machine client reads the types its scopes name: QuestionnaireResponse alone is not the score Observation', async () => {
    const c = await smartClient(srv, admin, ['system/QuestionnaireResponse.read', 'system/Questionnaire.read']);
    expect(await ids(srv, c.token, 'QuestionnaireResponse')).to.have.length(3);
    await read(srv, c.token, 'Questionnaire/gad-7');
    expect((await srv.request('GET', '/fhir/R4/Observation', { token: c.token })).status).to.equal(403);
  });

  describe('Bulk export and erasure', () => {
    const idsOf = (lines: any[] | undefined) => (lines ?? []).map((x) => x.id).sort();
    let full: Manifest;

    it('a Group export carries the patients\' responses and scores, not the Questionnaires; a system export carries those too', async () => {
      const group = await linesByType(srv, await exportNow(srv, `Group/${psiA.idPsicologo}/$export`, psiA.token), psiA.token);
      expect(idsOf(group.get('QuestionnaireResponse'))).to.deep.equal([r.p1phq, r.p1gad].map((x) => String(x.idRespuesta)).sort());
      expect(idsOf(group.get('Observation'))).to.include.members([`puntuacion-${r.p1phq.idRespuesta}`, `puntuacion-${r.p1gad.idRespuesta}`]);
      expect(idsOf(group.get('Observation'))).not.to.include(`puntuacion-${r.p2phq.idRespuesta}`);
      expect(group.has('Questionnaire')).to.equal(false);
      full = await exportNow(srv, '$export?_type=Questionnaire,QuestionnaireResponse,Observation', admin);
      const all = await linesByType(srv, full, admin);
      expect(idsOf(all.get('Questionnaire'))).to.deep.equal(['gad-7', 'phq-9']);
      expect(idsOf(all.get('QuestionnaireResponse'))).to.have.length(3);
    });

    it('an erased patient\'s responses and scores are gone (404) and listed as deleted ids in the next _since export', async () => {
      const del = await srv.request('DELETE', `/api/pacientes/${p2.idPaciente}`, { token: admin });
      expect(del.status, del.text).to.equal(204);
      await notFound(srv, admin, `QuestionnaireResponse/${r.p2phq.idRespuesta}`);
      await notFound(srv, admin, `Observation/puntuacion-${r.p2phq.idRespuesta}`);
      const since = await exportNow(srv, `$export?_type=Questionnaire,QuestionnaireResponse,Observation&_since=${encodeURIComponent(full.transactionTime)}`, admin);
      expect(since.output).to.deep.equal([]); // Questionnaires change with a deployment, not in the log: not in a _since export
      const deleted = (await linesByType(srv, { ...since, output: since.deleted }, admin)).get('Bundle')!
        .flatMap((b) => b.entry.map((e: any) => e.request.url)).sort();
      expect(deleted).to.deep.equal([`Observation/puntuacion-${r.p2phq.idRespuesta}`, `QuestionnaireResponse/${r.p2phq.idRespuesta}`]);
    });
  });
});

describe('FHIR Questionnaire canonical URL under PUBLIC_BASE_URL', function () {
  this.timeout(60_000);
  let srv: TestServer;
  after(async () => srv?.stop());

  it('is the configured public FHIR base, whatever host the request names', async () => {
    srv = await startTestServer({ env: { PUBLIC_BASE_URL: 'https://consulta.example.com/app' } });
    const p = await newPaciente(srv, 'Ana');
    const url = 'https://consulta.example.com/app/fhir/R4/Questionnaire/gad-7';
    const r = await srv.request('GET', '/fhir/R4/Questionnaire/gad-7', { token: p.token, headers: { Host: 'otro.example.org', 'X-Forwarded-Host': 'otro.example.org' } });
    expect(r.status, r.text).to.equal(200);
    expect(r.body.url).to.equal(url);
    expect(await ids(srv, p.token, `Questionnaire?url=${encodeURIComponent(url)}`)).to.deep.equal(['gad-7']);
    expect(await ids(srv, p.token, `Questionnaire?url=${encodeURIComponent('https://practice.example/fhir/Questionnaire/gad-7')}`)).to.deep.equal([]);
  });
});
