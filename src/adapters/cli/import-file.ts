import { statSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { mapEventLine, type EventFormat } from './event-formats.js';
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
  let totalBytes: number;
  try {
    const stat = statSync(options.file);
    if (!stat.isFile()) throw new Error('not a file');
    totalBytes = stat.size;
  } catch (error) {
    throw new ImportFailure(`cannot read ${options.file}: ${(error as Error).message}`);
  }
  const progress = new Progress(options.out, totalBytes, summary, options.kind);
  let readBytes = 0;
  const onBytes = (n: number) => {
    readBytes += n;
    progress.read(readBytes);
  };
  const csv = options.file.toLowerCase().endsWith('.csv');
  if (csv && options.kind !== 'catalog') throw new ImportFailure(`${options.kind} are imported from JSON Lines only`);
  const lines: AsyncIterable<FileLine> = csv ? readCatalogCsv(options.file, onBytes) : readJsonLines(options.file, onBytes);

  const refuse = (line: number, message: string) => {
    summary.refused++;
    progress.note(`line ${line}: ${message}`);
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
  } catch (error) {
    if (error instanceof ImportFailure) throw error;
    throw new ImportFailure(`cannot read ${options.file}: ${(error as Error).message}`);
  } finally {
    summary.seconds = (performance.now() - started) / 1000;
    progress.done();
  }
  return summary;
}

async function send(options: ImportOptions, route: ImportRoute, items: readonly string[]): Promise<BatchResult> {
  const body = `{"${route.field}":[${items.join(',')}]}`;
  const url = new URL(route.path, options.url);
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Service-APP-Token': options.token },
        body,
      });
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw new ImportFailure(`cannot reach Vitrine at ${options.url}: ${describe(error)}`);
      await delay(backoff(attempt));
      continue;
    }
    const text = await response.text();
    if (response.ok) return JSON.parse(text) as BatchResult;
    // Worth waiting out: too many requests, and a server or gateway that is briefly away.
    if ([429, 502, 503, 504].includes(response.status) && attempt < MAX_ATTEMPTS) {
      const retryAfter = Number(response.headers.get('Retry-After'));
      await delay(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : backoff(attempt));
      continue;
    }
    throw new ImportFailure(`Vitrine answered ${response.status} to ${route.path}: ${problemText(text)}`);
  }
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
    private readonly totalBytes: number,
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
    const share = this.totalBytes === 0 ? 1 : Math.min(1, this.bytes / this.totalBytes);
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
