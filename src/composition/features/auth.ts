import { ContainerModule } from 'inversify';
import { AdmitRequest } from '../../application/auth/admit-request.js';
import { AuthenticateToken } from '../../application/auth/authenticate-token.js';
import { EnsureBootstrapToken } from '../../application/auth/ensure-bootstrap-token.js';
import { GetOwnToken } from '../../application/auth/get-own-token.js';
import { IssueToken } from '../../application/auth/issue-token.js';
import { ListTokens } from '../../application/auth/list-tokens.js';
import { RateLimitSettingsToken } from '../../application/auth/rate-limit-settings.js';
import { RequestLimiterToken } from '../../domain/auth/request-limiter.js';
import { RevokeToken } from '../../application/auth/revoke-token.js';
import { AnswerCache } from '../../application/caching/answer-cache.js';
import { TokenSecretsToken } from '../../domain/auth/token-secrets.js';
import { TokenStoreToken } from '../../domain/auth/token-store.js';
import { ClockToken } from '../../domain/shared/clock.js';
import { tokenRoutes } from '../../adapters/http/auth/token-routes.js';
import { bindClass, bindRoutes } from '../binding.js';

/** Tokens: who may call (authentication, scopes, quotas) and the routes that manage tokens. */
export const authModule = new ContainerModule(({ bind }) => {
  bindClass(bind, AuthenticateToken, [TokenStoreToken, TokenSecretsToken, ClockToken, AnswerCache]);
  bindClass(bind, AdmitRequest, [AuthenticateToken, RequestLimiterToken, RateLimitSettingsToken]);
  bindClass(bind, EnsureBootstrapToken, [TokenStoreToken, TokenSecretsToken, ClockToken]);
  bindClass(bind, IssueToken, [TokenStoreToken, TokenSecretsToken, ClockToken]);
  bindClass(bind, ListTokens, [TokenStoreToken]);
  bindClass(bind, RevokeToken, [TokenStoreToken, AnswerCache]);
  bindClass(bind, GetOwnToken, [TokenStoreToken]);
  bindRoutes(bind, tokenRoutes, [IssueToken, ListTokens, RevokeToken, GetOwnToken]);
});
