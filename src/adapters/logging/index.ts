export { createLogger, LOG_LEVELS, type Logger, type LogLevel } from './logger.js';
