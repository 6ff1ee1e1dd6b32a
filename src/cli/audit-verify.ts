// npm run -s audit:verify -- DIR [--key FILE] [--trusted-checkpoint FILE] — checks an audit bundle
// offline: no server, no database, no configuration (docs/audit.md "Verifying a bundle"). The
// command itself is audit-verify-command.ts, shared with the standalone package (audit:pack).
import { isMainModule } from './args.ts';
import { verifyCommand } from './audit-verify-command.ts';

export { runAuditVerify } from './audit-verify-command.ts';

if (isMainModule(import.meta.url)) await verifyCommand(process.argv.slice(2), 'npm run -s audit:verify --');
