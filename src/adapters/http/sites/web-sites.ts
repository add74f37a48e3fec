import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { Middleware, ParameterizedContext } from 'koa';
import { DomainError } from '../../../domain/shared/errors.js';
import { HttpProblem } from '../pipeline/problems.js';
import { OPENAPI_PATH } from '../operations/openapi-route.js';
import { codedTag, codingFor } from '../pipeline/content-coding.js';
import { loadDirectory, staticFile, type StaticFile } from './static-files.js';

export const BUILDER_PATH = '/builder/';
export const STOREFRONT_PATH = '/storefront/';
/** The storefront script's stable name (cached an hour); `vitrine-events.<hash>.js` is the same file, cached for good. */
export const STOREFRONT_SCRIPT = 'vitrine-events.js';
const STOREFRONT_CACHE = 'public, max-age=3600';
export const DOCS_PATH = '/docs';

/** The builder's page: its own scripts and styles only; product images from any https/http host. */
export const BUILDER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  'img-src * data: blob:',
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The API reference: swagger-ui sets some styles inline (its own script is served from here). */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HARDENING = { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' } as const;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const DOCS_ASSETS = ['swagger-ui-bundle.js', 'swagger-ui.css'] as const;

export interface WebSiteSettings {
  /** Where the built builder is (dist/web): `npm run build` makes it. */
  readonly builderDirectory: string;
  /** Where the built storefront script is (dist/storefront). */
  readonly storefrontDirectory?: string;
}

/**
 * The merchandiser's builder at /builder/ (`/` leads there) and the API reference at /docs, both
 * served from memory: content-hashed assets cached for a year, pages `no-cache` with a strict
 * Content-Security-Policy, brotli or gzip when the client takes it, ETag and 304.
 */
export function webSites(settings: WebSiteSettings): Middleware {
  let builder: Promise<ReadonlyMap<string, StaticFile>> | undefined;
  let docs: Promise<ReadonlyMap<string, StaticFile>> | undefined;
  // A builder not built yet (or unreadable) is looked for again at the next request, not remembered as missing.
  const builderFiles = () =>
    (builder ??= loadDirectory(settings.builderDirectory).catch(() => {
      builder = undefined;
      return new Map<string, StaticFile>();
    }));
  const docsFiles = () => (docs ??= loadDocs());
  let storefront: Promise<ReadonlyMap<string, StaticFile>> | undefined;
  const storefrontFiles = () =>
    (storefront ??= loadStorefront(settings.storefrontDirectory).catch(() => {
      storefront = undefined;
      return new Map<string, StaticFile>();
    }));
  return async (ctx, next) => {
    const path = ctx.path;
    if (path === '/') return redirect(ctx, 302, BUILDER_PATH);
    if (path === '/builder') return redirect(ctx, 301, BUILDER_PATH);
    if (path.startsWith(BUILDER_PATH)) return serveBuilder(ctx, await builderFiles(), path.slice(BUILDER_PATH.length));
    if (path.startsWith(STOREFRONT_PATH)) {
      const name = path.slice(STOREFRONT_PATH.length);
      return serve(ctx, (await storefrontFiles()).get(name), name === STOREFRONT_SCRIPT ? STOREFRONT_CACHE : IMMUTABLE);
    }
    if (path === DOCS_PATH || path === `${DOCS_PATH}/`)
      return serve(ctx, (await docsFiles()).get('index.html'), 'no-cache', DOCS_CSP);
    if (path.startsWith(`${DOCS_PATH}/`))
      return serve(ctx, (await docsFiles()).get(path.slice(DOCS_PATH.length + 1)), 'public, max-age=3600');
    await next();
  };
}

function serveBuilder(ctx: ParameterizedContext, files: ReadonlyMap<string, StaticFile>, rest: string): void {
  const page = files.get('index.html');
  if (page === undefined) {
    throw new DomainError('UNAVAILABLE', 'The builder is not built: run `npm run build` (or `npm start`, which builds it).');
  }
  if (rest.startsWith('assets/')) return serve(ctx, files.get(rest), IMMUTABLE);
  // Every other path is one of the app's screens: the page, which reads the rest of the URL.
  serve(ctx, page, 'no-cache', BUILDER_CSP);
}

function serve(ctx: ParameterizedContext, file: StaticFile | undefined, cacheControl: string, csp?: string): void {
  if (file === undefined) throw new HttpProblem('ROUTE_NOT_FOUND', `No file answers ${ctx.path}.`);
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    ctx.set('Allow', 'GET, HEAD');
    throw new HttpProblem('METHOD_NOT_ALLOWED', `This route does not answer ${ctx.method}.`);
  }
  const encoding = codingFor(file, ctx.get('Accept-Encoding') || undefined);
  ctx.set({ ...HARDENING, 'Cache-Control': cacheControl, ETag: codedTag(file.etag, encoding), Vary: 'Accept-Encoding' });
  if (csp !== undefined) ctx.set('Content-Security-Policy', csp);
  ctx.type = file.type;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (encoding !== undefined) ctx.set('Content-Encoding', encoding);
  ctx.body = encoding === undefined ? file.identity : file[encoding];
}

/**
 * The storefront script under its stable name and under a name holding its content's hash
 * (`vitrine-events.<hash>.js`): a page that pins the hashed name is never served another script.
 */
async function loadStorefront(directory: string | undefined): Promise<ReadonlyMap<string, StaticFile>> {
  if (directory === undefined) return new Map();
  const script = await staticFile(STOREFRONT_SCRIPT, await readFile(join(directory, STOREFRONT_SCRIPT)));
  return new Map([
    [STOREFRONT_SCRIPT, script],
    [hashedScriptName(script), script],
  ]);
}

/** `vitrine-events.<the first 16 hex digits of the content's SHA-256>.js`. */
export function hashedScriptName(script: StaticFile): string {
  return STOREFRONT_SCRIPT.replace(/\.js$/, `.${createHash('sha256').update(script.identity).digest('hex').slice(0, 16)}.js`);
}

function redirect(ctx: ParameterizedContext, status: 301 | 302, location: string): void {
  ctx.status = status;
  ctx.redirect(location);
}

/** swagger-ui from its own package (never a CDN), and the page and script that point it at our document. */
async function loadDocs(): Promise<ReadonlyMap<string, StaticFile>> {
  const root = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files = new Map<string, StaticFile>();
  for (const name of DOCS_ASSETS) files.set(name, await staticFile(name, await readFile(join(root, name))));
  files.set('docs.js', await staticFile('docs.js', Buffer.from(DOCS_SCRIPT)));
  files.set('index.html', await staticFile('index.html', Buffer.from(DOCS_PAGE)));
  return files;
}

const DOCS_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#api', deepLinking: true, persistAuthorization: false });
});
`;

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Vitrine API reference</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <header><nav aria-label="Vitrine"><a href="${BUILDER_PATH}">Vitrine builder</a> · <a href="${OPENAPI_PATH}">openapi.json</a></nav></header>
    <main id="api"></main>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/docs.js"></script>
  </body>
</html>
`;
