import type { Page } from '../shared/page.js';
import { token } from '../shared/token.js';
import type { ApiToken } from './api-token.js';

/** Where a page of tokens starts: after this token, in creation order (created, then id). */
export interface TokenPosition {
  readonly createdAt: Date;
  readonly id: string;
}

export interface TokenListQuery {
  readonly after?: TokenPosition | undefined;
  readonly limit: number;
}

export type TokenPage = Page<ApiToken>;

export interface TokenStore {
  findByHash(hash: string): Promise<ApiToken | undefined>;
  get(id: string): Promise<ApiToken | undefined>;
  /**
   * A page of tokens, oldest first: by creation instant, then by id (ids are issued in increasing
   * order, so tokens created in the same millisecond list in the order they were created).
   */
  list(query: TokenListQuery): Promise<TokenPage>;
  count(): Promise<number>;
  /** Stores a new token. Throws CONFLICT when its id or hash is taken. */
  add(token: ApiToken): Promise<void>;
  /** Removes a token; answers the removed token, so caches of its hash can be dropped. */
  delete(id: string): Promise<ApiToken | undefined>;
}

export const TokenStoreToken = token<TokenStore>('TokenStore');
