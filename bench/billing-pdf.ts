// The invoice PDF (issue 32: rendering p50 ≤ 50 ms): `renderFacturaPdf` in this process, one render
// at a time after a warm-up, for a one-session invoice and a month's invoice (12 sessions and a
// taxable report), compressed as production sends them. Reference: a one-line A4 pdfkit page with
// the same compression (what any PDF costs), and the target itself.
import PDFDocument from 'pdfkit';
import { renderFacturaPdf } from '../src/platform/factura-pdf/render.ts';
import type { FacturaVista, LineaFacturaVista } from '../src/platform/factura-pdf/tipos.ts';
import type { SectionContext } from './lib/context.ts';
import { percentile, ratio, round, timedLoop } from './lib/stats.ts';

const SECTION = 'Billing PDF';
const TARGET_P50_MS = 50;

function factura(sesiones: number, informe: boolean): FacturaVista {
  const lineas: LineaFacturaVista[] = Array.from({ length: sesiones }, (_, i) => ({
    fechaOperacion: `2025-03-${String(i + 1).padStart(2, '0')}`, baseCentimos: 6000, impuesto: { tipo: 'exenta', causa: 'E1' },
  }));
  if (informe) lineas.push({ descripcion: 'Informe pericial', baseCentimos: 150000, impuesto: { tipo: 'sujeta', tipoImpositivo: 2100, cuotaCentimos: 31500 } });
  const cuota = informe ? 31500 : 0;
  return {
    numSerie: '2025-A/000123', serie: '2025-A', tipoFactura: 'F1', fechaExpedicion: '2025-03-31',
    emisor: { nombre: 'Centro de Psicología Ejemplo, S.L.', nif: 'B12345674', domicilio: ['Calle Mayor 1, 2º B', '28013 Madrid'] },
    destinatario: { nombre: 'María José Peña Ibáñez', nif: '12345678Z', domicilio: ['Avenida de la Constitución 45', '41001 Sevilla'] },
    lineas, cuotaTotalCentimos: cuota, importeTotalCentimos: lineas.reduce((n, l) => n + l.baseCentimos, 0) + cuota, entornoAeat: 'produccion',
  };
}

/** The floor: an A4 page with one line of Helvetica, compressed, to a Buffer. */
function paginaMinima(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', info: { CreationDate: new Date(0) } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (b: Buffer) => chunks.push(b));
  doc.font('Helvetica').fontSize(9).text('Factura nº 2025-A/000123', 50, 50);
  doc.end();
  return done;
}

async function sample(ctx: SectionContext, render: () => Promise<Buffer>) {
  const count = ctx.quick ? 100 : 1000;
  for (let i = 0; i < 20; i++) await render(); // warm-up: module loading, JIT, the AFM font metrics
  const r = await timedLoop({ writers: 1, count, ms: ctx.quick ? 5_000 : 30_000 }, async () => void (await render()));
  return { ...r, p50: percentile(r.latencies, 50), p99: percentile(r.latencies, 99), bytes: (await render()).length };
}

export async function billingPdfSection(ctx: SectionContext): Promise<void> {
  const floor = await sample(ctx, paginaMinima);
  ctx.log(`billing-pdf: one-line page p50 ${round(floor.p50)} ms over ${floor.done}`);
  for (const [name, vista] of [['one session', factura(1, false)], ['a month: 12 sessions and a taxable report', factura(12, true)]] as const) {
    const s = await sample(ctx, () => renderFacturaPdf(vista));
    ctx.log(`billing-pdf: ${name}: p50 ${round(s.p50)} ms, p99 ${round(s.p99)} ms over ${s.done}`);
    ctx.add({
      section: SECTION, name: `renderFacturaPdf, ${name}`, value: round(s.done / s.seconds, 0), unit: 'PDFs/s (one at a time)',
      p50Ms: round(s.p50), p99Ms: round(s.p99),
      ratios: [{ to: `target p50 ${TARGET_P50_MS} ms`, value: ratio(s.p50, TARGET_P50_MS) }, { to: 'a one-line pdfkit page', value: ratio(s.p50, floor.p50) }],
      note: `${s.done} renders after 20 to warm up; ${round(s.bytes / 1024, 1)} KiB each; the one-line page: p50 ${round(floor.p50)} ms, ${round(floor.bytes / 1024, 1)} KiB; target ${s.p50 <= TARGET_P50_MS ? 'met' : 'NOT met'}`,
    });
  }
}
