import type { ParameterizedContext } from 'koa';
import type { Principal } from '../../domain/auth/api-token.js';
import { PROBLEM_TABLE, type ProblemBody } from './problem.js';

export interface VitrineState {
  /** Set first for every request: echoed in `X-Request-Id` and on every log line about it. */
  requestId?: string;
  principal?: Principal;
}

export type VitrineContext = ParameterizedContext<VitrineState>;

/** Answers a JSON body serialised once, as UTF-8. */
export function sendJson(ctx: VitrineContext, status: number, body: unknown): void {
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body);
}

export function sendNoContent(ctx: VitrineContext): void {
  ctx.status = 204;
  ctx.body = null;
}

/** Answers an RFC 9457 problem: its status, `application/problem+json`, the body, and when to retry. */
export function sendProblem(ctx: ParameterizedContext, problem: ProblemBody): void {
  const retryAfter = PROBLEM_TABLE[problem.code].retryAfterSeconds;
  if (retryAfter !== undefined) ctx.set('Retry-After', String(retryAfter));
  ctx.status = problem.status;
  ctx.type = 'application/problem+json';
  ctx.body = JSON.stringify(problem);
}

declare module 'koa' {
  interface Request {
    /** The parsed JSON body, on routes that read one (see `jsonBody`). */
    body?: unknown;
  }
}
