import { DomainError } from '../../domain/shared/errors.js';
import type { ApiToken } from '../../domain/auth/api-token.js';
import type { TokenListQuery, TokenPage, TokenPosition, TokenStore } from '../../domain/auth/token-store.js';
import { snapshot } from './snapshot.js';

export class InMemoryTokenStore implements TokenStore {
  private readonly byId = new Map<string, ApiToken>();
  private readonly idByHash = new Map<string, string>();

  async findByHash(hash: string): Promise<ApiToken | undefined> {
    const id = this.idByHash.get(hash);
    return id === undefined ? undefined : this.byId.get(id);
  }

  async get(id: string): Promise<ApiToken | undefined> {
    return this.byId.get(id);
  }

  async list({ after, limit }: TokenListQuery): Promise<TokenPage> {
    const ordered = [...this.byId.values()].filter((t) => after === undefined || compareTokens(t, after) > 0).sort(compareTokens);
    return { items: ordered.slice(0, limit), more: ordered.length > limit };
  }

  async count(): Promise<number> {
    return this.byId.size;
  }

  async add(token: ApiToken): Promise<void> {
    if (this.byId.has(token.id) || this.idByHash.has(token.hash)) {
      throw new DomainError('CONFLICT', 'A token with this id or secret exists already.');
    }
    const stored = snapshot(token);
    this.byId.set(stored.id, stored);
    this.idByHash.set(stored.hash, stored.id);
  }

  async delete(id: string): Promise<ApiToken | undefined> {
    const token = this.byId.get(id);
    if (token === undefined) return undefined;
    this.byId.delete(id);
    this.idByHash.delete(token.hash);
    return token;
  }
}

/** Creation order: the instant, then the id. */
function compareTokens(a: TokenPosition, b: TokenPosition): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
