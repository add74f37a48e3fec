import type { IncomingMessage } from 'node:http';
import type { Middleware, ParameterizedContext } from 'koa';
import bodyParser from 'koa-bodyparser';
import getRawBody from 'raw-body';
import bourne from '@hapi/bourne';
import { ValidationError } from '../../../domain/shared/errors.js';
import { SPREADSHEET_MEDIA_TYPES, type SpreadsheetFormat } from '../../spreadsheet/read-spreadsheet.js';
import { HttpProblem } from './problems.js';

export const JSON_BODY_LIMIT_BYTES = 256 * 1024;
/**
 * The limit of the batch routes' bodies (up to 1,000 items, embeddings included): parsing,
 * checking and writing a batch of this size holds the event loop for under 50 ms on a 2-core
 * machine (16 MB held it for about 250 ms). The importer sends batches within it.
 */
export const BATCH_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** An uploaded spreadsheet: its bytes and what they are. */
export interface Upload {
  readonly bytes: Buffer;
  readonly format: SpreadsheetFormat;
}

/** One reader per limit, shared by every route (and the fast lane) reading JSON bodies of that size. */
const jsonReaders = new Map<number, Middleware>();

/**
 * Reads a route's JSON body into `ctx.request.body` with koa-bodyparser: JSON in UTF-8 only (415
 * otherwise), at most `limitBytes` (413), an object or an array (strict; else 400). No body at all
 * reads as `{}`, so the route's schema names each missing field.
 */
export function jsonBodyReader(limitBytes: number): Middleware {
  let reader = jsonReaders.get(limitBytes);
  if (reader === undefined) jsonReaders.set(limitBytes, (reader = newJsonBodyReader(limitBytes, false)));
  return reader;
}

/**
 * The JSON body of a route web pages call (`fromBrowsers`): also sent as `text/plain` (UTF-8), the
 * one type `navigator.sendBeacon` sends a string with without a CORS preflight. It is read as JSON
 * all the same: the route's schema decides what it holds.
 */
export function pageJsonBodyReader(limitBytes: number): Middleware {
  return newJsonBodyReader(limitBytes, true);
}

/**
 * A JSON body read outside Koa (the fast lane), by koa-bodyparser's rules: JSON in UTF-8 only
 * (415), at most `limitBytes` (413), an object or an array (400), no `__proto__` member (parsed by
 * @hapi/bourne as co-body parses), no body at all read as `{}`. The common request (its length
 * declared, not compressed) is read here straight from the stream, or, once node:http has put all
 * of it in the request's buffer, taken from there in one read, without listening for its chunks
 * and its end (the fast lane waits a turn of the microtask queue for that: node:http parses a
 * body that came with the headers before it runs them). koa-bodyparser's layers
 * (co-body, raw-body, a decoder stream, promises and listeners a body) cost a similar-products
 * request about 2 µs of its CPU (docs/benchmarks.md). Any other (chunked, compressed) goes
 * through koa-bodyparser itself. test/http/fast-lane.int.spec.ts holds the two lanes' answers to
 * good and bad bodies equal.
 */
export function readJsonBody(req: IncomingMessage, limitBytes: number): Promise<unknown> {
  // Gone before its body was looked at (the client left while the request was admitted): its
  // 'aborted' and 'close' were told already, and would never be again.
  if (req.destroyed || req.readableAborted)
    return Promise.reject(bodyProblem({ status: 400, type: 'request.aborted' }, limitBytes));
  if ((req as Reading)[BODY_READ] !== undefined) return Promise.reject(new Error('the request body is being read already'));
  const declared = req.headers['content-length'];
  const coding = req.headers['content-encoding'];
  if (
    declared === undefined ||
    !DIGITS.test(declared) ||
    req.headers['transfer-encoding'] !== undefined ||
    (coding !== undefined && coding !== 'identity')
  ) {
    return readThroughKoa(req, limitBytes);
  }
  const length = Number(declared);
  if (length === 0) return Promise.resolve({});
  try {
    refuseOtherMedia(req, false);
  } catch (error) {
    return Promise.reject(error);
  }
  if (length > limitBytes) return Promise.reject(bodyProblem({ type: 'entity.too.large' }, limitBytes));
  // Come whole already (a small body comes with its headers): taken from the request's buffer at once.
  if (req.readableLength === length && !req.readableFlowing) {
    (req as Reading)[BODY_READ] = TAKEN_WHOLE;
    try {
      return Promise.resolve(parseStrictJson((req.read() as Buffer).toString('utf8')));
    } catch (failure) {
      return Promise.reject(bodyProblem(failure, limitBytes));
    }
  }
  return new Promise((resolve, reject) => {
    (req as Reading)[BODY_READ] = { resolve, reject, length, limitBytes, received: 0, first: undefined, all: undefined };
    req.on('data', takeChunk);
    req.on('end', bodyEnded);
    req.on('aborted', bodyCut);
    req.on('close', bodyCut);
    req.on('error', bodyFailed);
  });
}

/**
 * A body being read straight from the stream: what its listeners share. They are the same five
 * functions for every request (the stream is their `this`), so reading a body makes no closures.
 */
interface BodyRead {
  readonly resolve: (body: unknown) => void;
  readonly reject: (problem: unknown) => void;
  readonly length: number;
  readonly limitBytes: number;
  received: number;
  /** The first chunk; every chunk, once there is more than one. */
  first: Buffer | undefined;
  all: Buffer[] | undefined;
}

const BODY_READ = Symbol('vitrine.bodyRead');
/** A body taken whole from the request's buffer in one read: nothing of it is left to read. */
const TAKEN_WHOLE = Symbol('vitrine.bodyTakenWhole');
type Reading = IncomingMessage & { [BODY_READ]?: BodyRead | typeof TAKEN_WHOLE | undefined };

/**
 * Whether nothing of the request's body is left to drain before answering: it has none (no
 * `Content-Length` nor `Transfer-Encoding`: a GET, usually), or every byte of it has been read
 * (its end may not have been parsed yet: node:http tells it a moment later).
 */
export function bodyReadWhole(req: IncomingMessage): boolean {
  return req.complete || (req as Reading)[BODY_READ] === TAKEN_WHOLE || !hasBody(req);
}

function takeChunk(this: Reading, chunk: Buffer): void {
  const read = this[BODY_READ] as BodyRead;
  read.received += chunk.length;
  if (read.first === undefined) read.first = chunk;
  else (read.all ??= [read.first]).push(chunk);
}

function bodyEnded(this: Reading): void {
  const read = stopReading(this);
  if (read === undefined) return;
  if (read.received !== read.length)
    return read.reject(bodyProblem({ status: 400, type: 'request.size.invalid' }, read.limitBytes));
  const bytes = read.all === undefined ? read.first! : Buffer.concat(read.all, read.received);
  try {
    read.resolve(parseStrictJson(bytes.toString('utf8')));
  } catch (failure) {
    read.reject(bodyProblem(failure, read.limitBytes));
  }
}

function bodyCut(this: Reading): void {
  const read = stopReading(this);
  read?.reject(bodyProblem({ status: 400, type: 'request.aborted' }, read.limitBytes));
}

function bodyFailed(this: Reading, error: unknown): void {
  const read = stopReading(this);
  read?.reject(bodyProblem(error, read.limitBytes));
}

/** The body's reading, ended: its listeners taken off (undefined when it had ended already). */
function stopReading(req: Reading): BodyRead | undefined {
  const read = req[BODY_READ];
  if (read === undefined || read === TAKEN_WHOLE) return undefined;
  req[BODY_READ] = undefined;
  req.off('data', takeChunk);
  req.off('end', bodyEnded);
  req.off('aborted', bodyCut);
  req.off('close', bodyCut);
  req.off('error', bodyFailed);
  return read;
}

const DIGITS = /^\d{1,15}$/;

/** co-body's strict test: JSON text that opens an object or an array. */
const STRICT_JSON = /^[\x20\x09\x0a\x0d]*(\[|\{)/;

/** As co-body parses a strict JSON body (after raw-body's decoder, which drops a byte order mark). */
function parseStrictJson(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body === '') return {};
  if (!STRICT_JSON.test(body)) throw new SyntaxError('invalid JSON, only supports object and array');
  return bourne.parse(body, { protoAction: 'error' });
}

/** The fast lane's JSON body through koa-bodyparser (what the direct reading leaves to it). */
async function readThroughKoa(req: IncomingMessage, limitBytes: number): Promise<unknown> {
  const request: { body?: unknown; get(name: string): string } = {
    get: (name) => {
      const value = req.headers[name.toLowerCase()];
      return typeof value === 'string' ? value : '';
    },
  };
  await jsonBodyReader(limitBytes)({ req, request } as unknown as ParameterizedContext, nothingNext);
  return request.body;
}

const nothingNext = () => Promise.resolve();

function newJsonBodyReader(limitBytes: number, textPlainToo: boolean): Middleware {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: String(limitBytes),
    strict: true,
    // The media type is checked below, before koa-bodyparser runs: what reaches it is JSON.
    detectJSON: () => true,
    onerror: (error) => {
      throw bodyProblem(error, limitBytes);
    },
  });
  return (ctx, next) => {
    if (hasBody(ctx.req)) refuseOtherMedia(ctx.req, textPlainToo);
    return parse(ctx, next);
  };
}

/** Refuses (415) a body not declared as JSON in UTF-8 (or plain text, where a page's beacon may send it). */
function refuseOtherMedia(req: IncomingMessage, textPlainToo: boolean): void {
  const { json, text, utf8 } = isJsonUtf8(req);
  if (!json && !(textPlainToo && text)) {
    throw new HttpProblem(
      'UNSUPPORTED_MEDIA_TYPE',
      textPlainToo
        ? 'Send the request body as JSON with Content-Type: application/json (or text/plain from a beacon).'
        : 'Send the request body as JSON with Content-Type: application/json.',
    );
  }
  if (!utf8) throw new HttpProblem('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as UTF-8 JSON.');
}

/** Reads an uploaded spreadsheet into `ctx.request.body`: CSV or `.xlsx` by its Content-Type (415 otherwise), at most 5 MB (413). */
export function uploadReader(): Middleware {
  return async (ctx, next) => {
    ctx.request.body = await readUpload(ctx);
    await next();
  };
}

async function readUpload(ctx: ParameterizedContext): Promise<Upload> {
  const type = ctx.is(Object.keys(SPREADSHEET_MEDIA_TYPES));
  const format = typeof type === 'string' ? SPREADSHEET_MEDIA_TYPES[type] : undefined;
  if (format === undefined) {
    throw new HttpProblem(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the spreadsheet as CSV (Content-Type: text/csv) or as an Excel workbook (Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet).',
    );
  }
  try {
    return {
      bytes: await getRawBody(ctx.req, { limit: UPLOAD_LIMIT_BYTES, length: ctx.get('Content-Length') || undefined }),
      format,
    };
  } catch (error) {
    throw bodyProblem(error, UPLOAD_LIMIT_BYTES, 'spreadsheet');
  }
}

/** The most of a refused request's body read (and dropped) before its answer is sent. */
export const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/**
 * Resolves once the rest of a request's body has arrived, reading and dropping it: a request
 * answered before its body was read (refused: too large, unauthorised, ...) is answered once the
 * client has sent it all, so the client reads its answer instead of a connection reset. Past
 * MAX_DRAINED_BYTES it resolves anyway (the connection then closes under the client); a client
 * too slow to finish is cut by REQUEST_TIMEOUT_MS.
 */
export function drained(req: IncomingMessage): Promise<void> {
  // A request without a body has nothing to drain: node:http ends its stream itself once answered.
  if (req.complete || req.destroyed || !hasBody(req)) return Promise.resolve();
  return new Promise<void>((done) => {
    let bytes = 0;
    const finish = () => {
      req.off('data', counted);
      req.off('end', finish);
      req.off('close', finish);
      req.off('error', finish);
      done();
    };
    const counted = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_DRAINED_BYTES) finish();
    };
    req.on('data', counted);
    req.once('end', finish);
    req.once('close', finish);
    req.once('error', finish);
    req.resume();
  });
}

/** Whether the request says it has a body at all. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

const JSON_UTF8 = { json: true, text: false, utf8: true } as const;

/** Whether the body is declared as JSON in UTF-8 (`application/json`, with no charset or `utf-8`). */
function isJsonUtf8(req: IncomingMessage): { json: boolean; text: boolean; utf8: boolean } {
  const header = req.headers['content-type'] ?? '';
  if (header === 'application/json' || header === 'application/json; charset=utf-8') return JSON_UTF8;
  const [type = '', ...parameters] = header.split(';');
  const json = type.trim().toLowerCase() === 'application/json';
  const text = type.trim().toLowerCase() === 'text/plain';
  const charset = parameters
    .map((p) => p.split('='))
    .find(([name]) => name?.trim().toLowerCase() === 'charset')?.[1]
    ?.trim()
    .replace(/^"|"$/g, '')
    .toLowerCase();
  return { json, text, utf8: charset === undefined || charset === 'utf-8' || charset === 'utf8' };
}

/** What a body that could not be read or parsed is answered with. */
function bodyProblem(error: unknown, limitBytes: number, what = 'request body'): Error {
  const { status, type, message } = error as { status?: number; type?: string; message?: string };
  if (status === 413 || type === 'entity.too.large') {
    return new HttpProblem('PAYLOAD_TOO_LARGE', `The ${what} must not exceed ${describeBytes(limitBytes)}.`);
  }
  if (status === 415 || type === 'encoding.unsupported') {
    return new HttpProblem('UNSUPPORTED_MEDIA_TYPE', 'The request body is in an encoding this service does not read.');
  }
  if (error instanceof SyntaxError || (status === 400 && type === undefined)) {
    if (message?.includes('prototype') === true) return ValidationError.single('body', 'must not hold a __proto__ member');
    return ValidationError.single('body', 'must be a valid JSON object');
  }
  return ValidationError.single('body', 'could not be read completely');
}

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}
