import type { Middleware } from 'koa';
import { DomainError, RateLimitedError, ValidationError } from '../../../domain/shared/errors.js';
import type { Logger } from '../../logging/logger.js';
import { sendProblem, type VitrineState } from '../context.js';
import { HttpProblem, problemBody, type ProblemBody } from '../problem.js';
import { rateLimitHeaders } from '../rate-limit-headers.js';

export const MAX_LISTED_ISSUES = 100;

/**
 * The first middleware: every failure below it becomes an RFC 9457 problem answer from the one
 * code table. Unexpected errors are logged here and answered 500 without any internal detail.
 * It also turns the router's bodiless 404/405/501 into problems.
 */
export function handleErrors(logger: Logger): Middleware<VitrineState> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined || ctx.body === null) {
        if (ctx.status === 404) sendProblem(ctx, problemBody('ROUTE_NOT_FOUND', `No route answers ${ctx.method} ${ctx.path}.`));
        else if (ctx.status === 405 || ctx.status === 501) {
          sendProblem(ctx, problemBody('METHOD_NOT_ALLOWED', `This route does not answer ${ctx.method}.`));
        }
      }
    } catch (error) {
      sendProblem(ctx, toProblem(error, logger, ctx.state.requestId));
      if (error instanceof HttpProblem) ctx.set(error.headers);
      if (error instanceof RateLimitedError) {
        ctx.set(rateLimitHeaders(error.quota));
        ctx.set('Retry-After', String(error.quota.resetSeconds));
      }
    }
  };
}

function toProblem(error: unknown, logger: Logger, requestId: string | undefined): ProblemBody {
  if (error instanceof ValidationError) {
    // A huge bad request must not make a huger answer: the first problems, and how many there are.
    const errors = error.issues.slice(0, MAX_LISTED_ISSUES);
    return problemBody(
      error.code,
      error.message,
      errors.length < error.issues.length ? { errors, errorCount: error.issues.length } : { errors },
    );
  }
  if (error instanceof DomainError) return problemBody(error.code, error.message);
  if (error instanceof HttpProblem) return problemBody(error.code, error.message);
  logger.error({ err: error, requestId }, 'unexpected error while answering a request');
  return problemBody('INTERNAL', 'An unexpected error occurred.');
}
