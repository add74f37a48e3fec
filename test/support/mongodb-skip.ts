/**
 * The line the MongoDB project's tests are skipped with when no mongod can be had here: the same
 * text goes to the run's log, once, and to the report, as the skipped test's name.
 */

/** The longest a reason taken from an error may be: enough for a host name or an errno, never a dump. */
const MAX_DETAIL = 160;

/**
 * Why mongodb-memory-server could not give a mongod, in one line: a failed download's own reason
 * (DownloadError's `msg`, e.g. `getaddrinfo ENOTFOUND fastdl.mongodb.org`), else the first line of
 * the error's message; never a stack.
 */
export function whyNoMongod(error: unknown): string {
  const msg = (error as { msg?: unknown } | null)?.msg;
  const text = typeof msg === 'string' ? msg : error instanceof Error ? error.message : String(error);
  const line = text.trim().split('\n')[0]!.trim();
  return line.length > MAX_DETAIL ? `${line.slice(0, MAX_DETAIL - 1)}…` : line || 'no reason given';
}

export function mongodbSkipReason(why: string): string {
  return `MongoDB tests skipped: ${why}`;
}

export function noMongodReason(error: unknown): string {
  return mongodbSkipReason(
    `no mongod here: set MONGODB_URI, or MONGOMS_SYSTEM_BINARY for mongodb-memory-server (it could not get one: ${whyNoMongod(error)})`,
  );
}
