export { createContainer, FEATURE_MODULES, override, type Override, type Overrides } from './container.js';
export { resolve } from './resolve.js';
export { createApp, createRequestHandler, openApiDocumentOf, routesOf } from './adapters/http.js';
export { parseConfig, ConfigError, type VitrineConfig } from './config.js';
export { startResources, stopResources, ResourceFailure, ResourcesToken, type Resource } from './lifecycle.js';
export { prepareInstance } from './start.js';
