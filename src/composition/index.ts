export { createContainer, resolve, type Overrides } from './container.js';
export { parseConfig, ConfigError, type VitrineConfig } from './config.js';
export { startResources, stopResources, ResourceFailure, ResourcesToken, type Resource } from './lifecycle.js';
export { prepareInstance } from './start.js';
