import { existsSync } from 'node:fs';
import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/server.ts';

// The API documentation as a client developer sees it: the OpenAPI 3.1 document, and Swagger UI
// rendered by a real browser (Debian's Chromium, driven by playwright-core) from local assets only.
const CHROMIUM = '/usr/bin/chromium';
const skipReason = existsSync(CHROMIUM) ? null : `${CHROMIUM} not found (install Debian's chromium package to run it)`;
// A host name that is not "localhost"/"127.0.0.1" but resolves to the loopback (inside this browser
// only): Swagger UI behaves differently for such names (its online validator badge), as in production.
const PUBLIC_NAME = 'docs.practice.test';
const LAUNCH_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  `--host-resolver-rules=MAP ${PUBLIC_NAME} 127.0.0.1`,
];

interface DocumentedOperation { tag: string; method: string; path: string }

/** Every operation of the document with its (first) tag, as Swagger UI groups them. */
function operationsOf(document: { paths: Record<string, Record<string, { tags: string[] }>> }): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ tag: op.tags[0], method, path })));
}

/** The little of the DOM the check below reads (the project compiles without the DOM library). */
interface PageNode {
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageNode | null;
  querySelectorAll(selector: string): Iterable<PageNode> & { length: number };
  getClientRects(): { length: number };
}

/**
 * The operations the page does not show: each must be in the section of its tag, laid out (not just
 * in the document), so a reader can see it and the browser's find can reach it without scrolling.
 */
function missingFromPage(ops: DocumentedOperation[]): string[] {
  // Runs in the page (page.evaluate): it can use nothing from this module.
  const sections = [...(globalThis as unknown as { document: PageNode }).document.querySelectorAll('.opblock-tag-section')];
  return ops.filter(({ tag, method, path }) => {
    const section = sections.find((s) => s.querySelector('h3.opblock-tag')?.getAttribute('data-tag') === tag);
    const block = [...(section?.querySelectorAll(`.opblock.opblock-${method}`) ?? [])]
      .find((b) => b.querySelector('.opblock-summary-path')?.getAttribute('data-path') === path);
    return !block || block.getClientRects().length === 0;
  }).map(({ tag, method, path }) => `${tag}: ${method.toUpperCase()} ${path}`);
}

describe('API documentation', function () {
  this.timeout(60_000);
  let srv: TestServer;

  before(async function () {
    srv = await startTestServer();
  });

  after(async function () {
    await srv?.stop();
  });

  it('serves the OpenAPI 3.1 document at /v3/api-docs', async function () {
    const r = await srv.request('GET', '/v3/api-docs');
    expect(r.status).to.equal(200);
    expect(r.headers.get('content-type')).to.match(/^application\/json/);
    expect(r.body.openapi).to.equal('3.1.0');
    expect(r.body.paths['/auth/login']).to.have.property('post');
    expect(r.body.components.securitySchemes.bearerAuth).to.include({ type: 'http', scheme: 'bearer' });
  });

  describe(skipReason ? `Swagger UI in Chromium (skipped: ${skipReason})` : 'Swagger UI in Chromium', function () {
    let browser: Browser | undefined;

    before(async function () {
      if (skipReason) this.skip();
      browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    });

    after(async function () {
      await browser?.close();
    });

    const pages = [
      { path: '/swagger-ui', host: 'loopback' },
      { path: '/docs', host: 'loopback' },
      { path: '/swagger-ui', host: 'public' },
    ] as const;
    for (const { path, host } of pages) {
      const where = host === 'loopback' ? '' : ` under a non-loopback host name`;
      it(`renders every operation under its tag at ${path}${where}, loading nothing but the server's own URLs`, async function () {
        const base = host === 'loopback' ? srv.url : srv.url.replace('127.0.0.1', PUBLIC_NAME);
        const context: BrowserContext = await browser!.newContext();
        try {
          const page = await context.newPage();
          const requests: string[] = [];
          const pageErrors: string[] = [];
          page.on('request', (req) => requests.push(req.url()));
          page.on('pageerror', (err) => pageErrors.push(err.message));

          const response = await page.goto(`${base}${path}`, { waitUntil: 'load' });
          expect(response?.status()).to.equal(200);
          // The UI fetched /v3/api-docs and rendered every operation under its tag, all at once:
          // Swagger UI 5.33+ would lay out only the screenful in view of a list this long.
          const ops = operationsOf((await srv.request('GET', '/v3/api-docs')).body);
          const tags = new Set(ops.map((op) => op.tag));
          const allShown = (n: number) => (globalThis as unknown as { document: PageNode }).document.querySelectorAll('.opblock').length >= n;
          await page.waitForFunction(allShown, ops.length, { timeout: 30_000 }).catch(() => undefined); // what is missing is listed below
          expect(await page.evaluate(missingFromPage, ops), 'operations not rendered under their tag').to.deep.equal([]);
          expect(await page.locator('.opblock').count()).to.equal(ops.length);
          expect(await page.locator('h3.opblock-tag').count()).to.equal(tags.size);
          expect(await page.title()).to.equal('Psychology practice API');
          // Requests made once the operations render (the validator badge, say) have had their chance.
          await page.waitForTimeout(1000);

          // No CDN, no web fonts, no online validator: every request goes to this server. A request
          // that the page's CSP blocks is listed too: the page must not try to leave.
          const elsewhere = requests.filter((url) => !url.startsWith(`${base}/`) && !url.startsWith('data:'));
          expect(elsewhere, 'requests to anywhere but the server').to.deep.equal([]);
          expect(requests, 'the UI loads the OpenAPI document').to.include(`${base}/v3/api-docs`);
          expect(pageErrors, 'uncaught errors in the page').to.deep.equal([]);
        } finally {
          await context.close();
        }
      });
    }
  });
});
