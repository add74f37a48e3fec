import type { Middleware } from 'koa';
import bodyParser from 'koa-bodyparser';
import { ValidationError } from '../../../domain/shared/errors.js';
import { HttpProblem } from '../problem.js';

export const JSON_BODY_LIMIT = '256kb';

/**
 * Reads a JSON body: anything but `application/json` is 415, more than 256 KB is 413, and text
 * that is not a JSON object or array is 400. Used on writing routes, after authorisation.
 */
export function jsonBody(): Middleware {
  const parse = bodyParser({
    enableTypes: ['json'],
    jsonLimit: JSON_BODY_LIMIT,
    strict: true,
    onerror: (error) => {
      throw translateParseError(error);
    },
  });
  return async (ctx, next) => {
    const hasBody = ctx.request.length > 0 || ctx.get('Transfer-Encoding') !== '';
    if (hasBody && !ctx.is('application/json')) {
      throw new HttpProblem('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON with Content-Type: application/json.');
    }
    await parse(ctx, next);
  };
}

function translateParseError(error: Error & { status?: number; type?: string }): Error {
  if (error.status === 413 || error.type === 'entity.too.large') {
    return new HttpProblem('PAYLOAD_TOO_LARGE', `The request body must not exceed ${JSON_BODY_LIMIT.replace('kb', ' KB')}.`);
  }
  if (error.status === 415) return new HttpProblem('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as UTF-8 JSON.');
  return ValidationError.single('body', 'must be a valid JSON object');
}
