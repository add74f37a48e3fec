import { kindOf, type ApiToken } from '../../../domain/auth/api-token.js';

/** A token as listed: never its secret, never its hash. */
export function presentToken(token: ApiToken) {
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes,
    createdAt: token.createdAt.toISOString(),
    expiresAt: token.expiresAt?.toISOString() ?? null,
    rateLimit:
      token.rateLimit === undefined ? null : { requests: token.rateLimit.requests, windowSeconds: token.rateLimit.windowSeconds },
    kind: kindOf(token),
    ...(token.allowedOrigins === undefined ? {} : { allowedOrigins: [...token.allowedOrigins] }),
  };
}
