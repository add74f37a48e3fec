import type { TokenPage, TokenPosition, TokenStore } from '../../domain/auth/token-store.js';

/** How many tokens a page holds unless the query says. */
export const DEFAULT_TOKEN_PAGE = 100;

/** A page of the tokens, oldest first, and where the next page starts (undefined on the last). */
export class ListTokens {
  constructor(private readonly tokens: TokenStore) {}

  async execute(
    query: { readonly limit?: number | undefined; readonly after?: TokenPosition | undefined } = {},
  ): Promise<TokenPage & { readonly next?: TokenPosition | undefined }> {
    const page = await this.tokens.list({ limit: query.limit ?? DEFAULT_TOKEN_PAGE, after: query.after });
    const last = page.items.at(-1);
    return { ...page, next: page.more && last !== undefined ? { createdAt: last.createdAt, id: last.id } : undefined };
  }
}
