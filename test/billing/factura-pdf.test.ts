import { expect } from 'chai';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import QRCode from 'qrcode';
import { renderFacturaPdf, urlQrDeFactura } from '../../src/platform/factura-pdf/render.ts';
import type { FacturaVista, LineaFacturaVista } from '../../src/platform/factura-pdf/tipos.ts';
import { urlQr } from '../../src/platform/verifactu/qr.ts';
import { checkXref, contentStreams, drawnMatrix, formatLevel, pdfLines, textRuns } from '../support/pdf-read.ts';

const MM = 72 / 25.4;
const EXENTA = { tipo: 'exenta', causa: 'E1' } as const;

function vista(over: Partial<FacturaVista> = {}): FacturaVista {
  return {
    numSerie: '2025-A/000123',
    serie: '2025-A',
    tipoFactura: 'F1',
    fechaExpedicion: '2025-03-31',
    emisor: { nombre: 'Centro de Psicología Ñandú, S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1, 2º B', '28013 Madrid'] },
    destinatario: { nombre: 'María José Peña Ibáñez', nif: '12345678Z', domicilio: ['Avenida de la Constitución 45', '41001 Sevilla'] },
    lineas: [{ fechaOperacion: '2025-03-07', baseCentimos: 6000, impuesto: EXENTA }],
    cuotaTotalCentimos: 0,
    importeTotalCentimos: 6000,
    entornoAeat: 'pruebas',
    ...over,
  };
}

const texto = async (v: FacturaVista) => pdfLines(await renderFacturaPdf(v, { comprimir: false })).join('\n');

const haveTools = (...tools: string[]) => tools.every((t) => spawnSync('sh', ['-c', `command -v ${t}`]).status === 0);

describe('invoice PDF (factura-pdf)', () => {
  it('is a well-formed PDF, compressed or not, and the same bytes for the same invoice', async () => {
    const a = await renderFacturaPdf(vista());
    expect(checkXref(a)).to.be.greaterThan(5);
    expect(checkXref(await renderFacturaPdf(vista(), { comprimir: false }))).to.be.greaterThan(5);
    expect((await renderFacturaPdf(vista())).equals(a)).to.equal(true);
    expect(a.toString('latin1')).to.contain('/CreationDate').and.contain('(D:20250331000000Z)');
    expect((await renderFacturaPdf(vista({ numSerie: '2025-A/000124' }))).equals(a)).to.equal(false);
  });

  it('pdftotext reads the compressed PDF (poppler-utils, when installed)', async function () {
    if (!haveTools('pdftotext')) return this.skip(); // Debian's poppler-utils is not installed here
    const dir = mkdtempSync(join(tmpdir(), 'factura-pdf-'));
    try {
      writeFileSync(join(dir, 'f.pdf'), await renderFacturaPdf(vista()));
      const out = execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
      expect(out).to.contain('VERI*FACTU').and.contain('Factura nº 2025-A/000123').and.contain('María José Peña Ibáñez');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("draws AEAT's QR of exactly urlQr's URL at level M, 30–40 mm, first on the page, VERI*FACTU under it", async () => {
    const v = vista();
    const url = urlQr({ idEmisor: 'B12345674', numSerie: '2025-A/000123', fechaExpedicion: '2025-03-31' }, 6000, 'pruebas');
    expect(urlQrDeFactura(v)).to.equal(url);
    const [page] = contentStreams(await renderFacturaPdf(v, { comprimir: false }));
    const drawn = drawnMatrix(page);
    expect(formatLevel(drawn)).to.equal('M');
    const expected = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules;
    expect(drawn.size).to.equal(expected.size);
    for (let r = 0; r < drawn.size; r++) for (let c = 0; c < drawn.size; c++) expect(drawn.dark[r][c], `module ${r},${c}`).to.equal(Boolean(expected.get(r, c)));
    expect(drawn.side / MM).to.be.within(30, 40);
    // Text runs carry bottom-up baselines: every text is below the symbol, the first one VERI*FACTU.
    const pageHeight = 841.89;
    const runs = textRuns(page).map((t) => ({ ...t, top: pageHeight - t.y })).sort((a, b) => a.top - b.top);
    expect(runs[0].text).to.equal('VERI*FACTU');
    expect(runs[0].top).to.be.within(drawn.top + drawn.side, drawn.top + drawn.side + 15 * MM);
  });

  it('scans back to the URL with a real QR reader (pdftoppm + zbarimg, when installed)', async function () {
    if (!haveTools('pdftoppm', 'zbarimg')) return this.skip(); // Debian's poppler-utils and zbar-tools are not installed here
    const dir = mkdtempSync(join(tmpdir(), 'factura-pdf-'));
    try {
      const v = vista({ numSerie: 'A&B/2025 #7' });
      writeFileSync(join(dir, 'f.pdf'), await renderFacturaPdf(v));
      execFileSync('pdftoppm', ['-r', '200', '-png', '-f', '1', '-l', '1', join(dir, 'f.pdf'), join(dir, 'p')]);
      const out = execFileSync('zbarimg', ['-q', '--raw', join(dir, 'p-1.png')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      expect(out.trim()).to.equal(urlQrDeFactura(v));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows what RD 1619/2012 art. 6 asks: number, series, dates, both parties, base, total', async () => {
    const t = await texto(vista({ fechaOperacion: '2025-03-28' }));
    for (const s of ['FACTURA', 'Factura nº 2025-A/000123', 'Serie: 2025-A', 'Fecha de expedición: 31/03/2025', 'Fecha de la operación: 28/03/2025',
      'EMISOR', 'Centro de Psicología Ñandú, S.L.', 'NIF: B12345674', 'Calle Mayor 1, 2º B', '28013 Madrid',
      'DESTINATARIO', 'María José Peña Ibáñez', 'NIF: 12345678Z', 'Avenida de la Constitución 45', '41001 Sevilla',
      'Sesión de psicología', '07/03/2025', 'Base imponible', '60,00 €', 'TOTAL FACTURA']) {
      expect(t).to.contain(s);
    }
    expect(await texto(vista({ fechaOperacion: '2025-03-31' }))).not.to.contain('Fecha de la operación');
  });

  it("prints the exemption's legal mention for exempt lines and the rate and quota for taxable ones", async () => {
    const exenta = await texto(vista());
    expect(exenta).to.contain('Exenta').and.contain('Operación exenta de IVA en virtud del artículo 20.Uno.3º de la Ley 37/1992.');
    const sujeta: LineaFacturaVista = { descripcion: 'Informe pericial', baseCentimos: 150000, impuesto: { tipo: 'sujeta', tipoImpositivo: 2100, cuotaCentimos: 31500 } };
    const t = await texto(vista({ lineas: [sujeta], cuotaTotalCentimos: 31500, importeTotalCentimos: 181500 }));
    expect(t).to.contain('21 %').and.contain('IVA 21 % sobre 1.500,00 €').and.contain('315,00 €').and.contain('1.815,00 €');
    expect(t).not.to.contain('exenta de IVA en virtud');
    const mixta = await texto(vista({ lineas: [vista().lineas[0], sujeta], cuotaTotalCentimos: 31500, importeTotalCentimos: 187500 }));
    expect(mixta).to.contain('21 %').and.contain('artículo 20.Uno.3º').and.contain('1.875,00 €');
  });

  it('a rectifying invoice says its kind (R1–R5) and the invoice it corrects', async () => {
    const t = await texto(vista({
      numSerie: '2025-R/000002', tipoFactura: 'R4', rectificadas: [{ numSerie: '2025-A/000123', fechaExpedicion: '2025-03-31' }],
      lineas: [{ baseCentimos: -1000, impuesto: EXENTA }], importeTotalCentimos: -1000,
    }));
    expect(t).to.contain('FACTURA RECTIFICATIVA').and.contain('R4, resto de causas').and.contain('Rectifica la factura nº 2025-A/000123, de fecha 31/03/2025').and.contain('-10,00 €');
  });

  it('prints only the lines\' own descriptions: clinical fields beside them never reach the paper', async () => {
    const clinica = { diagnostico: 'F32.1 Episodio depresivo moderado', notas: 'Ideación autolítica', motivoConsulta: 'Duelo' };
    const linea = { ...clinica, baseCentimos: 6000, impuesto: EXENTA, descripcion: '  ' } as LineaFacturaVista;
    const t = await texto({ ...vista({ lineas: [linea] }), ...clinica } as FacturaVista);
    expect(t).to.contain('Sesión de psicología');
    for (const s of Object.values(clinica)) expect(t).not.to.contain(s);
  });

  it('refuses totals that are not the lines\' (the QR would disagree with the paper)', async () => {
    const refusal = (v: FacturaVista) => renderFacturaPdf(v).then(() => null, (e: unknown) => e);
    expect(await refusal(vista({ importeTotalCentimos: 6001 }))).to.be.instanceOf(RangeError).with.property('message').match(/importeTotalCentimos/);
    expect(await refusal(vista({ tipoFactura: 'R1' }))).to.be.instanceOf(RangeError).with.property('message').match(/rectif/);
    const e2 = vista({ lineas: [{ baseCentimos: 6000, impuesto: { tipo: 'exenta', causa: 'E2' } }] });
    expect(await refusal(e2)).to.be.instanceOf(RangeError).with.property('message').match(/legal mention/);
  });

  it('a long invoice goes on to more pages: the QR on the first only, column heads and page numbers on each', async () => {
    const lineas = Array.from({ length: 60 }, (_, i) => ({ fechaOperacion: `2025-03-${String((i % 28) + 1).padStart(2, '0')}`, baseCentimos: 6000, impuesto: EXENTA }));
    const pages = contentStreams(await renderFacturaPdf(vista({ lineas, importeTotalCentimos: 360000 }), { comprimir: false }));
    expect(pages.length).to.be.greaterThan(1);
    expect(pages.slice(1).every((p) => !/ re$/m.test(p))).to.equal(true);
    pages.forEach((p, i) => {
      const t = textRuns(p).map((r) => r.text);
      expect(t).to.include('Concepto');
      expect(t).to.include(`Factura nº 2025-A/000123 · página ${i + 1} de ${pages.length}`);
    });
    expect(pages.flatMap((p) => textRuns(p).map((r) => r.text)).filter((s) => s === 'Sesión de psicología')).to.have.length(60);
  });

  it('letters outside the standard fonts print as their base letter, not as garbage', async () => {
    const t = await texto(vista({ destinatario: { nombre: 'Nguyễn Thị Ánh', nif: 'X1234567L', domicilio: ['Calle Río 3'] } }));
    expect(t).to.contain('Nguyen Thi Ánh');
  });
});
