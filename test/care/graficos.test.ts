import { expect } from 'chai';
import sharp from 'sharp';
import { ManualClock } from '../../src/platform/clock.ts';
import { graficoPng, graficoSvg, SIN_DATOS } from '../../src/platform/charts/render.ts';
import type { Grafico } from '../../src/platform/charts/tipos.ts';
import { CARACTERES, FAMILIA } from '../../src/platform/charts/fuente.ts';
import { instrumentos } from '../../src/events/instrumentos.ts';
import { graficoPuntuaciones, type SeriePuntuaciones } from '../../src/http/routes/graficos-series.ts';
import { MAX_PUNTOS } from '../../src/http/routes/graficos.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { adminBody, expectError } from '../http/helpers.ts';
import { asignar, newPaciente, newPsicologo, practice, type Paciente, type Psicologo } from '../clinico/support.ts';
import { marks, pngSize, svgDoc, svgSize, texts } from './graficos-support.ts';
import { asignarInstrumento, responder, todas } from './medidas-support.ts';
import type { Persona } from '../notifications/support.ts';

// Tuesday 2025-03-11 10:00 in Madrid.
const NOW = new Date('2025-03-11T09:00:00Z');

// An instrument's series in the shape the measures read it (docs/care.md, seriePuntuaciones).
const phq9: SeriePuntuaciones = {
  instrumento: {
    codigo: 'PHQ-9', minimo: 0, maximo: 27,
    bandas: [
      { codigo: 'minima', desde: 0, hasta: 4, etiqueta: { es: 'Mínima' } }, { codigo: 'leve', desde: 5, hasta: 9, etiqueta: { es: 'Leve' } },
      { codigo: 'moderada', desde: 10, hasta: 14, etiqueta: { es: 'Moderada' } }, { codigo: 'moderadamente-grave', desde: 15, hasta: 19, etiqueta: { es: 'Moderadamente grave' } },
      { codigo: 'grave', desde: 20, hasta: 27, etiqueta: { es: 'Grave' } },
    ],
  },
  puntos: [
    { fecha: '2025-01-07T10:00:00', puntuacion: 21, banda: 'grave', alerta: true },
    { fecha: '2025-01-21T10:00:00', puntuacion: 16, banda: 'moderadamente-grave', alerta: true },
    { fecha: '2025-02-04T10:00:00', puntuacion: 11, banda: 'moderada', alerta: false },
    { fecha: '2025-02-18T10:00:00', puntuacion: 6, banda: 'leve', alerta: false },
  ],
};

describe('charts (SVG and PNG) of the diary, progress and instrument scores', function () {
  this.timeout(120_000);

  describe('the chart itself', () => {
    it('draws one mark per score, the bands shaded and a marker on each alert, in Spanish, at the size asked', async () => {
      const doc = svgDoc(await graficoSvg(graficoPuntuaciones(phq9, {}), { ancho: 640, alto: 360 }));
      expect(svgSize(doc)).to.deep.equal({ ancho: 640, alto: 360 });
      expect(marks(doc, 'puntos')).to.equal(4);
      expect(marks(doc, 'lineas')).to.equal(1);
      expect(marks(doc, 'bandas')).to.equal(5);
      expect(marks(doc, 'alertas')).to.equal(2);
      expect(marks(doc, 'mensaje')).to.equal(0);
      const shown = texts(doc);
      expect(shown).to.include.members(['PHQ-9: puntuación total', 'Gravedad', 'Fecha', 'Grave (20–27)', 'Mínima (0–4)', '▲ alerta de seguridad']);
      expect(shown.some((t) => /^(ene|feb)/.test(t)), shown.join('|')).to.equal(true);
    });

    it("every label of the charts, and every instrument's band names, are in the shipped fonts' characters", async () => {
      const doc = svgDoc(await graficoSvg(graficoPuntuaciones(phq9, {}), { ancho: 640, alto: 360 }));
      for (const t of texts(doc)) expect(t).to.match(CARACTERES);
      for (const i of instrumentos().values()) {
        for (const b of i.puntuacion.bandas) expect(`${i.codigo} ${b.etiqueta.es} (${b.desde}–${b.hasta})`).to.match(CARACTERES);
      }
    });

    it('keeps only the scores within desde/hasta', async () => {
      const doc = svgDoc(await graficoSvg(graficoPuntuaciones(phq9, { desde: '2025-01-21', hasta: '2025-02-04' }), { ancho: 640, alto: 360 }));
      expect(marks(doc, 'puntos')).to.equal(2);
      expect(marks(doc, 'alertas')).to.equal(1);
    });

    it('draws an empty series as axes with a notice, not an error', async () => {
      const vacio: Grafico = { titulo: 'Diario emocional: intensidad', ejeY: { titulo: 'Intensidad (1–10)', min: 0, max: 10 }, puntos: [], hasta: '2025-03-11' };
      const doc = svgDoc(await graficoSvg(vacio, { ancho: 400, alto: 300 }));
      expect(marks(doc, 'puntos')).to.equal(0);
      expect(marks(doc, 'mensaje')).to.equal(1);
      expect(texts(doc)).to.include(SIN_DATOS);
    });

    it('rasterises to a PNG of exactly the size asked', async () => {
      const png = await graficoPng(await graficoSvg(graficoPuntuaciones(phq9, {}), { ancho: 333, alto: 222 }));
      expect(pngSize(png)).to.deep.equal({ ancho: 333, alto: 222 });
    });

    it("draws the PNG's text with the shipped font, system fonts or not", async () => {
      // Nothing but text: without a font resvg would leave the image blank.
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40"><rect width="200" height="40" fill="white"/><text x="10" y="28" font-family="${FAMILIA}" font-size="20">Sin datos</text></svg>`;
      const { data } = await sharp(await graficoPng(svg)).raw().toBuffer({ resolveWithObject: true });
      expect(data.some((v, i) => i % 4 !== 3 && v < 128)).to.equal(true);
    });
  });

  describe('over HTTP', () => {
    let srv: TestServer;
    let admin: string;
    let psi: Psicologo;
    let otroPsi: Psicologo;
    let a: Paciente;
    let b: Paciente;
    let vacio: Paciente;
    let auditor: string;
    const get = (path: string, token?: string, headers: Record<string, string> = {}) =>
      fetch(`${srv.url}${path}`, { headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
    const svgOf = async (path: string, token: string) => {
      const r = await get(path, token);
      expect(r.status, await r.clone().text()).to.equal(200);
      expect(r.headers.get('content-type')).to.match(/^image\/svg\+xml/);
      expect(r.headers.get('cache-control')).to.equal('private, no-store');
      return svgDoc(await r.text());
    };
    const error = async (path: string, token: string | undefined, status: number) => {
      const r = await srv.request('GET', path, { token });
      expectError(r, status);
    };

    before(async () => {
      srv = await startTestServer({ clock: new ManualClock(NOW) });
      admin = await srv.adminToken();
      ({ psicologo: psi, paciente: a } = await practice(srv, admin));
      otroPsi = await newPsicologo(srv, admin);
      b = await newPaciente(srv);
      await asignar(srv, admin, b.idPaciente, otroPsi.idPsicologo);
      vacio = await newPaciente(srv);
      await asignar(srv, admin, vacio.idPaciente, psi.idPsicologo);
      auditor = (await srv.request('POST', '/auth/register-auditor', { token: admin, body: adminBody({ nombre: 'Inés', apellido: 'Auditora' }) })).body.token;
      for (const [emocion, intensidad] of [['Ansiedad', 8], ['Calma', 3], ['Tristeza', 6]] as const) {
        expect((await srv.request('POST', '/api/diario-emocional', { token: a.token, body: { emocion, intensidad } })).status).to.equal(201);
      }
      for (const [fecha, n] of [['2025-03-01', 4], ['2025-03-05', 6], ['2025-03-10', 2]] as const) {
        const body = { fecha, nivelEstres: n, nivelAnsiedad: n + 1, nivelAnimo: 10 - n };
        expect((await srv.request('POST', '/api/progreso-emocional', { token: a.token, body })).status).to.equal(201);
      }
    });
    after(async () => {
      await srv?.stop();
    });

    it('the patient sees their diary intensity as SVG, one mark per entry', async () => {
      const doc = await svgOf(`/api/pacientes/${a.idPaciente}/graficos/diario`, a.token);
      expect(marks(doc, 'puntos')).to.equal(3);
      expect(texts(doc)).to.include('Diario emocional: intensidad');
    });

    it('their psychologist sees the progress as three series, and the read is in the access log', async () => {
      const doc = await svgOf(`/api/pacientes/${a.idPaciente}/graficos/progreso`, psi.token);
      expect(marks(doc, 'puntos')).to.equal(9);
      expect(marks(doc, 'lineas')).to.equal(3);
      expect(texts(doc)).to.include.members(['Estrés', 'Ansiedad', 'Ánimo']);
      const log = await srv.deps.knex('accesos_clinicos').where({ id_usuario: psi.idUsuario, id_paciente: a.idPaciente, recurso: 'PROGRESO' });
      expect(log.map((r) => r.ruta)).to.include(`/api/pacientes/${a.idPaciente}/graficos/progreso`);
    });

    it("the instrument chart shows the patient's PHQ-9 scores over its bands, the safety alert marked", async () => {
      // Two assignments answered: the first raises the alert (item 9 above 0), the second does not.
      for (const respuestas of [todas(9, 2), { ...todas(9, 0), 1: 1 }]) {
        await asignarInstrumento(srv, { token: psi.token } as Persona, a.idPaciente);
        const r = await responder(srv, { token: a.token } as Persona, 'PHQ-9', respuestas);
        expect(r.status, r.text).to.equal(201);
      }
      const doc = await svgOf(`/api/pacientes/${a.idPaciente}/graficos/puntuaciones?instrumento=PHQ-9`, psi.token);
      expect(marks(doc, 'puntos')).to.equal(2);
      expect(marks(doc, 'alertas')).to.equal(1);
      expect(marks(doc, 'bandas')).to.equal(5);
      expect(texts(doc)).to.include('PHQ-9: puntuación total');
      const gad = await svgOf(`/api/pacientes/${a.idPaciente}/graficos/puntuaciones?instrumento=GAD-7`, a.token);
      expect(marks(gad, 'puntos')).to.equal(0);
      expect(marks(gad, 'bandas')).to.equal(4);
      expect(texts(gad)).to.include(SIN_DATOS);
      const log = await srv.deps.knex('accesos_clinicos').where({ id_usuario: psi.idUsuario, id_paciente: a.idPaciente, recurso: 'CUESTIONARIOS' });
      expect(log).to.have.length(1);
    });

    it('an unknown instrument is 404 (and no read is logged); a missing one 400', async () => {
      const antes = await srv.deps.knex('accesos_clinicos').where({ id_usuario: psi.idUsuario }).count({ n: '*' }).first();
      await error(`/api/pacientes/${a.idPaciente}/graficos/puntuaciones?instrumento=XYZ-1`, psi.token, 404);
      expect(await srv.deps.knex('accesos_clinicos').where({ id_usuario: psi.idUsuario }).count({ n: '*' }).first()).to.deep.equal(antes);
      await error(`/api/pacientes/${a.idPaciente}/graficos/puntuaciones`, psi.token, 400);
      await error(`/api/pacientes/${a.idPaciente}/graficos/puntuaciones?instrumento=PHQ-9`, otroPsi.token, 404);
    });

    it('desde/hasta narrow the points', async () => {
      const doc = await svgOf(`/api/pacientes/${a.idPaciente}/graficos/progreso?desde=2025-03-02&hasta=2025-03-10`, admin);
      expect(marks(doc, 'puntos')).to.equal(6);
    });

    it('answers a PNG of the size asked, by formato=png or by Accept', async () => {
      const byQuery = await get(`/api/pacientes/${a.idPaciente}/graficos/diario?formato=png&ancho=500&alto=250`, psi.token);
      expect(byQuery.status).to.equal(200);
      expect(byQuery.headers.get('content-type')).to.equal('image/png');
      expect(byQuery.headers.get('cache-control')).to.equal('private, no-store');
      expect(pngSize(Buffer.from(await byQuery.arrayBuffer()))).to.deep.equal({ ancho: 500, alto: 250 });
      const byAccept = await get(`/api/pacientes/${a.idPaciente}/graficos/progreso`, a.token, { Accept: 'image/png' });
      expect(byAccept.headers.get('content-type')).to.equal('image/png');
      expect(pngSize(Buffer.from(await byAccept.arrayBuffer()))).to.deep.equal({ ancho: 800, alto: 400 });
    });

    it('a patient with no entries gets an empty chart with the notice', async () => {
      const doc = await svgOf(`/api/pacientes/${vacio.idPaciente}/graficos/diario`, vacio.token);
      expect(marks(doc, 'puntos')).to.equal(0);
      expect(texts(doc)).to.include(SIN_DATOS);
    });

    it("another psychologist's patient, another patient's chart and an unknown patient are 404", async () => {
      await error(`/api/pacientes/${a.idPaciente}/graficos/diario`, otroPsi.token, 404);
      await error(`/api/pacientes/${b.idPaciente}/graficos/progreso`, psi.token, 404);
      await error(`/api/pacientes/${a.idPaciente}/graficos/diario`, b.token, 404);
      await error(`/api/pacientes/999999/graficos/diario`, admin, 404);
    });

    it('no token is 401; an auditor is 403', async () => {
      await error(`/api/pacientes/${a.idPaciente}/graficos/diario`, undefined, 401);
      await error(`/api/pacientes/${a.idPaciente}/graficos/progreso`, auditor, 403);
    });

    it('malformed dates, a reversed range, sizes out of bounds, an unknown format or parameter are 400', async () => {
      const base = `/api/pacientes/${a.idPaciente}/graficos/diario`;
      for (const q of [
        'desde=2025-13-01', 'hasta=2025-02-30', 'desde=ayer', 'desde=2025-03-10&hasta=2025-03-01',
        'ancho=199', 'ancho=2001', 'alto=149', 'alto=1501', 'ancho=abc', 'alto=300.5', 'formato=gif', 'color=rojo',
      ]) await error(`${base}?${q}`, a.token, 400);
    });

    it('a range with more records than one chart draws is 400; a shorter range of the same history draws', async () => {
      const largo = await newPaciente(srv);
      // Straight into the read model: MAX_PUNTOS + 1 writes through the API would take minutes.
      const base = Date.UTC(2015, 0, 1);
      await srv.deps.knex('progreso_emocional').insert(Array.from({ length: MAX_PUNTOS + 1 }, (_, i) => ({
        id_progress: 900_000 + i, id_paciente: largo.idPaciente, fecha: new Date(base + i * 86_400_000).toISOString().slice(0, 10), nivel_estres: 5, nivel_ansiedad: 5, nivel_animo: 5,
      })));
      await error(`/api/pacientes/${largo.idPaciente}/graficos/progreso`, largo.token, 400);
      const doc = await svgOf(`/api/pacientes/${largo.idPaciente}/graficos/progreso?desde=2015-01-01&hasta=2015-01-31`, largo.token);
      expect(marks(doc, 'puntos')).to.equal(31 * 3);
    });
  });
});
