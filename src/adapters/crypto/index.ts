export { NodeTokenSecrets } from './node-token-secrets.js';
