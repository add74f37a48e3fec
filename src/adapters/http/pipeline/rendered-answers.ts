import { contentTag } from './entity-tags.js';

/** An answer as sent: its JSON bytes and their strong entity tag. */
export interface RenderedAnswer {
  readonly body: Buffer;
  readonly etag: string;
}

/**
 * Serialises each answer object once: the use cases hand out the same object for as long as the
 * answer does not change (the in-process cache keeps it), so its bytes and ETag are computed on
 * the first request and served as they are to every later one. Objects no longer referenced are
 * forgotten with them.
 */
export function renderer<T extends object>(present: (answer: T) => unknown): (answer: T) => RenderedAnswer {
  const memo = new WeakMap<T, RenderedAnswer>();
  return (answer) => {
    let rendered = memo.get(answer);
    if (rendered === undefined) {
      const body = jsonBytes(present(answer));
      rendered = { body, etag: contentTag(body) };
      memo.set(answer, rendered);
    }
    return rendered;
  };
}

/**
 * Serialises answers to a POST (no entity tag): an answer the use case hands out again and again
 * (frozen: the engine keeps it) once, an answer made for one request (a shopper's) on the spot.
 */
export function bodyRenderer<T extends object>(present: (answer: T) => unknown): (answer: T) => Buffer {
  const memo = new WeakMap<T, Buffer>();
  return (answer) => {
    if (!Object.isFrozen(answer)) return jsonBytes(present(answer));
    let body = memo.get(answer);
    if (body === undefined) memo.set(answer, (body = jsonBytes(present(answer))));
    return body;
  };
}

function jsonBytes(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value), 'utf8');
}
