import { createHmac, hash, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '../../domain/webhooks/webhook-message.js';
import type { WebhookCrypto } from '../../domain/webhooks/webhook-crypto.js';

/** Webhook secrets from the operating system's random source; signatures as Standard Webhooks makes them. */
export class NodeWebhookCrypto implements WebhookCrypto {
  newSecret(): string {
    return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
  }

  newSubscriptionId(): string {
    return `wh_${Date.now().toString(16).padStart(12, '0')}${randomBytes(8).toString('hex')}`;
  }

  newClaim(): string {
    return randomBytes(12).toString('base64url');
  }

  /** `msg_` and 24 bytes of the key's SHA-256: the same event, the same id, on every instance. */
  messageId(key: string): string {
    return `msg_${hash('sha256', key, 'base64url').slice(0, 32)}`;
  }

  /** The key is the base64 after `whsec_`, as every Standard Webhooks library reads it. */
  sign(secret: string, content: string): string {
    const key = Buffer.from(
      secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
      'base64',
    );
    return createHmac('sha256', key).update(content, 'utf8').digest('base64');
  }
}
