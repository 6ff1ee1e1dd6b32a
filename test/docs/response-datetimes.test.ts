import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { DateTime } from 'luxon';
import { ManualClock } from '../../src/platform/clock.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { JITSI, paciente } from '../care/online-support.ts';
import { asignar, newPaciente, newPsicologo, ZONE, type Paciente, type Psicologo } from '../citas/support.ts';

// One rule for every datetime the API answers (README "For app developers"): the practice's wall
// clock, `YYYY-MM-DDTHH:mm:ss`, no zone; only a field named `…Utc` is the UTC instant,
// `YYYY-MM-DDTHH:mm:ss.sssZ`. Walks the served document for every datetime field of every response
// schema, checks the document states the rule there, then answers a call that fills each field.

type Node = Record<string, any>;
const REF = '#/components/schemas/';
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const LOOKS_LIKE_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isUtcField = (field: string) => field.endsWith('Utc');
const ruleOf = (field: string) => (isUtcField(field) ? UTC : LOCAL);

const refName = (s: Node | undefined): string | undefined => (typeof s?.$ref === 'string' ? s.$ref.slice(REF.length) : undefined);
const subSchemas = (s: Node): Node[] => [...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])];

/** A property the document itself marks as a datetime, or whose name says it is one. */
const looksLikeDatetime = (field: string, p: Node) => p.format === 'date-time' || String(p.pattern ?? '').includes('T')
  || LOOKS_LIKE_DATETIME.test(String(p.example ?? '')) || /(En|At|Utc|[Dd]atetime|timestamp)$/.test(field);

const operations = (doc: Node): [string, string, Node][] =>
  Object.entries<Node>(doc.paths).flatMap(([path, item]) => Object.entries<Node>(item).map(([m, op]) => [m.toUpperCase(), path, op] as [string, string, Node]));

const jsonSchemas = (op: Node): [string, Node][] => Object.entries<Node>(op.responses)
  .map(([status, r]) => [status, r.content?.['application/json']?.schema] as [string, Node])
  .filter(([, schema]) => schema !== undefined);

/** Every datetime field of every JSON response schema, as `Schema.path`, with its schema. */
function datetimeFields(doc: Node): Map<string, Node> {
  const out = new Map<string, Node>();
  const visited = new Set<string>();
  const visit = (schema: Node | undefined, where: string): void => {
    if (!schema || typeof schema !== 'object') return;
    const name = refName(schema);
    if (name !== undefined) {
      if (!visited.has(name)) visited.add(name), visit(doc.components.schemas[name], name);
      return;
    }
    for (const sub of subSchemas(schema)) visit(sub, where);
    if (schema.items) visit(schema.items, `${where}[]`);
    for (const [field, prop] of Object.entries<Node>(schema.properties ?? {})) {
      if (looksLikeDatetime(field, prop)) out.set(`${where}.${field}`, prop);
      visit(prop, `${where}.${field}`);
    }
  };
  for (const [method, path, op] of operations(doc)) for (const [status, schema] of jsonSchemas(op)) visit(schema, `${method} ${path} ${status}`);
  return out;
}

describe('one rule for the datetimes of every response', function () {
  this.timeout(120_000);
  let srv: TestServer;
  let doc: Node;
  let fields: Map<string, Node>;
  const seen = new Map<string, string[]>();
  const wrong: string[] = [];

  /** Walks a body along its documented schema: records each datetime field's value, and checks it. */
  function observe(schema: Node | undefined, value: unknown, where: string): void {
    if (!schema || value === null || value === undefined) return;
    const name = refName(schema);
    if (name !== undefined) return observe(doc.components.schemas[name], value, name);
    for (const sub of subSchemas(schema)) if (refName(sub) !== undefined || sub.type === 'object') observe(sub, value, where);
    if (Array.isArray(value)) value.forEach((v) => observe(schema.items, v, `${where}[]`));
    else if (typeof value === 'object' && schema.properties) {
      for (const [field, prop] of Object.entries<Node>(schema.properties)) {
        const v = (value as Node)[field];
        const key = `${where}.${field}`;
        if (fields.has(key) && v !== null && v !== undefined) {
          seen.set(key, [...(seen.get(key) ?? []), v]);
          if (typeof v !== 'string' || !ruleOf(field).test(v)) wrong.push(`${key} = ${JSON.stringify(v)}`);
        }
        observe(prop, v, key);
      }
    }
  }

  /** Any datetime anywhere in a body, inside untyped parts too (event data, the export's records). */
  function scan(value: unknown, path: string, field = ''): void {
    if (typeof value === 'string' && LOOKS_LIKE_DATETIME.test(value) && !ruleOf(field).test(value)) wrong.push(`${path} = ${JSON.stringify(value)}`);
    if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) scan(v, `${path}.${k}`, Array.isArray(value) ? field : k);
  }

  /** Calls the API and checks the answer against the operation the document has for it. */
  async function call(method: string, path: string, token?: string, body?: unknown) {
    const r = await srv.request(method, path, { token, body });
    const bare = path.split('?')[0];
    const found = operations(doc).find(([m, p]) => m === method && new RegExp(`^${p.replace(/\{\w+\}/g, '[^/]+')}$`).test(bare));
    expect(found, `${method} ${bare} is documented`).to.not.equal(undefined);
    const schema = found![2].responses[String(r.status)]?.content?.['application/json']?.schema;
    expect(schema, `${method} ${path} ${r.status} documents its body: ${r.text}`).to.not.equal(undefined);
    observe(schema, r.body, `${method} ${found![1]} ${r.status}`);
    scan(r.body, `${method} ${path}`);
    return r;
  }

  // Still (moved only to open an ONLINE appointment's room at the end), with Jitsi configured.
  const clock = new ManualClock(new Date(Math.floor(Date.now() / 1000) * 1000));
  before(async () => {
    clock.set(new Date(Math.floor(Date.now() / 1000) * 1000)); // now, not when mocha loaded the file
    srv = await startTestServer({ clock, env: { ...JITSI, JWT_EXPIRATION_MS: String(7 * 86_400_000) } });
    doc = (await srv.request('GET', '/v3/api-docs')).body;
    fields = datetimeFields(doc);
  });
  after(async () => {
    await srv?.stop();
  });

  it('states the rule on every datetime field of every response schema', () => {
    expect([...fields.keys()]).to.include.members(['EntradaListaEspera.unidaEn', 'Mensaje.enviadoEn', 'Cita.startDatetime', 'Firma.firmadoEn', 'Error.timestamp']);
    const local = ['2026-03-14T10:30:00', '2026-10-25T02:30:59'];
    const zoned = ['2026-03-14T10:30:00Z', '2026-03-14T10:30:00.000Z', '2026-03-14T10:30:00+01:00', '2026-03-14T10:30', '2026-03-14T10:30:00.123'];
    const utc = ['2026-03-14T09:30:00.000Z'];
    for (const [key, p] of fields) {
      const field = key.slice(key.lastIndexOf('.') + 1);
      expect(p.format, `${key}: no format date-time (it requires an offset)`).to.equal(undefined);
      expect(p.pattern, `${key} has the rule's pattern`).to.be.a('string');
      const re = new RegExp(p.pattern);
      const [good, bad] = isUtcField(field) ? [utc, [...local, ...zoned.filter((v) => !UTC.test(v))]] : [local, zoned];
      for (const v of good) expect(re.test(v), `${key} accepts ${v}`).to.equal(true);
      for (const v of bad) expect(re.test(v), `${key} refuses ${v}`).to.equal(false);
      expect(p.description, `${key} says the rule`).to.match(isUtcField(field) ? /UTC/ : /hora local de la consulta.*sin zona/);
      expect(ruleOf(field).test(p.example), `${key} example ${p.example}`).to.equal(true);
    }
  });

  describe('with data built through the API', () => {
    let admin: string;
    let psi: Psicologo;
    let pac: Paciente;
    const day = (n: number) => DateTime.now().setZone(ZONE).plus({ days: n }).toISODate()!;

    before(async () => {
      admin = await srv.adminToken();
      psi = await newPsicologo(srv, admin);
      pac = await newPaciente(srv);
      await asignar(srv, admin, pac.idPaciente, psi.idPsicologo);
    });

    it('unidaEn of a waitlist entry is the practice wall clock when the patient joined, without zone', async () => {
      const r = await call('POST', '/api/lista-espera', pac.token, { idPsicologo: psi.idPsicologo, desde: day(1), hasta: day(10) });
      expect(r.status, r.text).to.equal(201);
      expect(r.body.unidaEn).to.match(LOCAL);
      const joined = DateTime.fromISO(r.body.unidaEn, { zone: ZONE });
      expect(Math.abs(joined.diffNow('seconds').seconds), 'Madrid wall clock, not UTC').to.be.below(60);
      const listed = await call('GET', '/api/lista-espera', pac.token);
      expect(listed.body.map((e: Node) => e.unidaEn)).to.deep.equal([r.body.unidaEn]);
      expect((await call('GET', '/api/psicologo/lista-espera', psi.token)).body[0].unidaEn).to.equal(r.body.unidaEn);
    });

    it('answers every datetime field of the document in that form, filled by a real call', async () => {
      const ok = (r: { status: number; text: string }, status = 200) => expect(r.status, r.text).to.be.oneOf([status]);
      const dias = [1, 2, 3, 4, 5, 6, 7].map((dia) => ({ dia, intervalos: [{ horaInicio: '08:00', horaFin: '20:00' }] }));
      ok(await srv.request('PUT', '/api/psicologo/horario', { token: psi.token, body: { desde: day(0), dias } }));
      ok(await call('GET', `/api/psicologos/${psi.idPsicologo}/disponibilidad?desde=${day(8)}&hasta=${day(8)}`, pac.token));
      // Requests may leave the seconds out; answers always carry them.
      const cita = await call('POST', '/api/citas', pac.token, { idPsicologo: psi.idPsicologo, startDatetime: `${day(8)}T10:00`, durationMinutes: 50 });
      ok(cita, 201);
      expect(cita.body.startDatetime).to.equal(`${day(8)}T10:00:00`);
      const sesion = await call('POST', '/api/psicologo/sesiones', psi.token, {
        idCita: cita.body.idCita, idPaciente: pac.idPaciente, sessionDate: `${day(8)}T10:00`, durationMinutes: 50, notas: 'Primera', recomendaciones: null,
      });
      ok(sesion, 201);
      const historial = await call('POST', '/api/psicologo/historial-clinico', psi.token, {
        titulo: 'Evaluación', diagnostico: null, tratamiento: null, observaciones: null, idPaciente: pac.idPaciente,
      });
      ok(historial, 201);
      for (const base of [`/api/psicologo/sesiones/${sesion.body.idSesion}`, `/api/psicologo/historial-clinico/${historial.body.idHistory}`]) {
        ok(await call('POST', `${base}/firma`, psi.token, { password: 'terapia2024' }), 201);
        ok(await call('POST', `${base}/adendas`, psi.token, { tipo: 'ACLARACION', texto: 'Nota aclaratoria', password: 'terapia2024' }), 201);
      }
      ok(await call('POST', '/api/diario-emocional', pac.token, { emocion: 'Calma', intensidad: 3 }), 201);
      const mensaje = await call('POST', '/api/mensajes', pac.token, { receiverId: psi.idUsuario, mensaje: 'Hola' });
      ok(mensaje, 201);
      ok(await call('PUT', `/api/psicologo/mensajes/${mensaje.body.idMensaje}/leido`, psi.token));
      ok(await call('POST', '/api/dispositivos', pac.token, { token: `tok-${Date.now()}` }), 201);
      for (const path of ['/api/citas', '/api/sesiones', '/api/historial-clinico', '/api/diario-emocional', '/api/mensajes']) ok(await call('GET', path, pac.token));
      ok(await call('GET', `/api/psicologo/historial-clinico?idPaciente=${pac.idPaciente}`, psi.token));
      ok(await call('GET', `/api/admin/auditoria/pacientes/${pac.idPaciente}/eventos`, admin));
      ok(await call('GET', `/api/admin/auditoria/pacientes/${pac.idPaciente}/historial-clinico`, admin));
      ok(await call('GET', `/api/admin/auditoria/accesos?idPaciente=${pac.idPaciente}`, admin));
      ok(await call('GET', '/api/accesos-expediente', pac.token));
      ok(await call('GET', `/api/pacientes/${pac.idPaciente}/exportacion`, pac.token));
      ok(await call('GET', '/api/citas/2147483647', pac.token), 404);
      const publicKey = generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey;
      const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1' }] };
      ok(await call('POST', '/api/admin/clientes-fhir', admin, { nombre: 'Exportación HCE', jwks }), 201);
      ok(await call('GET', '/api/admin/clientes-fhir', admin));
      // Informed consent (docs/care.md): a version, a signature, its withdrawal, the auditor's as-of answer.
      ok(await call('POST', '/api/admin/consentimientos/documentos', admin, { tipo: 'DATOS', titulo: 'Datos', cuerpo: 'Texto' }), 201);
      ok(await call('GET', '/api/consentimientos/documentos', pac.token));
      ok(await call('POST', '/api/consentimientos', pac.token, { tipo: 'DATOS', version: 1, password: 'secreto123' }), 201);
      ok(await call('POST', '/api/consentimientos/retiradas', pac.token, { tipo: 'DATOS', password: 'secreto123' }));
      ok(await call('GET', `/api/admin/auditoria/pacientes/${pac.idPaciente}/consentimientos`, admin));
      // Outcome measures (docs/care.md): an assignment, a request, an answer that raises a safety alert, its acknowledgement.
      const asignacion = await call('POST', '/api/psicologo/cuestionarios/asignaciones', psi.token, { idPaciente: pac.idPaciente, instrumento: 'PHQ-9', pauta: { tipo: 'UNA_VEZ' } });
      ok(asignacion, 201);
      ok(await call('GET', '/api/cuestionarios/pendientes', pac.token));
      const respuesta = await call('POST', '/api/cuestionarios/PHQ-9/respuestas', pac.token, { respuestas: { 1: 1, 2: 1, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 1 } });
      ok(respuesta, 201);
      ok(await call('GET', '/api/cuestionarios/respuestas', pac.token));
      ok(await call('GET', '/api/cuestionarios/puntuaciones?instrumento=PHQ-9', pac.token));
      ok(await call('GET', '/api/psicologo/cuestionarios/resumen', psi.token));
      ok(await call('GET', '/api/psicologo/alertas-seguridad', psi.token));
      ok(await call('POST', `/api/psicologo/alertas-seguridad/${respuesta.body.idRespuesta}/reconocimiento`, psi.token));
      ok(await call('GET', `/api/psicologo/cuestionarios/asignaciones?idPaciente=${pac.idPaciente}`, psi.token));
      // A payment's fecha (docs/billing.md "Payments").
      ok(await call('PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: { nombreRazon: 'Consulta', nif: 'B12345674', domicilio: ['Calle Mayor 1'] } }));
      const factura = await call('POST', '/api/admin/facturas', admin, { idPaciente: pac.idPaciente, lineas: [{ precioCentimos: 5000 }] });
      ok(factura, 201);
      ok(await call('POST', `/api/facturas/${factura.body.idFactura}/pagos`, admin, { importeCentimos: 1000, metodo: 'EFECTIVO' }), 201);
      // An ONLINE appointment's room, inside its window (docs/care.md "Online sessions"): the clock moves last.
      const ana = await paciente(srv);
      const inicio = DateTime.fromJSDate(clock.now(), { zone: ZONE }).plus({ days: 2 }).set({ hour: 10, minute: 0, second: 0, millisecond: 0 });
      const online = await call('POST', '/api/citas', ana.token, { idPsicologo: psi.idPsicologo, startDatetime: inicio.toFormat("yyyy-LL-dd'T'HH:mm:ss"), durationMinutes: 50, modalidad: 'ONLINE' });
      ok(online, 201);
      clock.set(inicio.minus({ minutes: 5 }).toJSDate());
      ok(await call('GET', `/api/citas/${online.body.idCita}/sala`, ana.token));

      expect(wrong, 'datetimes off the rule').to.deep.equal([]);
      const unfilled = [...fields.keys()].filter((k) => !seen.has(k));
      expect(unfilled, 'datetime fields of the document no call filled (add a call for each)').to.deep.equal([]);
    });
  });
});
