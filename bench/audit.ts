// The tamper-evident audit log (issue 23, docs/audit.md): tree builder rate, appends with the tree
// on ÷ off (store appends and the HTTP write path), commit → signed checkpoint latency, audit:verify on 1,000,000 events (time and memory),
// proof sizes. Each figure's note states the target and whether this run met it.
// The figures themselves are in bench/audit/*.
import { withTempDir, type SectionContext } from './lib/context.ts';
import { latencyFigure, throughputFigure } from './audit/appends.ts';
import { builderFigures } from './audit/builder.ts';
import { httpThroughputFigure } from './audit/http-appends.ts';
import { fillLog, openAuditDb } from './audit/log.ts';
import { proofFigures } from './audit/proofs.ts';
import { fmt } from './audit/targets.ts';
import { verifyFigures } from './audit/verify.ts';

export async function auditSection(ctx: SectionContext): Promise<void> {
  const url = await ctx.pg.createDatabase('bench_audit');
  await withTempDir('bench-audit-', async (dir) => {
    const db = await openAuditDb(url, dir);
    try {
      ctx.log(`audit: a sealed clinic log of ${fmt(ctx.sizes.audit.builderEvents)} events`);
      const templates = await fillLog(db, ctx.sizes.audit.builderEvents);
      ctx.log('audit: tree builder');
      await builderFigures(ctx, db);
      await throughputFigure(ctx, db);
      await httpThroughputFigure(ctx);
      ctx.log('audit: commit → signed checkpoint at 100 appends/s');
      await latencyFigure(ctx, db, 100);
      await verifyFigures(ctx, templates);
      ctx.log('audit: proof sizes');
      proofFigures(ctx, templates[templates.length - 1]);
    } finally {
      await db.close();
    }
  });
}
