export { NodeTokenSecrets } from './node-token-secrets.js';
export { NodeWebhookCrypto } from './node-webhook-crypto.js';
