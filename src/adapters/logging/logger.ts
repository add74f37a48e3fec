import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { token } from '../../domain/shared/token.js';

export type Logger = PinoLogger;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Structured JSON logs, one object per line, on standard output by default. Lines are written
 * asynchronously (batched while a write is under way, so a busy instance does not make one
 * system call per request) and flushed when the process exits.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'vitrine' } };
  if (destination !== undefined) return pino(options, destination);
  return level === 'silent' ? pino(options) : pino(options, pino.destination({ dest: 1, sync: false }));
}

export const LoggerToken = token<Logger>('Logger');
