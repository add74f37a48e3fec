import * as v from 'valibot';
import { MAX_TOKEN_NAME_LENGTH } from '../../../application/auth/issue-token.js';
import { Instant, jsonObject, requiredText } from './common.js';

export const IssueTokenBody = jsonObject(
  {
    name: requiredText(MAX_TOKEN_NAME_LENGTH),
    scopes: v.array(v.string('must be a string'), 'must be an array of scopes'),
    expiresAt: v.nullish(Instant),
  },
  'must be a JSON object',
);
