// Preloaded into a measured child (node --import tsx --import this): prints the process's peak
// resident set size on exit, whatever ends it (process.exit included), for bench/audit/verify.ts.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  writeSync(2, `\nBENCH_MAX_RSS_KIB ${process.resourceUsage().maxRSS}\n`);
});
