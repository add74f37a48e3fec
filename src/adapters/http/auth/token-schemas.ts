import * as v from 'valibot';
import { MAX_TOKEN_NAME_LENGTH } from '../../../application/auth/issue-token.js';
import { MAX_RATE_LIMIT_REQUESTS, MAX_RATE_LIMIT_WINDOW_SECONDS } from '../../../domain/auth/rate-limit.js';
import { Instant, jsonObject, requiredText, Timestamp } from '../shared/common-schemas.js';

const wholeNumber = v.pipe(v.number('must be a number'), v.integer('must be a whole number'));

/** A token's own rate limit: at most `requests` in each window of `windowSeconds`. */
const RateLimitBody = jsonObject(
  {
    requests: v.pipe(
      wholeNumber,
      v.minValue(1, 'must be at least 1'),
      v.maxValue(MAX_RATE_LIMIT_REQUESTS, `must be at most ${MAX_RATE_LIMIT_REQUESTS}`),
    ),
    windowSeconds: v.pipe(
      wholeNumber,
      v.minValue(1, 'must be at least 1'),
      v.maxValue(MAX_RATE_LIMIT_WINDOW_SECONDS, `must be at most ${MAX_RATE_LIMIT_WINDOW_SECONDS}`),
    ),
  },
  'must be an object with requests and windowSeconds',
);

export const IssueTokenBody = jsonObject(
  {
    name: requiredText(MAX_TOKEN_NAME_LENGTH),
    scopes: v.array(v.string('must be a string'), 'must be an array of scopes'),
    expiresAt: v.nullish(Instant),
    rateLimit: v.nullish(RateLimitBody),
  },
  'must be a JSON object',
);

/** A token as listed: never its secret. */
export const TokenResponse = v.object({
  id: v.string(),
  name: v.string(),
  scopes: v.array(v.string()),
  createdAt: Timestamp,
  expiresAt: v.nullable(Timestamp),
  rateLimit: v.pipe(
    v.nullable(v.object({ requests: v.pipe(v.number(), v.integer()), windowSeconds: v.pipe(v.number(), v.integer()) })),
    v.description("The token's own rate limit; null: the service's default (RATE_LIMIT)."),
  ),
});

export const TokenListResponse = v.object({ tokens: v.array(TokenResponse) });

/** A token just issued: the one answer that shows its secret. */
export const IssuedTokenResponse = v.object({
  ...TokenResponse.entries,
  token: v.pipe(v.string(), v.description('The secret, shown this once: send it in X-Service-APP-Token.')),
});
