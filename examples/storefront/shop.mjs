// @ts-check
/**
 * A demo storefront on its own origin: the shop's web server renders product pages with the
 * similar products Vitrine answers (asked server-side with a secret token), and the pages carry
 * Vitrine's storefront script with a publishable key, which records what the shopper does.
 *
 *   VITRINE_URL=http://localhost:3000 VITRINE_TOKEN=vtr_... VITRINE_KEY=vtp_... node examples/storefront/shop.mjs
 *
 * then open http://localhost:8080/?product=VES-002 (add `&user=up_ana_souza` to browse signed in).
 * VITRINE_TOKEN needs products:read; VITRINE_KEY is a publishable key whose allowedOrigins list
 * http://localhost:8080 (docs/events.md). PORT changes the port.
 */
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';

/** @param {unknown} text */
const escape = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * Starts the shop. `port` 0 takes a free one.
 * @param {{ vitrine: string, token: string, key: string, port?: number }} options
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export async function startShop({ vitrine, token, key, port = 8080 }) {
  const headers = { 'X-Service-APP-Token': token, 'Content-Type': 'application/json' };
  /** @param {string} id */
  const product = async (id) => {
    const answer = await fetch(`${vitrine}/api/v1/products/protected/catalog/${encodeURIComponent(id)}`, { headers });
    return answer.ok
      ? /** @type {{ id: string, name: string, price?: number, brand?: string }} */ (await answer.json())
      : undefined;
  };
  /**
   * The products similar to `id` (their ids from the similar route, their names from one batch
   * read), with the answer's X-Recommendation-Id, which the page's clicks on them name.
   * @param {string} id @param {string | undefined} user
   */
  const similar = async (id, user) => {
    const answer = await fetch(`${vitrine}/api/v1/products/protected/similar`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ sessionId: 'demo-shop-server', userId: user ?? null, data: { id, limit: 4 } }),
    });
    if (!answer.ok) return { id: '', products: [] };
    const ids = /** @type {{ products: string[] }} */ (await answer.json()).products;
    const read = await fetch(`${vitrine}/api/v1/products/protected/catalog/lookup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ids }),
    });
    const found = read.ok ? /** @type {{ products: { id: string, name: string }[] }} */ (await read.json()).products : [];
    const names = new Map(found.map((p) => [p.id, p.name]));
    return {
      id: answer.headers.get('X-Recommendation-Id') ?? '',
      products: ids.map((p) => ({ id: p, name: names.get(p) ?? p })),
    };
  };
  /** @param {string} title @param {string} body @param {string | undefined} user */
  const page = (title, body, user) => `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escape(title)} · Loja demo</title>
    <script src="${escape(vitrine)}/storefront/vitrine-events.js" defer
            data-key="${escape(key)}" data-endpoint="${escape(vitrine)}"${user === undefined ? '' : ` data-user-id="${escape(user)}"`}></script>
  </head>
  <body>
    <header><a href="/">Loja demo</a></header>
    <main>${body}</main>
  </body>
</html>`;

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://shop');
      const user = url.searchParams.get('user') ?? undefined;
      const keep = user === undefined ? '' : `&user=${encodeURIComponent(user)}`;
      const id = url.searchParams.get('product') ?? 'VES-002';
      const shown = await product(id);
      if (shown === undefined) {
        res
          .writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' })
          .end(page('Não encontrado', '<h1>Produto não encontrado</h1>', user));
        return;
      }
      if (url.pathname === '/thanks') {
        const body = `<h1 data-vitrine-purchase="${escape(shown.id)}">Obrigado pela compra!</h1>
      <p>${escape(shown.name)}</p><p><a href="/?product=${encodeURIComponent(shown.id)}${keep}">Voltar à loja</a></p>`;
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page('Obrigado', body, user));
        return;
      }
      const recommended = await similar(shown.id, user);
      const body = `<article data-vitrine-view="${escape(shown.id)}">
        <h1>${escape(shown.name)}</h1>
        <p>${escape(shown.brand ?? '')} ${shown.price === undefined ? '' : `R$ ${escape(shown.price.toFixed(2).replace('.', ','))}`}</p>
        <button type="button" data-vitrine-add-to-cart="${escape(shown.id)}">Adicionar ao carrinho</button>
        <a href="/thanks?product=${encodeURIComponent(shown.id)}${keep}">Comprar agora</a>
      </article>
      <section aria-label="Você também pode gostar" data-vitrine-recommendation-id="${escape(recommended.id)}">
        <h2>Você também pode gostar</h2>
        <ul>${recommended.products
          .map(
            (p) =>
              `<li><a href="/?product=${encodeURIComponent(p.id)}${keep}" data-vitrine-product-id="${escape(p.id)}">${escape(p.name)}</a></li>`,
          )
          .join('')}</ul>
      </section>`;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page(shown.name, body, user));
    } catch (error) {
      res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Vitrine did not answer: ${String(error)}`);
    }
  });
  await new Promise((done) => server.listen(port, '127.0.0.1', () => done(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { VITRINE_URL = 'http://localhost:3000', VITRINE_TOKEN, VITRINE_KEY, PORT = '8080' } = process.env;
  if (!VITRINE_TOKEN || !VITRINE_KEY) {
    console.error(
      'Set VITRINE_TOKEN (products:read) and VITRINE_KEY (a publishable key allowing http://localhost:' + PORT + ').',
    );
    process.exit(1);
  }
  const shop = await startShop({ vitrine: VITRINE_URL, token: VITRINE_TOKEN, key: VITRINE_KEY, port: Number(PORT) });
  console.log(`Demo shop at ${shop.url.replace('127.0.0.1', 'localhost')}/?product=VES-002`);
}
