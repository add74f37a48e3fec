import type { IncomingMessage } from 'node:http';
import type { Admission } from '../../application/auth/admit-request.js';

/**
 * What the hot path did with a request before handing it to the full (Koa) path: the request's
 * id and start, its admission (or the error admission ended in) and the body it already read. The
 * full path takes them up instead of doing that work again, so a request is admitted, counted
 * against its quota and logged exactly once, whichever path answers it.
 */
export interface Handover {
  readonly requestId: string;
  readonly started: number;
  admission?: { readonly ok: true; readonly value: Admission } | { readonly ok: false; readonly error: unknown };
  rawBody?: Buffer;
  /** Why the body could not be read (it is gone from the stream): the full path answers with it. */
  bodyError?: unknown;
}

const HANDOVER = Symbol('vitrine.handover');

type Carrier = IncomingMessage & { [HANDOVER]?: Handover };

export function handOver(req: IncomingMessage, handover: Handover): void {
  (req as Carrier)[HANDOVER] = handover;
}

export function handedOver(req: IncomingMessage): Handover | undefined {
  return (req as Carrier)[HANDOVER];
}
