import type { ParameterizedContext } from 'koa';
import type { Principal } from '../../domain/auth/api-token.js';

export interface VitrineState {
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
