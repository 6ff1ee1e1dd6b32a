import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

// npm run audit:pack: the offline verifier as a package of its own, for an outside auditor who
// should not have to install the whole back end (hundreds of packages) to check a bundle. esbuild
// bundles audit-verifier/bin.ts and what it imports (src/cli/audit-verify-command.ts and
// src/platform/audit/, built from the current source) into one readable, unminified verify.mjs that
// imports only Node's own modules; the package has no dependencies. Staged in audit-verifier/dist,
// packed into audit-verifier/pack/ (both gitignored).

const run = promisify(execFile);
const HERE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = join(HERE, '..');
const STAGE = join(HERE, 'dist');
export const PACK_DIR = join(HERE, 'pack');
export const PACKAGE_NAME = 'practice-audit-verify';

/** `npm` as the running npm (set under `npm run`), else the one on PATH. */
function npm(args: string[]) {
  const cli = process.env.npm_execpath;
  return cli && /\.[cm]?js$/.test(cli) ? run(process.execPath, [cli, ...args]) : run('npm', args, { shell: process.platform === 'win32' });
}

/** The commit the verifier is built from, so that an auditor can review that source; null outside git. */
async function commit(): Promise<string | null> {
  try {
    const [{ stdout: head }, { stdout: dirty }] = await Promise.all([run('git', ['rev-parse', 'HEAD'], { cwd: ROOT }), run('git', ['status', '--porcelain', '--', 'src/platform/audit', 'src/cli', 'audit-verifier'], { cwd: ROOT })]);
    return `${head.trim()}${dirty.trim() ? ' (with uncommitted changes)' : ''}`;
  } catch {
    return null;
  }
}

async function stage(version: string): Promise<void> {
  await rm(STAGE, { recursive: true, force: true });
  await mkdir(STAGE, { recursive: true });
  const from = await commit();
  const { metafile } = await build({
    entryPoints: [join(HERE, 'bin.ts')],
    outfile: join(STAGE, 'verify.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    metafile: true,
    logLevel: 'error',
    banner: { js: `#!/usr/bin/env node\n// ${PACKAGE_NAME} ${version}: the practice's audit-bundle verifier (docs/audit.md)${from ? `, built from commit ${from}` : ''}.` },
  });
  // Only this repository's code goes in: a package pulled into the bundle would be code no one reviewed with it.
  const foreign = Object.keys(metafile.inputs).filter((p) => p.includes('node_modules'));
  if (foreign.length) throw new Error(`the verifier must import only Node and this repository, not ${foreign.join(', ')}`);
  const manifest = {
    name: PACKAGE_NAME,
    version,
    description: 'Offline verifier of the practice back end\'s audit bundles (RFC 9162 Merkle tree, C2SP signed checkpoints)',
    type: 'module',
    bin: { [PACKAGE_NAME]: 'verify.mjs' },
    files: ['verify.mjs', 'README.md'],
    engines: { node: '>=20.12' },
    license: 'UNLICENSED',
  };
  await writeFile(join(STAGE, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await copyFile(join(HERE, 'README.md'), join(STAGE, 'README.md'));
}

/** Builds and packs; returns the tarball's path. */
export async function packVerifier(): Promise<string> {
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  await stage(version);
  await mkdir(PACK_DIR, { recursive: true });
  for (const old of await readdir(PACK_DIR)) if (old.endsWith('.tgz')) await rm(join(PACK_DIR, old));
  const { stdout } = await npm(['pack', STAGE, '--pack-destination', PACK_DIR, '--json', '--silent']);
  const [{ filename }] = JSON.parse(stdout) as { filename: string }[];
  return join(PACK_DIR, filename);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tarball = await packVerifier();
  console.log(relative(process.cwd(), tarball));
}
