// The entry of the standalone verifier package (`npm run audit:pack`): the same command as
// `npm run -s audit:verify`, bundled with its few modules into one file that needs only Node.
import { verifyCommand } from '../src/cli/audit-verify-command.ts';

await verifyCommand(process.argv.slice(2), 'practice-audit-verify');
