import { createReadStream, statSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { mapEventLine, type EventFormat } from './event-formats.js';
import { readMerchantTsv, readMerchantXml } from './merchant-feed.js';
import { readCatalogCsv, readJsonLines, type FileLine } from './read-records.js';

export type ImportKind = 'catalog' | 'profiles' | 'events';

export interface ImportOptions {
  readonly kind: ImportKind;
  readonly file: string;
  /** Where Vitrine answers, e.g. http://localhost:3000. */
  readonly url: string;
  readonly token: string;
  /** Items per request (1 to 1,000). */
  readonly batchSize: number;
  /** For events: the lines' format (event-formats.ts); default `auto`, each line as it looks. */
  readonly format?: EventFormat;
  /**
   * For the catalog: read `file` (a path or an http(s) URL) as a Merchant Center feed (XML or TSV,
   * merchant-feed.ts). Undefined: a feed when it is a URL or its name ends in .xml or .tsv.
   */
  readonly merchantFeed?: boolean;
  /** For a Merchant Center feed: afterwards, mark unavailable the available products the feed no longer holds. */
  readonly unavailableWhenMissing?: boolean;
  /** Where progress, refused lines and the summary go. */
  readonly out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
}

export interface ImportSummary {
  lines: number;
  /** How many lines came back with each status of an applied item (`created`, `accepted`, `duplicate`, ...). */
  readonly applied: Record<string, number>;
  refused: number;
  /** Lines of an export that hold no event Vitrine records (a GA4 page_view, a Segment Signed In), by name. */
  readonly skipped: Record<string, number>;
  /** Products marked unavailable because the feed no longer holds them (unavailableWhenMissing). */
  markedUnavailable?: number;
  seconds: number;
}

interface ImportRoute {
  readonly path: string;
  readonly field: string;
  /** The statuses of an applied item, in the order the summary tells them; any other status is a refusal. */
  readonly outcomes: readonly string[];
}

const WRITES = ['created', 'replaced', 'unchanged'];

const ROUTES: Record<ImportKind, ImportRoute> = {
  catalog: { path: '/api/v1/products/protected/catalog/batch', field: 'products', outcomes: WRITES },
  profiles: { path: '/api/v1/crm/protected/profile/batch', field: 'profiles', outcomes: WRITES },
  // A duplicate (an eventId seen before) is applied: running an import again changes nothing.
  events: { path: '/api/v1/events/protected/batch', field: 'events', outcomes: ['accepted', 'duplicate'] },
};

/** The summary's counts in words: `3 created, 0 replaced, 0 unchanged, 1 refused` or `5 accepted, 1 duplicate, 0 refused`. */
export function describeCounts(kind: ImportKind, summary: ImportSummary): string {
  const applied = ROUTES[kind].outcomes.map((status) => `${summary.applied[status] ?? 0} ${status}`);
  const skipped = Object.values(summary.skipped).reduce((a, b) => a + b, 0);
  return [...applied, `${summary.refused} refused`, ...(skipped > 0 ? [`${skipped} skipped`] : [])].join(', ');
}

/** A request body stays under the batch routes' 2 MB, its envelope included. */
const MAX_BATCH_BYTES = 2 * 1024 * 1024 - 4 * 1024;
const MAX_ATTEMPTS = 8;

/** The import could not go on (wrong token, Vitrine unreachable, a file it cannot read). */
export class ImportFailure extends Error {
  override readonly name = 'ImportFailure';
}

interface BatchResult {
  readonly results: readonly { index: number; status: string; errors?: readonly { path: string; message: string }[] }[];
}

/**
 * Loads a JSON Lines (or, for the catalog, CSV) file into a running Vitrine through its batch
 * routes, so validation and the caches' invalidation take the service's one write path. Items go
 * in batches; every refused line is reported by its number without stopping the others; 429 and
 * 503 answers are waited out and retried. Re-running an import changes nothing: identical items
 * come back `unchanged`, events with an `eventId` `duplicate`.
 */
export async function importFile(options: ImportOptions): Promise<ImportSummary> {
  const route = ROUTES[options.kind];
  const started = performance.now();
  const summary: ImportSummary = { lines: 0, applied: {}, refused: 0, skipped: {}, seconds: 0 };
  const { lines, unit, progress } = await openLines(options, summary);
  /** The ids the feed holds, refused ones too: what --unavailable-when-missing keeps available. */
  const inFeed = options.unavailableWhenMissing === true ? new Set<string>() : undefined;

  const refuse = (line: number, message: string) => {
    summary.refused++;
    progress.note(`${unit} ${line}: ${message}`);
  };

  let batch: { line: number; text: string }[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const sent = batch;
    batch = [];
    batchBytes = 0;
    const result = await send(
      options,
      route,
      sent.map((b) => b.text),
    );
    for (const item of result.results) {
      const line = sent[item.index]?.line ?? 0;
      if (route.outcomes.includes(item.status)) summary.applied[item.status] = (summary.applied[item.status] ?? 0) + 1;
      else refuse(line, (item.errors ?? []).map((e) => `${e.path}: ${inLines(e.message, sent)}`).join('; ') || item.status);
    }
    progress.tick();
  };

  try {
    for await (const entry of lines) {
      summary.lines++;
      if ('error' in entry) {
        refuse(entry.line, entry.error);
        continue;
      }
      const mapped =
        options.kind === 'events' ? mapEventLine(entry.record, options.format ?? 'auto') : { events: [entry.record] };
      if ('error' in mapped) {
        refuse(entry.line, mapped.error);
        continue;
      }
      if ('skipped' in mapped) {
        summary.skipped[mapped.skipped] = (summary.skipped[mapped.skipped] ?? 0) + 1;
        continue;
      }
      for (const item of mapped.events) {
        if (inFeed !== undefined && typeof item.id === 'string') inFeed.add(item.id);
        const text = JSON.stringify(item);
        const bytes = Buffer.byteLength(text);
        if (bytes > MAX_BATCH_BYTES) {
          refuse(entry.line, 'is larger than the 2 MB a request may carry');
          continue;
        }
        if (batch.length >= options.batchSize || (batch.length > 0 && batchBytes + bytes > MAX_BATCH_BYTES)) await flush();
        batch.push({ line: entry.line, text });
        batchBytes += bytes + 1;
      }
    }
    await flush();
    if (inFeed !== undefined) summary.markedUnavailable = await markMissingUnavailable(options, inFeed, progress);
  } catch (error) {
    if (error instanceof ImportFailure) throw error;
    throw new ImportFailure(`cannot read ${options.file}: ${(error as Error).message}`);
  } finally {
    summary.seconds = (performance.now() - started) / 1000;
    progress.done();
  }
  return summary;
}

/**
 * What an import reads, item by item: a Merchant Center feed (a file or a URL), a catalog CSV or
 * JSON Lines; how its items are named in reports (a feed's by position, a file's by line); and
 * the progress shown while it is read.
 */
async function openLines(
  options: ImportOptions,
  summary: ImportSummary,
): Promise<{ lines: AsyncIterable<FileLine>; unit: 'item' | 'line'; progress: Progress }> {
  const feed = options.kind === 'catalog' && (options.merchantFeed ?? isFeedName(options.file));
  if (options.unavailableWhenMissing === true && !feed) {
    throw new ImportFailure('--unavailable-when-missing is for a Merchant Center feed (the whole catalog, XML or TSV)');
  }
  const source = await openSource(options.file, feed);
  const progress = new Progress(options.out, source.bytes, summary, options.kind);
  let readBytes = 0;
  const onBytes = (n: number) => {
    readBytes += n;
    progress.read(readBytes);
  };
  const csv = !feed && options.file.toLowerCase().endsWith('.csv');
  if (csv && options.kind !== 'catalog') throw new ImportFailure(`${options.kind} are imported from JSON Lines only`);
  const lines: AsyncIterable<FileLine> = feed
    ? await feedItems(counted(source.chunks(), onBytes))
    : csv
      ? readCatalogCsv(options.file, onBytes)
      : readJsonLines(options.file, onBytes);
  return { lines, unit: feed ? 'item' : 'line', progress };
}

async function send(options: ImportOptions, route: ImportRoute, items: readonly string[]): Promise<BatchResult> {
  return call<BatchResult>(options, 'POST', route.path, `{"${route.field}":[${items.join(',')}]}`);
}

/** One call to Vitrine, 429 and 5xx waited out and tried again, any other refusal an ImportFailure. */
async function call<T>(options: ImportOptions, method: 'GET' | 'POST', path: string, body?: string): Promise<T> {
  const url = new URL(path, options.url);
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-Service-APP-Token': options.token },
        body,
      });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw new ImportFailure(`cannot reach Vitrine at ${options.url}: ${describe(error)}`);
      await delay(backoff(attempt));
      continue;
    }
    const text = await response.text();
    if (response.ok) return JSON.parse(text) as T;
    // Worth waiting out: too many requests, and a server or gateway that is briefly away.
    if ([429, 502, 503, 504].includes(response.status) && attempt < MAX_ATTEMPTS) {
      const retryAfter = Number(response.headers.get('Retry-After'));
      await delay(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : backoff(attempt));
      continue;
    }
    throw new ImportFailure(`Vitrine answered ${response.status} to ${url.pathname}: ${problemText(text)}`);
  }
}

const CATALOG = '/api/v1/products/protected/catalog';

/**
 * Marks unavailable every available product the feed did not hold: the catalog's available products
 * are listed a page at a time (100), those missing read 500 at a time and written back with
 * `available: false` in batches. Answers how many were marked.
 */
async function markMissingUnavailable(options: ImportOptions, inFeed: ReadonlySet<string>, progress: Progress): Promise<number> {
  const missing: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?available=true&limit=100${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const page: { products: { id: string }[]; nextCursor: string | null } = await call(options, 'GET', `${CATALOG}${query}`);
    for (const product of page.products) if (!inFeed.has(product.id)) missing.push(product.id);
    cursor = page.nextCursor;
  } while (cursor !== null);
  let marked = 0;
  for (let start = 0; start < missing.length; start += 500) {
    const read: { products: Record<string, unknown>[] } = await call(
      options,
      'POST',
      `${CATALOG}/lookup`,
      JSON.stringify({ ids: missing.slice(start, start + 500) }),
    );
    const gone = read.products.map(({ createdAt: _c, updatedAt: _u, ...product }) =>
      JSON.stringify({ ...product, available: false }),
    );
    const written = await send(options, ROUTES.catalog, gone);
    for (const item of written.results) {
      if (WRITES.includes(item.status)) marked++;
      else
        progress.note(
          `marking ${String(read.products[item.index]?.id)} unavailable: ${(item.errors ?? []).map((e) => `${e.path}: ${e.message}`).join('; ')}`,
        );
    }
  }
  return marked;
}

/** Where an import reads from: a file, or (a feed) an http(s) URL, streamed either way. */
interface Source {
  /** Its size, when known (the progress bar's 100%). */
  readonly bytes: number | undefined;
  chunks(): AsyncIterable<Buffer>;
}

async function openSource(file: string, feed: boolean): Promise<Source> {
  if (/^https?:\/\//i.test(file)) {
    if (!feed) throw new ImportFailure('only a Merchant Center feed is read from a URL');
    let response: Response;
    try {
      response = await fetch(file, {
        headers: { Accept: 'application/xml, text/xml, text/tab-separated-values, text/plain, */*' },
      });
    } catch (error) {
      throw new ImportFailure(`cannot read ${file}: ${describe(error)}`);
    }
    if (!response.ok || response.body === null) throw new ImportFailure(`cannot read ${file}: HTTP ${response.status}`);
    const length = Number(response.headers.get('Content-Length'));
    const body = response.body;
    return {
      bytes: Number.isFinite(length) && length > 0 ? length : undefined,
      chunks: () => body as unknown as AsyncIterable<Buffer>,
    };
  }
  let bytes: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new Error('not a file');
    bytes = stat.size;
  } catch (error) {
    throw new ImportFailure(`cannot read ${file}: ${(error as Error).message}`);
  }
  return { bytes, chunks: () => createReadStream(file) };
}

/** Whether a name says Merchant Center feed: an http(s) URL, or a file ending in .xml or .tsv. */
function isFeedName(file: string): boolean {
  return /^https?:\/\//i.test(file) || /\.(xml|tsv)$/i.test(file);
}

async function* counted(chunks: AsyncIterable<Buffer>, onBytes: (bytes: number) => void): AsyncIterable<Buffer> {
  for await (const chunk of chunks) {
    onBytes(chunk.length);
    yield chunk;
  }
}

/** A feed's items: XML when its first character (after a byte order mark and spaces) is `<`, else TSV. */
async function feedItems(chunks: AsyncIterable<Buffer>): Promise<AsyncIterable<FileLine>> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  const head = first.done === true ? Buffer.alloc(0) : Buffer.from(first.value);
  const rest: AsyncIterable<Buffer> = {
    async *[Symbol.asyncIterator]() {
      if (head.length > 0) yield head;
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) yield Buffer.from(next.value);
    },
  };
  const xml = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<');
  return xml ? readMerchantXml(rest) : readMerchantTsv(rest);
}

function backoff(attempt: number): number {
  return Math.min(10_000, 250 * 2 ** (attempt - 1));
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}

function problemText(text: string): string {
  try {
    const problem = JSON.parse(text) as { title?: string; detail?: string };
    return [problem.title, problem.detail].filter(Boolean).join(': ') || text;
  } catch {
    return text.slice(0, 200);
  }
}

/**
 * Progress on a terminal: one bar redrawn in place (refused lines printed above it). Elsewhere
 * (a log, a pipe): a plain line every 5 seconds.
 */
class Progress {
  private readonly tty: boolean;
  private bytes = 0;
  private lastPlain = performance.now();
  private readonly started = performance.now();
  private drawn = false;

  constructor(
    private readonly out: ImportOptions['out'],
    /** Undefined when the source does not tell its size (a feed sent without Content-Length). */
    private readonly totalBytes: number | undefined,
    private readonly summary: ImportSummary,
    private readonly kind: ImportKind,
  ) {
    this.tty = out.isTTY === true;
  }

  read(bytes: number): void {
    this.bytes = bytes;
  }

  note(message: string): void {
    if (this.tty && this.drawn) this.out.write('\r\x1b[2K');
    this.out.write(`${message}\n`);
    if (this.tty) this.draw();
  }

  tick(): void {
    if (this.tty) {
      this.draw();
      return;
    }
    const now = performance.now();
    if (now - this.lastPlain >= 5_000) {
      this.lastPlain = now;
      this.out.write(`progress: ${this.line()}\n`);
    }
  }

  done(): void {
    if (this.tty && this.drawn) this.out.write('\r\x1b[2K');
  }

  private draw(): void {
    const width = Math.max(10, Math.min(40, (this.out.columns ?? 80) - 60));
    const share = this.totalBytes === undefined ? 0 : this.totalBytes === 0 ? 1 : Math.min(1, this.bytes / this.totalBytes);
    const filled = Math.round(share * width);
    this.out.write(`\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(share * 100)}% ${this.line()}`);
    this.drawn = true;
  }

  private line(): string {
    const { lines } = this.summary;
    const seconds = (performance.now() - this.started) / 1000;
    const rate = seconds > 0 ? Math.round(lines / seconds) : 0;
    return `${lines} lines, ${describeCounts(this.kind, this.summary)} (${rate} lines/s)`;
  }
}

/** The batch's words for another item of it ("the item at index 3 of this batch"), as the file's line. */
function inLines(message: string, sent: readonly { line: number }[]): string {
  return message.replace(/the item at index (\d+) of this batch|index (\d+) of this batch/g, (whole, a?: string, b?: string) => {
    const line = sent[Number(a ?? b)]?.line;
    return line === undefined ? whole : `line ${line}`;
  });
}
