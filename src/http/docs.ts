import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';
import { koaSwagger } from 'koa2-swagger-ui';
import type { Context, Next } from 'koa';

const require = createRequire(import.meta.url);
const assetsDir = dirname(require.resolve('swagger-ui-dist/package.json'));

// The only files the UI page loads; served from the local swagger-ui-dist (and this folder), never a CDN.
const ASSETS: Record<string, [string, string]> = {
  'swagger-ui.min.css': [join(assetsDir, 'swagger-ui.css'), 'text/css'],
  'swagger-ui-bundle.js': [join(assetsDir, 'swagger-ui-bundle.js'), 'application/javascript'],
  'swagger-ui-standalone-preset.js': [join(assetsDir, 'swagger-ui-standalone-preset.js'), 'application/javascript'],
  'favicon-32x32.png': [join(assetsDir, 'favicon-32x32.png'), 'image/png'],
  // Every tag and operation laid out at once, not only those in view (see the file).
  'swagger-ui-operations.js': [fileURLToPath(new URL('./swagger-ui-operations.js', import.meta.url)), 'application/javascript'],
};
const OPERATIONS_SCRIPT = '<script src="/swagger-ui-assets/dist/swagger-ui-operations.js"></script>';

export function mountDocs(router: Router, document: () => object): void {
  router.get('/v3/api-docs', (ctx) => {
    ctx.body = document();
  });
  router.get('/swagger-ui-assets/dist/:name', (ctx) => {
    const asset = ASSETS[ctx.params.name];
    if (!asset) return;
    ctx.type = asset[1];
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = createReadStream(asset[0]);
  });
  const ui = koaSwagger({
    routePrefix: false,
    title: 'Psychology practice API',
    swaggerCdnUrl: '/swagger-ui-assets',
    swaggerVersion: 'dist',
    favicon: '/swagger-ui-assets/dist/favicon-32x32.png',
    hideTopbar: true,
    // No validator badge: it would send the document's URL to validator.swagger.io.
    // The template writes `plugins` as code into the page's plugin list: the function the script below defines.
    swaggerOptions: { url: '/v3/api-docs', validatorUrl: null, plugins: 'WholeOperationListPlugin' },
  });
  // The template links Google Fonts; the page must load nothing from outside, so that link goes. It
  // has no place for a script of ours: the plugin's goes at the end of the head, before the page's own.
  const page = async (ctx: Context, next: Next) => {
    await ui(ctx, next);
    if (typeof ctx.body === 'string') {
      ctx.body = ctx.body.replace(/<link[^>]+fonts\.googleapis\.com[^>]*>/g, '').replace('</head>', `${OPERATIONS_SCRIPT}\n</head>`);
    }
  };
  router.get('/swagger-ui', page);
  router.get('/swagger-ui/index.html', page);
  router.get('/docs', page);
  router.get('/docs/index.html', page);
}
