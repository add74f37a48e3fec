export { createContainer, resolve, type Overrides } from './container.js';
export { parseConfig, ConfigError, type VitrineConfig } from './config.js';
export { prepareInstance } from './start.js';
