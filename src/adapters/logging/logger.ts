import { pino, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Structured JSON logs on standard output. */
export function createLogger(level: LogLevel): Logger {
  return pino({ level, base: { service: 'vitrine' } });
}

import { token } from '../../domain/shared/token.js';

export const LoggerToken = token<Logger>('Logger');
