import { describe, expect, it } from 'vitest';
import { PopularityRanking } from '../../src/adapters/similarity/popularity-ranking.js';
import { ChangeCounter } from '../../src/adapters/similarity/change-counter.js';

/** A ranking keeping 4 products per group, whose first 2 places are read. */
function ranking(capacity = 4, depth = 2) {
  const counter = new ChangeCounter();
  return { ranking: new PopularityRanking(capacity, depth, counter), counter };
}

/** Raises each `id:key` in a group, in order. */
function raise(ranking: PopularityRanking, group: string, ...specs: string[]): void {
  for (const spec of specs) {
    const [id = '', key = '0'] = spec.split(':');
    ranking.raise(group, id, Number(key));
  }
}

describe('the popularity ranking: raising', () => {
  it('ranks a group’s products by key, best first, an equal key by the smaller id; groups apart', () => {
    const { ranking: r } = ranking();
    raise(r, 'g', 'B:5', 'A:7', 'D:6', 'C:6');
    raise(r, 'h', 'X:1');
    expect(r.top('g')).toEqual(['A', 'C', 'D', 'B']);
    expect(r.top('h')).toEqual(['X']);
    expect(r.top('unknown')).toEqual([]);
  });

  it('moves a product up when its key rises', () => {
    const { ranking: r } = ranking();
    raise(r, 'g', 'A:4', 'B:3', 'C:2');
    raise(r, 'g', 'C:5');
    expect(r.top('g')).toEqual(['C', 'A', 'B']);
  });

  it('keeps the capacity best: a product no better than the last is not let in, a better one pushes the last out', () => {
    const { ranking: r } = ranking();
    raise(r, 'g', 'A:4', 'B:3', 'C:2', 'D:1');
    raise(r, 'g', 'E:1');
    expect(r.top('g')).toEqual(['A', 'B', 'C', 'D']);
    raise(r, 'g', 'E:2.5');
    expect(r.top('g')).toEqual(['A', 'B', 'E', 'C']);
  });
});

describe('the popularity ranking: stamps', () => {
  it('stamps a group when the order of its first depth places changes, from the counter given', () => {
    const { ranking: r, counter } = ranking();
    expect(r.stampOf('g')).toBe(0);
    raise(r, 'g', 'A:4');
    const first = r.stampOf('g');
    expect(first).toBeGreaterThan(0);
    raise(r, 'g', 'B:3');
    const second = r.stampOf('g');
    expect(second).toBeGreaterThan(first);
    // B overtakes A.
    raise(r, 'g', 'B:5');
    expect(r.stampOf('g')).toBeGreaterThan(second);
    expect(counter.next()).toBeGreaterThan(r.stampOf('g'));
  });

  it('does not stamp a group for a product whose key rises in its place, nor for changes below depth', () => {
    const { ranking: r } = ranking();
    raise(r, 'g', 'A:10', 'B:9');
    const stamp = r.stampOf('g');
    raise(r, 'g', 'A:11', 'B:9.5');
    raise(r, 'g', 'C:2', 'D:1');
    // D overtakes C at the third place: the first two are the same.
    raise(r, 'g', 'D:3');
    expect(r.top('g')).toEqual(['A', 'B', 'D', 'C']);
    expect(r.stampOf('g')).toBe(stamp);
    raise(r, 'other', 'X:1');
    expect(r.stampOf('g')).toBe(stamp);
  });
});

describe('the popularity ranking: removing and rebuilding', () => {
  it('takes a product out of a group, stamping it when the product was in the first depth places', () => {
    const { ranking: r } = ranking();
    raise(r, 'g', 'A:4', 'B:3', 'C:2');
    const stamp = r.stampOf('g');
    r.remove('g', 'C');
    r.remove('g', 'UNKNOWN');
    r.remove('unknown', 'A');
    expect(r.top('g')).toEqual(['A', 'B']);
    expect(r.stampOf('g')).toBe(stamp);
    r.remove('g', 'A');
    expect(r.top('g')).toEqual(['B']);
    expect(r.stampOf('g')).toBeGreaterThan(stamp);
  });

  it('needs no rebuild after products leave a group that was never full', () => {
    const { ranking: r } = ranking();
    raise(r, 'g', 'A:4', 'B:3');
    r.remove('g', 'A');
    r.remove('g', 'B');
    expect(r.needsRebuild('g')).toBe(false);
    expect(r.top('g')).toEqual([]);
    expect(r.needsRebuild('unknown')).toBe(false);
  });

  it('needs a rebuild once fewer than depth places remain of a group that lost a product while full', () => {
    const { ranking: r } = ranking();
    raise(r, 'g', 'A:4', 'B:3', 'C:2', 'D:1');
    // E did not make the list: once A leaves, who follows D is not known.
    raise(r, 'g', 'E:0.5');
    r.remove('g', 'A');
    expect(r.needsRebuild('g')).toBe(false);
    r.remove('g', 'B');
    expect(r.needsRebuild('g')).toBe(false);
    expect(r.top('g')).toEqual(['C', 'D']);
    r.remove('g', 'C');
    expect(r.needsRebuild('g')).toBe(true);
    r.remove('g', 'D');
    expect(r.needsRebuild('g')).toBe(true);
    expect(r.top('g')).toEqual([]);
  });

  it('lets into a group that lost products only what ranks above its last: no product it may be missing is passed over', () => {
    const { ranking: r } = ranking();
    raise(r, 'g', 'A:10', 'B:9', 'C:8', 'D:7', 'E:6');
    r.remove('g', 'A');
    // F ranks below E, which the group no longer lists: F stays out.
    raise(r, 'g', 'F:1');
    expect(r.top('g')).toEqual(['B', 'C', 'D']);
    r.remove('g', 'B');
    r.remove('g', 'C');
    expect(r.needsRebuild('g')).toBe(true);
    r.rebuild('g', [
      ['D', 7],
      ['E', 6],
      ['F', 1],
    ]);
    expect(r.top('g')).toEqual(['D', 'E', 'F']);
  });

  it('keeps a group’s stamp when its last product leaves: a stamp never goes down', () => {
    const { ranking: r } = ranking();
    raise(r, 'g', 'A:1');
    const stamp = r.stampOf('g');
    r.remove('g', 'A');
    expect(r.stampOf('g')).toBeGreaterThan(stamp);
    expect(r.top('g')).toEqual([]);
  });

  it('rebuilds a group from its members: the capacity best, those never raised left out, and stamps it', () => {
    const { ranking: r } = ranking();
    raise(r, 'g', 'A:4', 'B:3', 'C:2', 'D:1');
    r.remove('g', 'A');
    r.remove('g', 'B');
    r.remove('g', 'C');
    const stamp = r.stampOf('g');
    r.rebuild('g', [
      ['D', 1],
      ['E', 0.5],
      ['F', 3],
      ['G', Number.NEGATIVE_INFINITY],
      ['H', 0.5],
      ['I', 0.25],
      ['J', 0.1],
    ]);
    expect(r.top('g')).toEqual(['F', 'D', 'E', 'H']);
    expect(r.needsRebuild('g')).toBe(false);
    expect(r.stampOf('g')).toBeGreaterThan(stamp);
    // Rebuilt, it ranks as before: I, better than the last, comes in.
    raise(r, 'g', 'I:0.75');
    expect(r.top('g')).toEqual(['F', 'D', 'I', 'E']);
  });
});
