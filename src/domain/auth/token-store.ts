import { token } from '../shared/token.js';
import type { ApiToken } from './api-token.js';

export interface TokenStore {
  findByHash(hash: string): Promise<ApiToken | undefined>;
  /** Every token, oldest first. */
  list(): Promise<readonly ApiToken[]>;
  count(): Promise<number>;
  /** Stores a new token. Throws CONFLICT when its id or hash is taken. */
  add(token: ApiToken): Promise<void>;
  /** Removes a token; answers the removed token, so caches of its hash can be dropped. */
  delete(id: string): Promise<ApiToken | undefined>;
}

export const TokenStoreToken = token<TokenStore>('TokenStore');
