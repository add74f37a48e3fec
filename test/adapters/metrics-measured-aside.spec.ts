import { describe, expect, it } from 'vitest';
import { PrometheusMetrics } from '../../src/adapters/metrics/prometheus-metrics.js';
import { reportEngine } from '../../src/composition/adapters/similarity.js';
import { SimilarityEngine } from '../../src/adapters/similarity/similarity-engine.js';
import { aPlainProduct } from '../support/mothers.js';

/** A walk of `pauses` slices, each holding the event loop about `msEach` (a catalog far larger than the test's). */
function* slowWalk(pauses: number, msEach: number, value: number): Generator<void, number, void> {
  for (let i = 0; i < pauses; i++) {
    const until = performance.now() + msEach;
    while (performance.now() < until);
    yield;
  }
  return value;
}

const gaugeOf = (text: string, name: string): number => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);

describe('the bytes gauges of /metrics (measured off the scrape)', () => {
  it('a scrape serves the last measured figure at once, the walk of the catalog running aside in short slices', async () => {
    const metrics = new PrometheusMetrics();
    let figure = 1000;
    let walks = 0;
    metrics.observeSimilarity(
      () => ({ products: 1, embedded: 0, pending: 0, slots: 1, terms: 1 }),
      () => {
        walks++;
        // 300 steps of 1 ms: a walk of 300 ms, more than a catalog of a million products takes.
        return slowWalk(walks === 1 ? 0 : 300, 1, figure);
      },
    );
    figure = 2000;
    const started = performance.now();
    const first = await metrics.render();
    expect(performance.now() - started).toBeLessThan(100);
    expect(gaugeOf(first, 'vitrine_similarity_bytes')).toBe(1000);
    // The walk the scrape started runs in slices; the event loop is never held long meanwhile.
    let longest = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    let metricsText = '';
    for (let i = 0; i < 400 && gaugeOf(metricsText, 'vitrine_similarity_bytes') !== 2000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      metricsText = await metrics.render();
    }
    clearInterval(probe);
    expect(gaugeOf(metricsText, 'vitrine_similarity_bytes')).toBe(2000);
    // Slices of 4 ms (the margin is for a loaded machine; the whole walk at once would hold it 300 ms).
    expect(longest).toBeLessThan(100);
  });

  it("report the engine's bytes as measured whole, once the walk is done", async () => {
    const metrics = new PrometheusMetrics();
    const engine = new SimilarityEngine({ background: false });
    reportEngine(metrics, engine);
    engine.productsSaved(Array.from({ length: 5000 }, (_, i) => aPlainProduct(`P-${i}`, { name: `Item ${i} linho ${i % 7}` })));
    engine.learn([{ sessionId: 'S', productId: 'P-1', type: 'view', at: new Date('2026-11-27T00:00:00Z') }]);
    engine.computePendingNow();
    let text = await metrics.render();
    for (let i = 0; i < 400 && gaugeOf(text, 'vitrine_similarity_bytes') !== engine.stats.bytes; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      text = await metrics.render();
    }
    expect(gaugeOf(text, 'vitrine_similarity_bytes')).toBe(engine.stats.bytes);
    expect(gaugeOf(text, 'vitrine_behaviour_bytes')).toBe(engine.behaviour.stats.bytes);
    expect(gaugeOf(text, 'vitrine_similarity_products')).toBe(5000);
  });
});
