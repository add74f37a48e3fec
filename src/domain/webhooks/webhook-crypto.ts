import { token } from '../shared/token.js';

/** Randomness, hashing and signing for webhooks, behind a port so the domain does no cryptography itself. */
export interface WebhookCrypto {
  /** A new signing secret: `whsec_` and the base64 of 32 random bytes. */
  newSecret(): string;
  /** A new subscription id, unique and not secret. */
  newSubscriptionId(): string;
  /** A new claim: what marks the deliveries one sender holds, unique among instances. */
  newClaim(): string;
  /** A message id made from what the message is (`msg_` and a hash of `key`): the same key, the same id. */
  messageId(key: string): string;
  /** The base64 HMAC-SHA256 of `content` under the key a `whsec_` secret holds. */
  sign(secret: string, content: string): string;
}

export const WebhookCryptoToken = token<WebhookCrypto>('WebhookCrypto');
