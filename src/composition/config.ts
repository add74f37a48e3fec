import * as v from 'valibot';
import { isCountryCode, type CountryCode } from '../domain/profile/identifiers.js';
import { LOG_LEVELS, type LogLevel } from '../adapters/logging/logger.js';

/** Everything the service reads from its environment, parsed once at start-up. */
export interface VitrineConfig {
  readonly port: number;
  /** Undefined: listen on every interface. */
  readonly host: string | undefined;
  /** Undefined: the embedded in-memory stores. */
  readonly mongodbUri: string | undefined;
  readonly mongodbDb: string;
  /** Undefined: no shared cache. */
  readonly redisUrl: string | undefined;
  readonly defaultCountry: CountryCode;
  readonly bootstrapAdminToken: string | undefined;
  readonly demoData: boolean;
  readonly logLevel: LogLevel;
}

/** A variable of the environment has a value the service cannot run with. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(`Invalid configuration: ${problems.map((p) => `${p.variable} ${p.message}`).join('; ')}`);
  }
}

/** Variables whose values may hold secrets (a token, a password in a URL): errors never repeat them. */
const SECRET_VARIABLES = new Set(['BOOTSTRAP_ADMIN_TOKEN', 'MONGODB_URI', 'REDIS_URL']);

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];

/** Empty values count as unset, as most deployment tools write unset variables that way. */
const unset = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

const EnvSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'must be a port number from 0 to 65535'),
      v.transform(Number),
      v.maxValue(65535, 'must be a port number from 0 to 65535'),
    ),
    '3000',
  ),
  HOST: v.optional(v.pipe(v.string(), v.regex(/^[\w.:\-[\]%]+$/, 'must be a host name or an IP address'))),
  MONGODB_URI: v.optional(
    v.pipe(v.string(), v.regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must be a mongodb:// or mongodb+srv:// connection string')),
  ),
  MONGODB_DB: v.optional(
    v.pipe(v.string(), v.regex(/^[^/\\. "$*<>:|?]{1,63}$/, 'must be a valid MongoDB database name')),
    'vitrine',
  ),
  REDIS_URL: v.optional(v.pipe(v.string(), v.regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL'))),
  DEFAULT_COUNTRY: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.toUpperCase()),
      v.check(isCountryCode, 'must be a two-letter ISO 3166 country code, such as BR or PT'),
    ),
    'BR',
  ),
  BOOTSTRAP_ADMIN_TOKEN: v.optional(v.pipe(v.string(), v.regex(/^\S{32,512}$/, 'must be 32 to 512 characters without spaces'))),
  DEMO_DATA: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) => s.toLowerCase()),
      v.picklist([...TRUE, ...FALSE], 'must be true or false'),
      v.transform((s) => TRUE.includes(s)),
    ),
  ),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
});

/** Reads the configuration from environment variables; throws a ConfigError naming every bad variable. */
export function parseConfig(env: Readonly<Record<string, string | undefined>>): VitrineConfig {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(EnvSchema.entries)) input[key] = unset(env[key]);
  const result = v.safeParse(EnvSchema, input);
  if (!result.success) {
    throw new ConfigError(
      result.issues.map((issue) => {
        const variable = v.getDotPath(issue) ?? 'environment';
        const got = SECRET_VARIABLES.has(variable)
          ? `a value of ${input[variable]?.length ?? 0} characters`
          : JSON.stringify(input[variable]);
        return { variable, message: `${issue.message} (got ${got})` };
      }),
    );
  }
  const env_ = result.output;
  if (env_.MONGODB_URI !== undefined) {
    throw new ConfigError([
      {
        variable: 'MONGODB_URI',
        message: 'is set, but this build has no MongoDB adapter yet; unset it to run on the embedded stores',
      },
    ]);
  }
  if (env_.REDIS_URL !== undefined) {
    throw new ConfigError([
      {
        variable: 'REDIS_URL',
        message: 'is set, but this build has no Redis adapter yet; unset it to run without a shared cache',
      },
    ]);
  }
  return {
    port: env_.PORT,
    host: env_.HOST,
    mongodbUri: env_.MONGODB_URI,
    mongodbDb: env_.MONGODB_DB,
    redisUrl: env_.REDIS_URL,
    defaultCountry: env_.DEFAULT_COUNTRY as CountryCode,
    bootstrapAdminToken: env_.BOOTSTRAP_ADMIN_TOKEN,
    demoData: env_.DEMO_DATA ?? env_.MONGODB_URI === undefined,
    logLevel: env_.LOG_LEVEL,
  };
}
