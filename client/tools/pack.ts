import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

// npm run client:pack: compiles client/src to ESM JavaScript and declarations (client/dist), then
// packs the package into client/pack/ (gitignored). An app installs that tarball, which brings
// the client's own dependencies; a folder install would only link the sources.

const run = promisify(execFile);
const CLIENT = fileURLToPath(new URL('..', import.meta.url));
export const PACK_DIR = join(CLIENT, 'pack');

/** `npm` as the running npm (set under `npm run`), else the one on PATH. */
function npm(args: string[]) {
  const cli = process.env.npm_execpath;
  return cli && /\.[cm]?js$/.test(cli) ? run(process.execPath, [cli, ...args]) : run('npm', args, { shell: process.platform === 'win32' });
}

async function build(): Promise<void> {
  await rm(join(CLIENT, 'dist'), { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  await run(process.execPath, [tsc, '-p', join(CLIENT, 'tsconfig.json')]);
  // tsc emits nothing for a .d.ts source: the generated API types go in as they are.
  await copyFile(join(CLIENT, 'src', 'schema.d.ts'), join(CLIENT, 'dist', 'schema.d.ts'));
}

/** Builds and packs; returns the tarball's path. */
export async function packClient(): Promise<string> {
  await build();
  await mkdir(PACK_DIR, { recursive: true });
  for (const old of await readdir(PACK_DIR)) if (old.endsWith('.tgz')) await rm(join(PACK_DIR, old));
  const { stdout } = await npm(['pack', CLIENT, '--pack-destination', PACK_DIR, '--json', '--silent']);
  const [{ filename }] = JSON.parse(stdout) as { filename: string }[];
  return join(PACK_DIR, filename);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tarball = await packClient();
  console.log(relative(process.cwd(), tarball));
}
