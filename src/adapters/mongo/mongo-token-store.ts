import type { ApiToken, TokenKind } from '../../domain/auth/api-token.js';
import type { RateLimit } from '../../domain/auth/rate-limit.js';
import type { Scope } from '../../domain/auth/scopes.js';
import type { TokenListQuery, TokenPage, TokenStore } from '../../domain/auth/token-store.js';
import { DomainError } from '../../domain/shared/errors.js';
import { COLLECTIONS, isDuplicateKey, withDomainId, type MongoDatabase } from './mongo-database.js';

/** A token as stored: its secret's SHA-256 hash, unique, never the secret. */
interface TokenDocument {
  _id: string;
  name: string;
  scopes: Scope[];
  createdAt: Date;
  expiresAt?: Date;
  rateLimit?: RateLimit;
  hash: string;
  /** Absent: a secret token. */
  kind?: TokenKind;
  allowedOrigins?: string[];
}

function toToken(doc: TokenDocument): ApiToken {
  return withDomainId(doc);
}

export class MongoTokenStore implements TokenStore {
  constructor(private readonly database: MongoDatabase) {}

  private get tokens() {
    return this.database.collection<TokenDocument>(COLLECTIONS.tokens);
  }

  async findByHash(hash: string): Promise<ApiToken | undefined> {
    return this.database.findOne(this.tokens, { hash }, toToken);
  }

  get(id: string): Promise<ApiToken | undefined> {
    return this.database.findOne(this.tokens, { _id: id }, toToken);
  }

  async list({ after, limit }: TokenListQuery): Promise<TokenPage> {
    const filter =
      after === undefined
        ? {}
        : { $or: [{ createdAt: { $gt: after.createdAt } }, { createdAt: after.createdAt, _id: { $gt: after.id } }] };
    const docs = await this.database.run((maxTimeMS) =>
      this.tokens
        .find(filter, { maxTimeMS })
        .sort({ createdAt: 1, _id: 1 })
        .limit(limit + 1)
        .toArray(),
    );
    return { items: docs.slice(0, limit).map(toToken), more: docs.length > limit };
  }

  count(): Promise<number> {
    return this.database.run((maxTimeMS) => this.tokens.countDocuments({}, { maxTimeMS }));
  }

  async add(token: ApiToken): Promise<void> {
    const { id, scopes, allowedOrigins, ...rest } = token;
    const doc: TokenDocument = { _id: id, scopes: [...scopes], ...rest };
    if (allowedOrigins !== undefined) doc.allowedOrigins = [...allowedOrigins];
    if (doc.kind === undefined) delete doc.kind;
    try {
      await this.database.run((maxTimeMS) => this.tokens.insertOne(doc, { maxTimeMS }));
    } catch (error) {
      if (isDuplicateKey(error)) throw new DomainError('CONFLICT', 'A token with this id or secret exists already.');
      throw error;
    }
  }

  async delete(id: string): Promise<ApiToken | undefined> {
    const removed = await this.database.run((maxTimeMS) => this.tokens.findOneAndDelete({ _id: id }, { maxTimeMS }));
    return removed === null ? undefined : toToken(removed);
  }
}
