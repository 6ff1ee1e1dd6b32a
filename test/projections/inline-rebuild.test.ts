import { expect } from 'chai';
import { DateTime } from 'luxon';
import { allProjections } from '../../src/projections/index.ts';
import { resetProjections } from '../../src/projections/runner.ts';
import { asignar, newPaciente, newPsicologo, type Paciente } from '../directory/support.ts';
import { dumpReadModels, ok } from '../eventstore/practice.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

// docs/read-models.md "Inline and asynchronous": an inline read model is written from the events a
// command just decided, in the append's transaction; a rebuild replays the same handlers over the
// log, in batches. Both must end in the same rows. Random histories (seeded, so a failure is
// replayed by its seed) of the writes that touch most read models, then the inline read models are
// reset (they follow the log again until adopted) and compared with what they were.

/** mulberry32: a small seeded generator. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONE = 'Europe/Madrid';
const fmt = (d: DateTime) => d.toFormat("yyyy-LL-dd'T'HH:mm:ss");

interface World {
  srv: TestServer;
  admin: string;
  psi: { token: string; idPsicologo: number };
  pacientes: Paciente[];
  citas: { idCita: number; pac: Paciente }[];
  diarios: { idDiario: number; pac: Paciente }[];
  slot: number;
}

async function step(w: World, r: () => number): Promise<void> {
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const pac = pick(w.pacientes);
  const today = DateTime.now().setZone(ZONE);
  switch (Math.floor(r() * 12)) {
    case 11: {
      // Informed consent: a version published, the current one signed (or already signed: 409), or withdrawn (or nothing to withdraw: 409).
      const tipo = pick(['TRATAMIENTO', 'DATOS', 'ONLINE']);
      const u = r();
      if (u < 0.3) return void await ok(w.srv, 'POST', '/api/admin/consentimientos/documentos', w.admin, { tipo, titulo: `Documento ${w.slot}`, cuerpo: `Texto ${w.slot++}` });
      if (u < 0.75) {
        const doc = await w.srv.request('GET', `/api/consentimientos/documento?tipo=${tipo}`, { token: pac.token });
        if (doc.status === 404) return;
        const f = await w.srv.request('POST', '/api/consentimientos', { token: pac.token, body: { tipo, version: doc.body.version, password: 'secreto123' } });
        expect(f.status, f.text).to.be.oneOf([201, 409]);
        return;
      }
      const x = await w.srv.request('POST', '/api/consentimientos/retiradas', { token: pac.token, body: { tipo, motivo: r() < 0.5 ? 'motivo' : null, password: 'secreto123' } });
      expect(x.status, x.text).to.be.oneOf([200, 409]);
      return;
    }
    case 9: {
      // An invoice (its recipient sealed under the patient's billing key: the metadata a replay sees).
      const f = await w.srv.request('POST', '/api/admin/facturas', { token: w.admin, body: { idPaciente: pac.idPaciente, lineas: [{ descripcion: 'Sesión', precioCentimos: 6000 }] } });
      expect(f.status, f.text).to.equal(201);
      return;
    }
    case 10: {
      // An erasure: the patient leaves the lists; their invoices stay (docs/billing.md "Retention").
      if (w.pacientes.length < 2) return;
      const i = Math.floor(r() * w.pacientes.length);
      const [gone] = w.pacientes.splice(i, 1);
      await ok(w.srv, 'DELETE', `/api/pacientes/${gone.idPaciente}`, w.admin);
      w.citas = w.citas.filter((c) => c.pac !== gone);
      w.diarios = w.diarios.filter((d) => d.pac !== gone);
      return;
    }
    case 0: {
      const p = await newPaciente(w.srv);
      await asignar(w.srv, w.admin, p.idPaciente, w.psi.idPsicologo);
      w.pacientes.push(p);
      return;
    }
    case 1: {
      const start = today.plus({ days: 3 + (w.slot % 20) }).set({ hour: 9 + Math.floor(w.slot / 20) % 8, minute: 0, second: 0, millisecond: 0 });
      w.slot++;
      // A third ONLINE (the patients accept videoconference; the server has JITSI_*).
      const modalidad = r() < 0.3 ? { modalidad: 'ONLINE' } : {};
      const cita = await ok(w.srv, 'POST', '/api/citas', pac.token, { idPsicologo: w.psi.idPsicologo, startDatetime: fmt(start), durationMinutes: 50, motivo: r() < 0.5 ? 'Ansiedad' : null, ...modalidad });
      w.citas.push({ idCita: cita.idCita, pac });
      return;
    }
    case 2: {
      if (!w.citas.length) return;
      const c = pick(w.citas);
      const res = await w.srv.request('PUT', `/api/psicologo/citas/${c.idCita}`, { token: w.psi.token, body: { estado: pick(['CONFIRMADA', 'CANCELADA']) } });
      expect(res.status, res.text).to.be.oneOf([200, 409]);
      return;
    }
    case 3: {
      const d = await ok(w.srv, 'POST', '/api/diario-emocional', pac.token, { emocion: pick(['Calma', 'Tristeza', 'Alegría']), intensidad: 1 + Math.floor(r() * 10), nota: r() < 0.5 ? `nota ${w.slot}` : undefined });
      w.diarios.push({ idDiario: d.idDiario, pac });
      return;
    }
    case 4: {
      if (!w.diarios.length) return;
      const i = Math.floor(r() * w.diarios.length);
      const [d] = w.diarios.splice(i, 1);
      await ok(w.srv, 'DELETE', `/api/diario-emocional/${d.idDiario}`, d.pac.token);
      return;
    }
    case 5:
      await ok(w.srv, 'POST', '/api/progreso-emocional', pac.token, { fecha: today.minus({ days: Math.floor(r() * 30) }).toISODate(), nivelEstres: Math.floor(r() * 11), nivelAnsiedad: 3, nivelAnimo: 7 });
      return;
    case 6:
      await ok(w.srv, 'POST', '/api/direcciones', pac.token, { calle: `Calle ${w.slot++}`, ciudad: 'Madrid', provincia: 'Madrid', codigoPostal: '28004', pais: 'España' });
      return;
    case 7:
      await ok(w.srv, 'PUT', '/api/ajustes', pac.token, { idioma: pick(['es', 'en']), darkMode: r() < 0.5 });
      return;
    default:
      await ok(w.srv, 'POST', '/api/historial-clinico', pac.token, { titulo: `Motivo ${w.slot++}`, diagnostico: 'd', tratamiento: 't', observaciones: 'o' });
  }
}

/** Outcome measures (docs/care.md): each patient answers a PHQ-9 (a safety alert on about half, some acknowledged), and a GAD-7 schedule is ended unanswered. */
async function medidas(w: World, r: () => number): Promise<void> {
  for (const pac of w.pacientes) {
    await ok(w.srv, 'POST', '/api/psicologo/cuestionarios/asignaciones', w.psi.token, { idPaciente: pac.idPaciente, instrumento: 'PHQ-9', pauta: { tipo: 'UNA_VEZ' } });
    const respuestas = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [String(i + 1), Math.floor(r() * 4)]));
    const answer = await ok(w.srv, 'POST', '/api/cuestionarios/PHQ-9/respuestas', pac.token, { respuestas: { ...respuestas, 9: r() < 0.5 ? 1 : 0 } });
    if (answer.alertaSeguridad && r() < 0.5) await ok(w.srv, 'POST', `/api/psicologo/alertas-seguridad/${answer.idRespuesta}/reconocimiento`, w.psi.token);
    const gad = await ok(w.srv, 'POST', '/api/psicologo/cuestionarios/asignaciones', w.psi.token, { idPaciente: pac.idPaciente, instrumento: 'GAD-7', pauta: { tipo: 'CADA_N_SEMANAS', semanas: 2 } });
    await ok(w.srv, 'POST', `/api/psicologo/cuestionarios/asignaciones/${gad.idAsignacion}/finalizacion`, w.psi.token);
  }
}

describe('inline read models equal rebuilt ones (random histories)', function () {
  this.timeout(240_000);
  let srv: TestServer;

  before(async () => {
    srv = await startTestServer({ env: { JITSI_DOMAIN: 'meet.example.test', JITSI_APP_ID: 'app', JITSI_APP_SECRET: 'inline-rebuild-test-secret-0123456789abcdef' } });
  });
  after(async () => srv?.stop());

  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: the rows written inline are the rows a replay of the log writes`, async () => {
      const admin = await srv.adminToken();
      const psi = await newPsicologo(srv, admin);
      const w: World = { srv, admin, psi, pacientes: [], citas: [], diarios: [], slot: 0 };
      await ok(srv, 'PUT', '/api/admin/facturacion/ajustes', admin, { emisorEs: 'CONSULTA', consulta: { nombreRazon: 'Consulta S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1'] } });
      for (let i = 0; i < 2; i++) {
        const p = await newPaciente(srv);
        await asignar(srv, admin, p.idPaciente, psi.idPsicologo);
        w.pacientes.push(p);
      }
      await medidas(w, rng(seed + 100)); // before the random steps, so an erasure among them clears their rows too
      const r = rng(seed);
      for (let i = 0; i < 40; i++) await step(w, r);

      const inline = allProjections(srv.config).filter((p) => p.readYourWrites);
      const tables = new Set(inline.flatMap((p) => p.tables));
      const only = (all: Record<string, unknown[]>) => Object.fromEntries(Object.entries(all).filter(([t]) => tables.has(t)));
      const live = only(await dumpReadModels(srv.deps.knex));
      expect(Object.keys(live)).to.have.length(tables.size);
      await resetProjections(srv.deps.knex, inline);
      expect(await srv.deps.projections.waitFor(await srv.deps.store.head(), 60_000), 'replayed').to.equal(true);
      expect(await srv.deps.projections.inlineAdopted(30_000), 'adopted again').to.equal(true);
      const rebuilt = only(await dumpReadModels(srv.deps.knex));
      for (const table of Object.keys(live)) expect(rebuilt[table], table).to.deep.equal(live[table]);
    });
  }
});
