import type { IncomingMessage } from 'node:http';
import type { Middleware } from 'koa';
import getRawBody from 'raw-body';
import { ValidationError } from '../../../domain/shared/errors.js';
import { handedOver } from '../handover.js';
import { HttpProblem } from '../problem.js';

export const JSON_BODY_LIMIT_BYTES = 256 * 1024;

/** The limit of the batch routes' bodies (up to 1,000 items, embeddings included). */
export const BATCH_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** Reads a JSON body into `ctx.request.body`: on writing routes, after authorisation. */
export function jsonBody(limitBytes = JSON_BODY_LIMIT_BYTES): Middleware {
  return async (ctx, next) => {
    ctx.request.body = await readJsonBody(ctx.req, limitBytes);
    await next();
  };
}

/** Whether the request says it has a body at all. */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Whether the body is declared as JSON in UTF-8 (`application/json`, with no charset or `utf-8`). */
export function isJsonUtf8(req: IncomingMessage): { json: boolean; utf8: boolean } {
  const [type = '', ...parameters] = (req.headers['content-type'] ?? '').split(';');
  const json = type.trim().toLowerCase() === 'application/json';
  const charset = parameters
    .map((p) => p.split('='))
    .find(([name]) => name?.trim().toLowerCase() === 'charset')?.[1]
    ?.trim()
    .replace(/^"|"$/g, '')
    .toLowerCase();
  return { json, utf8: charset === undefined || charset === 'utf-8' || charset === 'utf8' };
}

/**
 * A request's JSON body: anything but `application/json` in UTF-8 is 415, more than 256 KB is
 * 413, and text that is not a JSON object or array is 400. No body at all reads as `{}`, so the
 * route's schema names each missing field. A body the hot path already read is taken from it.
 */
export async function readJsonBody(req: IncomingMessage, limitBytes = JSON_BODY_LIMIT_BYTES): Promise<unknown> {
  const handover = handedOver(req);
  if (handover?.bodyError !== undefined) throw handover.bodyError;
  const preRead = handover?.rawBody;
  if (preRead === undefined && !hasBody(req)) return {};
  const { json, utf8 } = isJsonUtf8(req);
  if (!json)
    throw new HttpProblem('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON with Content-Type: application/json.');
  if (!utf8) throw new HttpProblem('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as UTF-8 JSON.');
  return parseJsonBody(preRead ?? (await readRaw(req, limitBytes)));
}

/** Reads the raw bytes of a body of at most `limitBytes` (256 KB unless the route says). */
export async function readRaw(req: IncomingMessage, limitBytes = JSON_BODY_LIMIT_BYTES): Promise<Buffer> {
  try {
    return await getRawBody(req, { limit: limitBytes, length: req.headers['content-length'] });
  } catch (error) {
    const { status, type } = error as { status?: number; type?: string };
    if (status === 413 || type === 'entity.too.large') {
      throw new HttpProblem('PAYLOAD_TOO_LARGE', `The request body must not exceed ${describeBytes(limitBytes)}.`);
    }
    throw ValidationError.single('body', 'could not be read completely');
  }
}

/** JSON text that must hold an object or an array (a bare string or number is no request body). */
export function parseJsonBody(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  const first = /\S/.exec(text)?.[0];
  if (first === undefined) return {};
  if (first === '{' || first === '[') {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // answered below
    }
  }
  throw ValidationError.single('body', 'must be a valid JSON object');
}

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}
