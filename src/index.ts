/**
 * Vitrine for embedding: the domain (entities, rules, ports) and the use cases. Nothing here loads
 * an HTTP framework, a database driver or a DI container; adapters live on their own subpaths.
 */
export * from './domain/index.js';
export * from './application/index.js';
