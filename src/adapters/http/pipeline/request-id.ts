import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What a client-sent request id may look like: short, and nothing a log line could be forged with. */
const ACCEPTABLE = /^[\w.:-]{1,128}$/;

/** The client's request id when it is a sensible one, else a new UUID. */
export function requestIdFrom(sent: string | undefined): string {
  return sent !== undefined && ACCEPTABLE.test(sent) ? sent : randomUUID();
}
