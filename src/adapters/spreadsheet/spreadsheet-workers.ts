import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Spreadsheet } from '../../application/merchandising/spreadsheet-slices.js';
import { ValidationError, type ValidationIssue } from '../../domain/shared/errors.js';
import { token } from '../../domain/shared/token.js';
import type { SpreadsheetFormat } from './read-spreadsheet.js';
import type { SpreadsheetJob } from './spreadsheet-worker.js';

/** Reads an uploaded spreadsheet into its rows, or throws a ValidationError naming why it cannot. */
export interface SpreadsheetReader {
  read(bytes: Buffer, format: SpreadsheetFormat): Promise<Spreadsheet>;
}

export const SpreadsheetReaderToken = token<SpreadsheetReader>('SpreadsheetReader');

/** How long reading one spreadsheet may take, waiting included, before it is given up (and its worker replaced). */
export const SPREADSHEET_READ_TIMEOUT_MS = 10_000;

interface Pending {
  readonly job: SpreadsheetJob;
  readonly done: (sheet: Spreadsheet) => void;
  readonly failed: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

interface Answer {
  readonly id: number;
  readonly sheet?: Spreadsheet;
  readonly issues?: readonly ValidationIssue[];
  readonly message?: string;
}

/**
 * Reads spreadsheets off the event loop: unpacking and parsing an upload of up to 5 MB can take
 * far longer than the 50 ms a request may hold the loop, so it runs on a worker thread, one sheet
 * at a time, while the service goes on answering. A sheet that takes longer than 10 s is refused
 * and its worker replaced. The worker starts with the first upload and does not keep the process
 * alive; `stop` ends it.
 */
export class SpreadsheetWorkers implements SpreadsheetReader {
  readonly name = 'spreadsheets';
  private worker: Worker | undefined;
  private readonly queue: Pending[] = [];
  private running: Pending | undefined;
  private nextId = 1;

  read(bytes: Buffer, format: SpreadsheetFormat): Promise<Spreadsheet> {
    return new Promise<Spreadsheet>((done, failed) => {
      const job: SpreadsheetJob = { id: this.nextId++, bytes, format };
      const timer = setTimeout(() => this.timedOut(job.id), SPREADSHEET_READ_TIMEOUT_MS);
      timer.unref();
      this.queue.push({ job, done, failed, timer });
      this.next();
    });
  }

  /** Nothing to open: the worker starts with the first upload. */
  start(): Promise<void> {
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    for (const pending of [...(this.running === undefined ? [] : [this.running]), ...this.queue.splice(0)]) {
      clearTimeout(pending.timer);
      pending.failed(new Error('the service is stopping'));
    }
    this.running = undefined;
    await worker?.terminate();
  }

  private next(): void {
    if (this.running !== undefined) return;
    const pending = this.queue.shift();
    if (pending === undefined) return;
    this.running = pending;
    this.started().postMessage(pending.job);
  }

  private started(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(workerFile());
    worker.unref();
    worker.on('message', (answer: Answer) => this.answered(answer));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', () => this.lost(worker, new Error('the spreadsheet worker stopped')));
    this.worker = worker;
    return worker;
  }

  private answered(answer: Answer): void {
    const pending = this.running;
    if (pending === undefined || pending.job.id !== answer.id) return;
    this.running = undefined;
    clearTimeout(pending.timer);
    if (answer.sheet !== undefined) pending.done(answer.sheet);
    else if (answer.issues !== undefined) pending.failed(new ValidationError(answer.issues));
    else pending.failed(new Error(`reading a spreadsheet failed: ${answer.message ?? 'unknown'}`));
    this.next();
  }

  /** A job past its time: refused; when it is the one running, its worker goes and a new one takes the rest. */
  private timedOut(id: number): void {
    const waiting = this.queue.findIndex((p) => p.job.id === id);
    if (waiting >= 0) {
      this.queue.splice(waiting, 1)[0]?.failed(tooSlow());
      return;
    }
    if (this.running?.job.id !== id) return;
    const { failed } = this.running;
    this.running = undefined;
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    failed(tooSlow());
    this.next();
  }

  /** The worker failed or exited: what it was reading fails, and the next job starts a new one. */
  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const pending = this.running;
    this.running = undefined;
    if (pending !== undefined) {
      clearTimeout(pending.timer);
      pending.failed(error);
    }
    this.next();
  }
}

function tooSlow(): ValidationError {
  return ValidationError.single('file', `could not be read within ${SPREADSHEET_READ_TIMEOUT_MS / 1000} s`);
}

/**
 * The worker's module: beside this one once built. Run from the TypeScript sources (the tests),
 * the worker runs the built code (`npm run build`, which `npm test` runs first).
 */
function workerFile(): URL {
  const here = new URL('./spreadsheet-worker.js', import.meta.url);
  if (!import.meta.url.endsWith('.ts')) return here;
  const built = new URL(here.href.replace('/src/adapters/', '/dist/adapters/'));
  if (!existsSync(fileURLToPath(built))) throw new Error(`${fileURLToPath(built)}: run npm run build first`);
  return built;
}
