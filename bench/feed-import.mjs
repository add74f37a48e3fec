// @ts-check
/**
 * `npm run bench:feed`: `vitrine import catalog` reading a Google Merchant Center feed (RSS 2.0 XML
 * with g: fields), generated here, streamed from a file. Goal (issue 23): a feed of 1,000,000 items
 * imports with the importer's memory under 300 MB and at 10,000 items a second or more.
 *
 * Two runs, each the built CLI (dist/cli.js) in a process of its own, its peak resident memory read
 * from the process itself (process.resourceUsage().maxRSS at exit):
 * 1. 1,000,000 items into a stand-in of the catalog batch route (it answers each item `created`):
 *    the importer's own throughput and memory, whatever the service's speed;
 * 2. 100,000 items into a real Vitrine (embedded default, started as `npm start` does): end to end.
 *
 * Options: --items=1000000 --real-items=100000
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startNpmStartVitrine } from './npm-start-vitrine.mjs';
import { commandLineOptions } from './options.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'dist/cli.js');
const options = commandLineOptions();
const ITEMS = Number(options.items ?? 1_000_000);
const REAL_ITEMS = Number(options['real-items'] ?? 100_000);
const GOAL_MB = 300;
const GOAL_PER_SECOND = 10_000;
const BRANDS = ['Trama', 'Feira', 'Maré', 'Aurora', 'Terra'];
const TYPES = ['Roupas > Vestidos > Midi', 'Calçados > Sandálias', 'Acessórios > Bolsas', 'Casa > Mesa'];

/** Writes a feed of `count` items, as a shop's Merchant Center feed looks. @param {string} path @param {number} count */
async function writeFeed(path, count) {
  const out = createWriteStream(path);
  const write = async (/** @type {string} */ text) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\n');
  await write('<title>Loja de bancada</title><link>https://loja.example.com.br</link>\n');
  for (let i = 0; i < count; i++) {
    const id = `FEED-${String(i).padStart(7, '0')}`;
    await write(
      `<item><g:id>${id}</g:id><g:title>Peça de bancada ${i}</g:title>` +
        `<g:description>Peça ${i} de linho, leve, com forro de algodão e bolsos laterais.</g:description>` +
        `<g:link>https://loja.example.com.br/p/${id}</g:link><g:image_link>https://cdn.example.com.br/${id}.jpg</g:image_link>` +
        `<g:price>${(50 + (i % 400)).toFixed(2)} BRL</g:price>${i % 5 === 0 ? `<g:sale_price>${(40 + (i % 400)).toFixed(2)} BRL</g:sale_price>` : ''}` +
        `<g:availability>${i % 11 === 0 ? 'out_of_stock' : 'in_stock'}</g:availability><g:brand>${BRANDS[i % BRANDS.length]}</g:brand>` +
        `<g:product_type>${TYPES[i % TYPES.length].replace(/>/g, '&gt;')}</g:product_type><g:item_group_id>G-${Math.floor(i / 3)}</g:item_group_id>` +
        `<g:custom_label_0>${i % 2 === 0 ? 'verão' : 'inverno'}</g:custom_label_0></item>\n`,
    );
  }
  await write('</channel></rss>\n');
  out.end();
  await once(out, 'finish');
}

/**
 * Runs the CLI's import of `feed` into `url`: its seconds, its peak RSS and what it printed.
 * @param {string} feed @param {string} url @param {string} token
 */
async function runImport(feed, url, token) {
  const report = "process.on('exit',()=>process.stderr.write('\\nMAXRSS_KB '+process.resourceUsage().maxRSS+'\\n'))";
  const child = spawn(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(report)}`,
      CLI,
      'import',
      'catalog',
      feed,
      '--url',
      url,
      '--token',
      token,
      '--batch-size',
      '1000',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const started = performance.now();
  const [code] = await once(child, 'exit');
  const seconds = (performance.now() - started) / 1000;
  const rssKb = Number(/MAXRSS_KB (\d+)/.exec(stderr)?.[1]);
  if (code !== 0) throw new Error(`import exited ${code}: ${stderr.slice(-500)}`);
  return { seconds, peakMb: rssKb / 1024, printed: stdout.trim() };
}

/** A stand-in of the catalog batch route: every item `created`. */
async function standIn() {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const { products } = JSON.parse(Buffer.concat(chunks).toString());
      const results = products.map((/** @type {{ id: string }} */ p, /** @type {number} */ index) => ({
        index,
        id: p.id,
        status: 'created',
      }));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ results, created: results.length, replaced: 0, unchanged: 0, invalid: 0 }));
    });
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${address.port}`, close: () => new Promise((done) => server.close(done)) };
}

const dir = mkdtempSync(join(tmpdir(), 'vitrine-feed-bench-'));
try {
  const big = join(dir, 'feed-big.xml');
  await writeFeed(big, ITEMS);
  const stand = await standIn();
  const own = await runImport(big, stand.url, 'vtr_stand_in');
  await stand.close();
  const ownRate = ITEMS / own.seconds;
  console.log(
    `Merchant Center feed, ${ITEMS.toLocaleString('en')} items (${(statSync(big).size / 1e6).toFixed(0)} MB of XML) into a stand-in batch route: ` +
      `${own.seconds.toFixed(1)} s, ${Math.round(ownRate).toLocaleString('en')} items/s, importer peak RSS ${own.peakMb.toFixed(0)} MB → ` +
      `${ownRate >= GOAL_PER_SECOND && own.peakMb < GOAL_MB ? 'meets' : 'misses'} the goal (≥ ${GOAL_PER_SECOND.toLocaleString('en')} items/s, < ${GOAL_MB} MB)`,
  );
  rmSync(big);
  const small = join(dir, 'feed-real.xml');
  await writeFeed(small, REAL_ITEMS);
  const vitrine = await startNpmStartVitrine(`vtr_feed_bench_${'x'.repeat(32)}`);
  try {
    const real = await runImport(small, vitrine.url, vitrine.token);
    const rate = REAL_ITEMS / real.seconds;
    console.log(
      `Merchant Center feed, ${REAL_ITEMS.toLocaleString('en')} items into a real Vitrine (embedded default): ${real.seconds.toFixed(1)} s, ` +
        `${Math.round(rate).toLocaleString('en')} items/s, importer peak RSS ${real.peakMb.toFixed(0)} MB (${real.printed.split('\n')[0]})`,
    );
  } finally {
    await vitrine.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
