import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import * as application from '../../src/application/index.js';
import { ClockToken } from '../../src/domain/shared/clock.js';
import { ProductStoreToken } from '../../src/domain/product/product-store.js';
import { parseConfig } from '../../src/composition/config.js';
import { createContainer } from '../../src/composition/container.js';
import { resolve } from '../../src/composition/resolve.js';
import { MetricsToken } from '../../src/adapters/metrics/prometheus-metrics.js';
import { aProductInput } from '../support/mothers.js';
import { override } from '../../src/composition/overrides.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a class of any constructor, as the container sees it
type UseCaseClass = (new (...args: any[]) => { execute: unknown }) & {
  prototype: { execute: { constructor: { name: string } } };
};

const useCases = Object.entries(application).filter(
  ([name, value]) =>
    typeof value === 'function' &&
    /^[A-Z]/.test(name) &&
    typeof (value as { prototype?: { execute?: unknown } }).prototype?.execute === 'function',
) as [string, UseCaseClass][];

describe('the composition root', () => {
  const config = parseConfig({ LOG_LEVEL: 'silent' });

  it('binds every use case the application exports', () => {
    expect(useCases.length).toBeGreaterThanOrEqual(23);
    const container = createContainer(config);
    for (const [name, useCase] of useCases) {
      expect(resolve(container, useCase), name).toBeInstanceOf(useCase);
    }
  });

  it('gives every use case an async execute, so every failure is a rejection, never a throw', () => {
    for (const [name, useCase] of useCases) {
      expect(useCase.prototype.execute.constructor.name, name).toBe('AsyncFunction');
    }
  });

  it('builds each use case once per container', () => {
    const container = createContainer(config);
    expect(resolve(container, application.GetActiveSlice)).toBe(resolve(container, application.GetActiveSlice));
    expect(resolve(createContainer(config), application.GetActiveSlice)).not.toBe(resolve(container, application.GetActiveSlice));
  });

  it('replaces single ports with overrides, stores included (behind the metrics)', async () => {
    const clock = new FakeClock('2030-01-01T00:00:00.000Z');
    const products = new InMemoryProductStore();
    const container = createContainer(config, [override(ClockToken, clock), override(ProductStoreToken, products)]);
    expect(resolve(container, ClockToken)).toBe(clock);
    const resolved = resolve(container, ProductStoreToken);
    expect(resolved).toBeInstanceOf(InMemoryProductStore);
    await resolved.save(aProductInput({ id: 'P-1' }), clock.now());
    expect((await products.get('P-1'))?.id).toBe('P-1');
  });

  it('times every store call and counts the failures, whichever adapter the store is', async () => {
    const failing = new InMemoryProductStore();
    failing.get = () => Promise.reject(new Error('the disk is on fire'));
    const container = createContainer(config, [override(ProductStoreToken, failing)]);
    const products = resolve(container, ProductStoreToken);
    await products.save(aProductInput({ id: 'P-1' }), new Date());
    await expect(products.get('P-1')).rejects.toThrow('the disk is on fire');
    const text = await resolve(container, MetricsToken).render();
    expect(text).toContain('vitrine_store_operation_duration_seconds_count{store="products",operation="save"} 1');
    expect(text).toContain('vitrine_store_operation_duration_seconds_count{store="products",operation="get"} 1');
    expect(text).toContain('vitrine_store_errors_total{store="products",operation="get"} 1');
    expect(text).not.toContain('vitrine_store_errors_total{store="products",operation="save"}');
  });
});
