// npm run bench [-- --quick] [-- --only http,eventstore,...] [-- --update-readme] [-- --profile [--profile-role api]]
//                [-- --rebuild-events N] [-- --scale-sizes 10,1000,100000]
//
// Where the service stands on this machine: every figure is a ratio to a reference measured in the
// same run (a floor, a peer event store, the smallest size), since absolute numbers on a shared
// 2-core machine are noise. Prints a table and writes bench/results/<timestamp>-<mode>.json,
// latest.json and latest.md. Loopback only; every loop is bounded in count and in time.
import { parseArgs } from 'node:util';
import { httpSection } from './http.ts';
import { eventStoreSection } from './eventstore.ts';
import { projectionsSection } from './projections.ts';
import { scaleSection } from './scale.ts';
import { realtimeSection } from './realtime.ts';
import { heldSendsSection } from './held-sends.ts';
import { sealingSection } from './sealing.ts';
import { throttlesSection } from './throttles.ts';
import { auditSection } from './audit.ts';
import { scaleOutSection } from './scale-out.ts';
import { profileSection } from './profile.ts';
import { statementsSection } from './statements.ts';
import { fhirExportSection } from './fhir-export.ts';
import { fhirSlotsSection } from './fhir-slots.ts';
import { billingPdfSection } from './billing-pdf.ts';
import { billingInvoicesSection } from './billing-invoices.ts';
import { billingVerifySection } from './billing-verify.ts';
import { billingStripeSection } from './billing-stripe.ts';
import { careChartsSection } from './care-charts.ts';
import { careAlertsSection } from './care-alerts.ts';
import { FULL, QUICK, type SectionContext, type Sizes } from './lib/context.ts';
import { startBenchPostgres } from './lib/postgres.ts';
import { load1, machine, saveResults, textTable, updateReadme, type Figure, type RunInfo } from './lib/report.ts';

const SECTIONS: Record<string, (ctx: SectionContext) => Promise<void>> = {
  http: httpSection,
  statements: statementsSection,
  eventstore: eventStoreSection,
  projections: projectionsSection,
  scale: scaleSection,
  realtime: realtimeSection,
  'held-sends': heldSendsSection,
  sealing: sealingSection,
  throttles: throttlesSection,
  audit: auditSection,
  'scale-out': scaleOutSection,
  'fhir-export': fhirExportSection,
  'fhir-slots': fhirSlotsSection,
  'billing-pdf': billingPdfSection,
  'billing-invoices': billingInvoicesSection,
  'billing-verify': billingVerifySection,
  'billing-stripe': billingStripeSection,
  'care-charts': careChartsSection,
  'care-alerts': careAlertsSection,
};

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'update-readme': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'profile-endpoint': { type: 'string', default: 'POST /api/citas (free slots)' },
    // `api`: the profiled server has INSTANCE_ROLE=api, beside an unprofiled one following the log.
    'profile-role': { type: 'string', default: 'all' },
    // Overrides of the sizes, for a reduced full run on a slower machine.
    'rebuild-events': { type: 'string' },
    'scale-sizes': { type: 'string' },
  },
});

function sizesFor(quick: boolean): Sizes {
  const base = quick ? QUICK : FULL;
  const sizes: Sizes = { ...base, projections: { ...base.projections }, scale: { ...base.scale } };
  if (values['rebuild-events']) sizes.projections.rebuildEvents = Number(values['rebuild-events']);
  if (values['scale-sizes']) sizes.scale.appointments = values['scale-sizes'].split(',').map(Number);
  return sizes;
}

async function main(): Promise<number> {
  const quick = values.quick!;
  const names = values.only ? values.only.split(',').map((s) => s.trim()) : Object.keys(SECTIONS);
  const unknown = names.filter((n) => !SECTIONS[n]);
  if (unknown.length) throw new Error(`unknown section(s) ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);
  const t0 = performance.now();
  const startedAt = new Date().toISOString();
  const sizes = sizesFor(quick);
  const figures: Figure[] = [];
  const info: RunInfo = { mode: quick ? 'quick' : 'full', startedAt, seconds: 0, machine: machine(), load: { start: load1(), end: NaN }, sizes: { ...sizes }, failures: [] };
  const log = (m: string) => process.stderr.write(`[bench ${((performance.now() - t0) / 1000).toFixed(1).padStart(6)} s] ${m}\n`);
  const pg = await startBenchPostgres();
  try {
    const ctx: SectionContext = { quick, sizes, pg, log, add: (f) => figures.push(f) };
    if (values.profile) {
      await profileSection(ctx, values['profile-endpoint']!, values['profile-role'] === 'api' ? 'api' : 'all');
      return 0;
    }
    for (const name of names) {
      log(`section ${name}`);
      try {
        await SECTIONS[name](ctx);
      } catch (err) {
        log(`section ${name} failed: ${err instanceof Error ? err.stack : String(err)}`);
        info.failures.push({ section: name, error: err instanceof Error ? err.message : String(err) });
      }
    }
  } finally {
    await pg.stop();
  }
  info.seconds = (performance.now() - t0) / 1000;
  info.load.end = load1();
  process.stdout.write(`\n${textTable(figures)}\n\n`);
  const complete = !values.only;
  const file = saveResults('bench/results', info, figures, complete);
  const latest = complete && !quick; // a quick run's short samples never replace the committed table
  process.stdout.write(`Results: ${file}${latest ? ' (and bench/results/latest.json, latest.md)' : ''}; ${Math.round(info.seconds)} s.\n`);
  if (values['update-readme'] && latest) process.stdout.write(updateReadme('README.md', info, figures) ? 'README.md updated.\n' : 'README.md has no bench markers: not updated.\n');
  return info.failures.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
