import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { DateTime } from 'luxon';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/server.ts';

// The typed client as an app outside this repository gets it (README "The typed client"): the
// tarball of `npm run client:pack`, installed in a throwaway project in the temp folder, compiled
// by the repository's TypeScript under strict NodeNext and bundler settings, run against a real server.
// The install takes its packages from the npm cache the repository's own install filled.

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(ROOT, 'node_modules', '.bin', 'tsc');
const APP = fileURLToPath(new URL('package-app/app.ts', import.meta.url));

const STRICT = { target: 'ES2022', strict: true, skipLibCheck: false, noUncheckedIndexedAccess: true, types: ['node'] };
const CONFIGS = {
  nodenext: { ...STRICT, module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022'], outDir: 'out-nodenext' },
  bundler: { ...STRICT, module: 'ESNext', moduleResolution: 'bundler', lib: ['ES2022', 'DOM'], outDir: 'out-bundler' },
};

/** Wall-clock datetime of the practice `days` ahead at `hour` (no zone, as the API wants). */
const ahead = (days: number, hour: number) =>
  DateTime.now().setZone('Europe/Madrid').plus({ days }).set({ hour, minute: 0, second: 0, millisecond: 0 }).toFormat("yyyy-MM-dd'T'HH:mm:ss");

async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run('npm', args, { cwd, maxBuffer: 16 << 20 });
  return stdout;
}

describe('typed client as a package (npm run client:pack) in a project outside the repository', function () {
  this.timeout(240_000);
  let srv: TestServer;
  let project: string;

  before(async () => {
    const packed = (await npm(['run', '--silent', 'client:pack'], ROOT)).trim().split('\n').at(-1)!;
    project = await mkdtemp(join(tmpdir(), 'practice-client-app-'));
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'client-app', private: true, type: 'module' }));
    const nodeTypes = JSON.parse(await readFile(join(ROOT, 'node_modules/@types/node/package.json'), 'utf8')) as { version: string };
    await npm(['install', '--prefer-offline', '--no-audit', '--no-fund', join(ROOT, packed), `@types/node@${nodeTypes.version}`], project);
    await copyFile(APP, join(project, 'app.ts'));
    srv = await startTestServer();
  });

  after(async () => {
    await srv?.stop();
    if (project) await rm(project, { recursive: true, force: true });
  });

  it('installs the client with its own dependencies: compiled JavaScript and declarations, no sources', async () => {
    const installed = join(project, 'node_modules', '@practice', 'client');
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).to.include.members(['openapi-fetch', '@stomp/stompjs', 'ws']);
    for (const dep of Object.keys(manifest.dependencies)) await readFile(join(project, 'node_modules', dep, 'package.json'));
    const files = await readdir(join(installed, 'dist'));
    expect(files.filter((f) => !f.endsWith('.js') && !f.endsWith('.d.ts')), 'only JavaScript and declarations').to.deep.equal([]);
    expect(files).to.include.members(['index.js', 'index.d.ts', 'schema.d.ts']);
    const { stdout } = await run(process.execPath, ['-e', "import('@practice/client').then((m) => console.log(Object.keys(m).sort().join(',')))"], { cwd: project });
    expect(stdout.trim().split(',')).to.include.members(['createPracticeClient', 'connectRealtime', 'unwrap', 'allItems', 'ApiError', 'RealtimeError']);
  });

  for (const [name, options] of Object.entries(CONFIGS)) {
    it(`compiles under strict ${name} settings and runs against a real server: numbers for integers, sendChat answers the stored message`, async () => {
      const config = join(project, `tsconfig.${name}.json`);
      await writeFile(config, JSON.stringify({ compilerOptions: options, files: ['app.ts'] }));
      const compiled = await run(TSC, ['-p', config], { cwd: project }).catch((e: { stdout: string }) => e);
      expect('stdout' in compiled ? compiled.stdout : '', 'tsc reports no errors').to.equal('');

      const slots = [9, 11, 13].map((hour) => ahead(7, hour));
      const { stdout } = await run(process.execPath, [join(project, options.outDir, 'app.js')], {
        cwd: project,
        env: { ...process.env, BASE_URL: srv.url, ADMIN_EMAIL, ADMIN_PASSWORD, TAG: `${name}.${Date.now()}`, SLOTS: JSON.stringify(slots) },
      });
      const seen = JSON.parse(stdout.trim().split('\n').at(-1)!);

      // limit: 2 went out as limit=2: three appointments on two pages.
      expect(seen.pages).to.equal(2);
      expect(seen.citas).to.deep.equal(slots);
      // The stored message, exactly as the receiver got it and as GET /api/mensajes lists it.
      expect(seen.sent).to.be.an('object');
      expect(seen.sent.idMensaje).to.be.a('number');
      expect(seen.sent).to.include({ mensaje: 'Hola, ¿podemos hablar?', leido: false });
      expect(seen.sent).to.deep.equal(seen.delivered);
      expect(seen.listed).to.deep.include(seen.sent);
      // A refused send rejects once and is not reported to onError as well.
      expect(seen.rejections).to.equal(1);
      expect(seen.refusal).to.include({ status: 400, fatal: false });
      expect(seen.reported).to.deep.equal([]);
    });
  }
});
