import { DomainError } from '../../domain/shared/errors.js';
import type { ApiToken } from '../../domain/auth/api-token.js';
import type { TokenStore } from '../../domain/auth/token-store.js';
import { snapshot } from './snapshot.js';

export class InMemoryTokenStore implements TokenStore {
  /** Insertion order is creation order. */
  private readonly byId = new Map<string, ApiToken>();
  private readonly idByHash = new Map<string, string>();

  async findByHash(hash: string): Promise<ApiToken | undefined> {
    const id = this.idByHash.get(hash);
    return id === undefined ? undefined : this.byId.get(id);
  }

  async list(): Promise<readonly ApiToken[]> {
    return [...this.byId.values()];
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
