import { describe, expect, it } from 'vitest';
import { BehaviourModel } from '../../src/adapters/similarity/behaviour-model.js';
import type { ShopperEvent } from '../../src/domain/events/shopper-event.js';
import { anEvent, T0 } from '../support/mothers.js';

const MINUTE = 60_000;

/** A session's events, one a minute from `start` minutes after T0: `A` is a view, `A:purchase` a purchase. */
function session(sessionId: string, products: readonly string[], start = 0, userId?: string): ShopperEvent[] {
  return products.map((spec, i) => {
    const [productId = '', type = 'view'] = spec.split(':');
    return anEvent({
      type: type as ShopperEvent['type'],
      productId,
      sessionId,
      userId,
      at: new Date(T0.getTime() + (start + i) * MINUTE),
    });
  });
}

const ids = (model: BehaviourModel, productId: string) => model.neighbours(productId, 10).map((n) => n.productId);

/** What a model knows of some products: their neighbours with scores and their evidence. */
const knowledge = (model: BehaviourModel, products: readonly string[]) =>
  products.map((id) => [id, model.evidence(id), model.neighbours(id, 10)]);

describe('the behaviour model: learning event by event', () => {
  it('learns which products sessions saw together and what each shopper and session did', () => {
    const model = new BehaviourModel();
    model.learn([...session('S1', ['A', 'B'], 0, 'up_ana'), ...session('S2', ['A', 'C:purchase'], 10, 'up_ana')]);
    // A purchase weighs more than a view.
    expect(ids(model, 'A')).toEqual(['C', 'B']);
    expect(model.evidence('A')).toBe(2);
    expect(model.evidence('UNKNOWN')).toBe(0);
    expect([...model.user('up_ana')!.purchased]).toEqual(['C']);
    expect([...model.session('S1')!.viewed.keys()]).toEqual(['A', 'B']);
    expect(model.stats).toMatchObject({ products: 3, users: 1, shopperSessions: 2 });
  });

  it('forgets a shopper, not the products they paired', () => {
    const model = new BehaviourModel();
    model.learn(session('S1', ['A', 'B:purchase'], 0, 'up_ana'));
    model.forgetUser('up_ana');
    expect(model.user('up_ana')).toBeUndefined();
    expect(ids(model, 'A')).toEqual(['B']);
  });

  it('forgets products gone from the catalog: their pairs and evidence', () => {
    const model = new BehaviourModel();
    model.learn([...session('S1', ['A', 'B', 'C'])]);
    model.forget(['B', 'NEVER-SEEN']);
    expect(ids(model, 'A')).toEqual(['C']);
    expect(ids(model, 'B')).toEqual([]);
    expect(model.evidence('B')).toBe(0);
  });
});

describe('the behaviour model: the version of a product’s behaviour', () => {
  it('changes when the product is paired again, not for events that do not touch it', () => {
    const model = new BehaviourModel();
    model.learn(session('S1', ['A', 'B']));
    const before = model.versionOf('A');
    model.learn(session('S2', ['C', 'D']));
    // A seen again in its session adds nothing: same strength, same pairs.
    model.learn(session('S1', ['A'], 2));
    expect(model.versionOf('A')).toBe(before);
    model.learn(session('S3', ['A', 'C'], 10));
    expect(model.versionOf('A')).not.toBe(before);
  });

  it('changes when a partner is forgotten', () => {
    const model = new BehaviourModel();
    model.learn(session('S1', ['A', 'B']));
    const before = model.versionOf('A');
    model.forget(['B']);
    expect(model.versionOf('A')).not.toBe(before);
  });

  it('changes for every product when a relearning finishes, even on the same history; not when one is abandoned', () => {
    const model = new BehaviourModel();
    const history = session('S1', ['A', 'B']);
    model.learn(history);
    const before = model.versionOf('A');
    const abandoned = model.relearn();
    abandoned.learn(history);
    abandoned.abandon();
    expect(model.versionOf('A')).toBe(before);
    const finished = model.relearn();
    finished.learn(history);
    finished.finish();
    expect(model.versionOf('A')).not.toBe(before);
    expect(model.versionOf('UNKNOWN')).not.toBe(0);
    expect(ids(model, 'A')).toEqual(['B']);
  });
});

describe('the behaviour model: learning afresh', () => {
  it('keeps answering and learning from what it knew until the new learning is finished, which then replaces it', () => {
    const model = new BehaviourModel();
    model.learn(session('OLD', ['A', 'GONE']));
    const learning = model.relearn();
    learning.learn(session('S1', ['A', 'B']));
    expect(ids(model, 'A')).toEqual(['GONE']);
    model.learn(session('LIVE', ['A', 'C'], 120));
    expect(ids(model, 'A')).toEqual(['C', 'GONE']);
    learning.finish();
    // The history, then the live events held meanwhile; what is no longer in the history is gone.
    expect(ids(model, 'A')).toEqual(['B', 'C']);
    expect(ids(model, 'GONE')).toEqual([]);
  });

  it('counts once an event both read in the history and held live', () => {
    const history = [...session('S1', ['A', 'B', 'A:add_to_cart'], 0, 'up_ana'), ...session('S2', ['B', 'C'], 5)];
    const live = session('S3', ['A', 'C'], 30, 'up_ana');
    const model = new BehaviourModel();
    const learning = model.relearn();
    model.learn(live);
    learning.learn([...history, ...live]);
    learning.finish();
    const once = new BehaviourModel();
    once.learn([...history, ...live]);
    expect(knowledge(model, ['A', 'B', 'C'])).toEqual(knowledge(once, ['A', 'B', 'C']));
    expect(model.user('up_ana')).toEqual(once.user('up_ana'));
  });

  it('learns the live events held after the history in time order, whatever order they came in', () => {
    const model = new BehaviourModel();
    const learning = model.relearn();
    const [first, second] = session('LIVE', ['A', 'B'], 60);
    model.learn([second!]);
    model.learn([first!]);
    learning.learn(session('S1', ['X', 'Y']));
    learning.finish();
    expect(ids(model, 'A')).toEqual(['B']);
    expect(model.session('LIVE')!.viewed.get('B')).toEqual(second!.at);
  });

  it('ignores a learning that was abandoned or replaced by a newer one', () => {
    const model = new BehaviourModel();
    model.learn(session('S0', ['A', 'B']));
    const abandoned = model.relearn();
    abandoned.learn(session('S1', ['A', 'C']));
    abandoned.abandon();
    abandoned.finish();
    expect(ids(model, 'A')).toEqual(['B']);
    const replaced = model.relearn();
    const newer = model.relearn();
    replaced.learn(session('S2', ['A', 'D']));
    replaced.finish();
    expect(ids(model, 'A')).toEqual(['B']);
    newer.learn(session('S3', ['A', 'E']));
    newer.finish();
    expect(ids(model, 'A')).toEqual(['E']);
  });

  it('forgets a shopper erased while it learns: in what it knows, in the history read so far and in the live events held', () => {
    const model = new BehaviourModel();
    model.learn(session('S0', ['A'], 0, 'up_ana'));
    const learning = model.relearn();
    learning.learn(session('S1', ['B:purchase'], 1, 'up_ana'));
    model.learn(session('S2', ['C:purchase'], 2, 'up_ana'));
    model.learn(session('S3', ['D'], 3, 'up_bia'));
    model.forgetUser('up_ana');
    expect(model.user('up_ana')).toBeUndefined();
    learning.finish();
    expect(model.user('up_ana')).toBeUndefined();
    expect(model.user('up_bia')?.recent.map((e) => e.productId)).toEqual(['D']);
  });

  it('does not bring back a shopper erased while it learns from a page of history read before the erasure', () => {
    const model = new BehaviourModel();
    const learning = model.relearn();
    model.forgetUser('up_ana');
    learning.learn([...session('S1', ['A:purchase'], 0, 'up_ana'), ...session('S2', ['B'], 1, 'up_bia')]);
    // What she does after the erasure is learnt live, and kept.
    model.learn(session('S3', ['C'], 5, 'up_ana'));
    learning.finish();
    expect(model.user('up_ana')?.recent.map((e) => e.productId)).toEqual(['C']);
    expect(model.user('up_ana')?.purchased.size).toBe(0);
    expect(model.user('up_bia')?.recent.map((e) => e.productId)).toEqual(['B']);
  });

  it('forgets products removed while it learns, in the new learning too', () => {
    const model = new BehaviourModel();
    const learning = model.relearn();
    learning.learn(session('S1', ['A', 'B', 'C']));
    model.forget(['B']);
    learning.finish();
    expect(ids(model, 'A')).toEqual(['C']);
  });
});
