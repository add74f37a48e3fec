import * as v from 'valibot';
import { TOKEN_KINDS } from '../../../domain/auth/api-token.js';
import { MAX_ALLOWED_ORIGINS } from '../../../domain/auth/origins.js';
import { MAX_TOKEN_NAME_LENGTH } from '../../../application/auth/issue-token.js';
import { MAX_RATE_LIMIT_REQUESTS, MAX_RATE_LIMIT_WINDOW_SECONDS } from '../../../domain/auth/rate-limit.js';
import {
  cursorText,
  Instant,
  jsonObject,
  queryObject,
  requiredText,
  Timestamp,
  wholeNumberText,
} from '../shared/common-schemas.js';

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
    kind: v.pipe(
      v.optional(v.picklist(TOKEN_KINDS, `must be one of ${TOKEN_KINDS.join(', ')}`), 'secret'),
      v.description(
        "`secret` (the default): kept by the shop's servers, any scopes. `publishable` (`vtp_...`): for the storefront's web pages, " +
          'only `events:write`, only from `allowedOrigins`.',
      ),
    ),
    scopes: v.pipe(
      v.optional(v.array(v.string('must be a string'), 'must be an array of scopes'), []),
      v.description('What the token may do; a publishable key holds `events:write` only (leave it out).'),
    ),
    allowedOrigins: v.pipe(
      v.optional(v.array(v.string('must be a string'), 'must be an array of web origins')),
      v.description(
        `A publishable key's web origins (1 to ${MAX_ALLOWED_ORIGINS}, \`https://loja.example.com.br\`): the pages it may be used from.`,
      ),
    ),
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
  kind: v.picklist(TOKEN_KINDS),
  allowedOrigins: v.pipe(
    v.optional(v.array(v.string())),
    v.description("A publishable key's web origins; absent for a secret token."),
  ),
});

export const TokenListResponse = v.object({
  tokens: v.array(TokenResponse),
  nextCursor: v.pipe(v.nullable(v.string()), v.description('The cursor of the next page; null on the last page.')),
});

/** `GET /tokens`: a page of tokens, oldest first. The cursor is the opaque `nextCursor` of the previous page. */
export const TokenListQuery = queryObject({
  limit: v.optional(wholeNumberText(1, 200, 'must be a whole number from 1 to 200')),
  cursor: v.optional(
    cursorText(/^\d{1,16}:tok_[\w-]{1,64}$/, (text) => {
      const at = text.indexOf(':');
      return { createdAt: new Date(Number(text.slice(0, at))), id: text.slice(at + 1) };
    }),
  ),
});

/** The cursor of the page after the one ending at this token. */
export function tokenCursor(position: { readonly createdAt: Date; readonly id: string }): string {
  return Buffer.from(`${position.createdAt.getTime()}:${position.id}`).toString('base64url');
}

/** A token just issued: the one answer that shows its secret. */
export const IssuedTokenResponse = v.object({
  ...TokenResponse.entries,
  token: v.pipe(v.string(), v.description('The secret, shown this once: send it in X-Service-APP-Token.')),
});
