import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/adapters/logging/logger.js';
import { FailurePause } from '../../src/adapters/redis/failure-pause.js';

/** A pause on a clock moved by hand, and requests to the store settled by hand. */
function pauseAt() {
  let now = 1_000;
  const pause = new FailurePause(createLogger('silent'), 'Redis does not answer', () => now);
  let asked = 0;
  const pending: ((ok: boolean) => void)[] = [];
  const send = () =>
    pause.run(() => {
      asked++;
      return new Promise<string>((resolve, reject) =>
        pending.push((ok) => (ok ? resolve('answer') : reject(new Error('Command timed out')))),
      );
    });
  /** Settles the oldest request still waiting, at `now`. */
  const settle = async (ok: boolean) => {
    pending.shift()!(ok);
    await new Promise((done) => setImmediate(done));
  };
  return {
    pause,
    send,
    settle,
    asked: () => asked,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('a Redis left alone after failing in a row', () => {
  it('is left alone for a second after three requests sent one after another fail, then asked again', async () => {
    const store = pauseAt();
    for (let i = 0; i < 3; i++) {
      const answer = store.send().catch((e: unknown) => e);
      store.advance(100);
      await store.settle(false);
      expect(await answer).toBeInstanceOf(Error);
    }
    expect(store.pause.paused).toBe(true);
    await expect(store.send()).rejects.toThrow('left alone');
    expect(store.asked()).toBe(3);
    store.advance(999);
    expect(store.pause.paused).toBe(true);
    store.advance(1);
    expect(store.pause.paused).toBe(false);
    const answer = store.send();
    await store.settle(true);
    expect(await answer).toBe('answer');
  });

  it('counts the requests in flight when it stalls as one failure, however many there are', async () => {
    const store = pauseAt();
    const inFlight = Array.from({ length: 8 }, () => store.send().catch((e: unknown) => e));
    store.advance(100);
    for (let i = 0; i < 8; i++) await store.settle(false);
    for (const answer of inFlight) expect(await answer).toBeInstanceOf(Error);
    expect(store.pause.paused).toBe(false);
    // Requests sent after that stall failing too: Redis does not answer.
    for (let i = 0; i < 2; i++) {
      const answer = store.send().catch((e: unknown) => e);
      store.advance(100);
      await store.settle(false);
      await answer;
    }
    expect(store.pause.paused).toBe(true);
  });

  it('starts counting again after a success', async () => {
    const store = pauseAt();
    for (const ok of [false, false, true, false, false]) {
      const answer = store.send().catch((e: unknown) => e);
      store.advance(100);
      await store.settle(ok);
      await answer;
    }
    expect(store.pause.paused).toBe(false);
  });

  it('counts every failure told without the time its request was sent', () => {
    const store = pauseAt();
    for (let i = 0; i < 3; i++) store.pause.failed(new Error('Command timed out'));
    expect(store.pause.paused).toBe(true);
  });
});
