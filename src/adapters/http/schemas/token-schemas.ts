import * as v from 'valibot';
import { MAX_TOKEN_NAME_LENGTH } from '../../../application/auth/issue-token.js';
import { Instant, jsonObject, requiredText, Timestamp } from './common.js';

export const IssueTokenBody = jsonObject(
  {
    name: requiredText(MAX_TOKEN_NAME_LENGTH),
    scopes: v.array(v.string('must be a string'), 'must be an array of scopes'),
    expiresAt: v.nullish(Instant),
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
});

export const TokenListResponse = v.object({ tokens: v.array(TokenResponse) });

/** A token just issued: the one answer that shows its secret. */
export const IssuedTokenResponse = v.object({
  ...TokenResponse.entries,
  token: v.pipe(v.string(), v.description('The secret, shown this once: send it in X-Service-APP-Token.')),
});
