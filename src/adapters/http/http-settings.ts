import { token } from '../../domain/shared/token.js';

/** What the HTTP layer is told by the configuration. */
export interface HttpSettings {
  /** Proxies in front of the service whose X-Forwarded-For entries are believed (TRUST_PROXY). */
  readonly trustedProxies: number;
}

export const HttpSettingsToken = token<HttpSettings>('HttpSettings');
