#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { EVENT_FORMATS, type EventFormat } from './adapters/cli/event-formats.js';
import { describeCounts, ImportFailure, importFile, type ImportKind } from './adapters/cli/import-file.js';

const USAGE = `Usage:
  vitrine import catalog <file.jsonl|file.csv|feed.xml|feed.tsv|https://...> [--format auto|vitrine|merchant]
                         [--unavailable-when-missing] [--url URL] [--token TOKEN] [--batch-size N]
  vitrine import profiles <file.jsonl> [--url URL] [--token TOKEN] [--batch-size N]
  vitrine import events <file.jsonl> [--format auto|vitrine|ga4|segment] [--url URL] [--token TOKEN] [--batch-size N]

Loads a running Vitrine through its batch routes. Each line of a JSON Lines file is one product
(the catalog body with its "id"), one profile ({ "userProfileId", "identifiers"?, "profile" }) or
one shopper event ({ "eventId"?, "type", "productId", "sessionId", "userId"?, "at"?, "recommendationId"? }).
The catalog may also be a Google Merchant Center feed as it is (RSS 2.0 or Atom XML with g: fields,
or TSV), from a file or an http(s) URL, streamed: --format merchant, or auto (a URL, .xml or .tsv);
--unavailable-when-missing then marks unavailable the products the feed no longer holds.
Events may also be GA4's BigQuery export rows (view_item, add_to_cart, purchase, select_item) or
Segment e-commerce track calls (Product Viewed, Product Added, Order Completed, Product Clicked):
--format says which, or auto (the default) tells each line by its fields; other events are skipped.
  --url         where Vitrine answers (default $VITRINE_URL or http://localhost:3000)
  --token       a token with products:write, profiles:write or events:write (default $VITRINE_TOKEN)
  --batch-size  items per request, 1 to 1000 (default 500)
Exit status: 0 when every line was applied, 1 when some lines were refused, 2 when the import
could not run (bad arguments, wrong token, Vitrine unreachable).`;

async function main(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        'batch-size': { type: 'string' },
        format: { type: 'string' },
        'unavailable-when-missing': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [command, kind, file, ...extra] = positionals;
  if (command !== 'import' || !isKind(kind) || file === undefined || extra.length > 0) {
    return usage('expected: vitrine import catalog|profiles|events <file>');
  }
  const token = values.token ?? process.env.VITRINE_TOKEN;
  if (token === undefined || token.length === 0) return usage('a token is needed: --token or VITRINE_TOKEN');
  const batchSize = Number(values['batch-size'] ?? 500);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 1000)
    return usage('--batch-size must be an integer from 1 to 1000');
  const format = values.format ?? 'auto';
  if (kind === 'events' && !isFormat(format)) return usage(`--format must be one of ${EVENT_FORMATS.join(', ')}`);
  if (kind === 'catalog' && !CATALOG_FORMATS.includes(format))
    return usage(`--format must be one of ${CATALOG_FORMATS.join(', ')}`);
  if (kind === 'profiles' && values.format !== undefined) return usage('--format is for the catalog and events');
  const unavailableWhenMissing = values['unavailable-when-missing'] === true;
  if (unavailableWhenMissing && kind !== 'catalog') return usage('--unavailable-when-missing is for the catalog');
  const url = values.url ?? process.env.VITRINE_URL ?? 'http://localhost:3000';
  try {
    new URL(url);
  } catch {
    return usage(`--url is not a URL: ${url}`);
  }
  try {
    const summary = await importFile({
      kind,
      file,
      url,
      token,
      batchSize,
      ...(kind === 'events' && isFormat(format) ? { format } : {}),
      ...(kind === 'catalog' && format !== 'auto' ? { merchantFeed: format === 'merchant' } : {}),
      unavailableWhenMissing,
      out: process.stderr,
    });
    process.stdout.write(
      `${kind} import of ${file}: ${summary.lines} lines, ${describeCounts(kind, summary)}, in ${summary.seconds.toFixed(1)} s\n`,
    );
    if (summary.markedUnavailable !== undefined) {
      process.stdout.write(`${summary.markedUnavailable} products the feed no longer holds marked unavailable\n`);
    }
    const skipped = Object.entries(summary.skipped).map(([name, count]) => `${name} ${count}`);
    if (skipped.length > 0) process.stderr.write(`skipped (events Vitrine does not record): ${skipped.join(', ')}\n`);
    return summary.refused > 0 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof ImportFailure)) throw error;
    process.stderr.write(`vitrine: ${error.message}\n`);
    return 2;
  }
}

/** How a catalog file is read: `vitrine` (JSON Lines, or CSV by its name), `merchant` (a Merchant Center feed), `auto` (by its name). */
const CATALOG_FORMATS = ['auto', 'vitrine', 'merchant'];

function isFormat(format: string): format is EventFormat {
  return (EVENT_FORMATS as readonly string[]).includes(format);
}

function isKind(kind: string | undefined): kind is ImportKind {
  return kind === 'catalog' || kind === 'profiles' || kind === 'events';
}

function usage(problem: string): number {
  process.stderr.write(`vitrine: ${problem}\n\n${USAGE}\n`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
