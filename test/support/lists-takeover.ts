import { expect } from 'vitest';
import { LEASE_TTL_MS } from '../../src/domain/product/shared-lists.js';
import { startVitrine, type VitrineProcess } from './vitrine-process.js';

const SIMILAR = '/api/v1/products/protected/similar';
/** The bootstrap admin token the instances are started with. */
export const TAKEOVER_TOKEN = `vtr_${'t'.repeat(43)}`;
const TOKEN = TAKEOVER_TOKEN;

/** A metric of an instance's /metrics, as a number (undefined when absent). */
async function metric(on: VitrineProcess, name: string): Promise<number | undefined> {
  const text = await (await fetch(`${on.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

async function ready(on: VitrineProcess): Promise<boolean> {
  return (await fetch(`${on.baseUrl}/health/ready`)).status === 200;
}

async function similar(on: VitrineProcess, id: string): Promise<{ status: number; products: string[] }> {
  const answer = await fetch(`${on.baseUrl}${SIMILAR}`, {
    method: 'POST',
    headers: { 'X-Service-APP-Token': TOKEN, 'Content-Type': 'application/json' },
    body: JSON.stringify({ sessionId: 'takeover', data: { id, limit: 10 } }),
  });
  const body = (await answer.json()) as { products?: string[] };
  return { status: answer.status, products: body.products ?? [] };
}

/**
 * Two instances with the lists shared (SIMILAR_LISTS=shared), each a real process (started with
 * `firstEnv`, then `secondEnv`): the first builds, the second reads. The builder is killed
 * (SIGKILL: no goodbye, its lease left to lapse) while the reader answers every 10 ms: every
 * answer must be whole, and the reader must take the lease within the lease's time and publish
 * the lists again itself. The processes started are pushed to `started` (the caller stops them).
 */
export async function killTheBuilder(
  firstEnv: Record<string, string>,
  secondEnv: Record<string, string>,
  started: VitrineProcess[],
): Promise<void> {
  const first = await startVitrine(firstEnv);
  started.push(first);
  await expect.poll(() => ready(first), { timeout: 30_000 }).toBe(true);
  const second = await startVitrine(secondEnv);
  started.push(second);
  await expect.poll(() => ready(second), { timeout: 10_000 }).toBe(true);
  const standing = [await metric(first, 'vitrine_similar_lists_builder'), await metric(second, 'vitrine_similar_lists_builder')];
  expect(standing).toEqual([1, 0]);
  const [builder, reader] = [first, second];
  expect((await similar(reader, 'VES-001')).products).toHaveLength(10);

  const answers: { status: number; products: number }[] = [];
  let asking = true;
  const loop = (async () => {
    while (asking) {
      const { status, products } = await similar(reader, 'VES-001');
      answers.push({ status, products: products.length });
      await new Promise((done) => setTimeout(done, 10));
    }
  })();
  const killedAt = performance.now();
  await builder.stop('SIGKILL');
  await expect.poll(() => metric(reader, 'vitrine_similar_lists_builder'), { timeout: 30_000, interval: 100 }).toBe(1);
  const tookMs = performance.now() - killedAt;
  // The new builder finishes its first pass over the catalog (its lists written again).
  await expect.poll(() => metric(reader, 'vitrine_similar_lists_passes'), { timeout: 30_000 }).toBeGreaterThan(0);
  asking = false;
  await loop;

  expect(tookMs).toBeLessThan(LEASE_TTL_MS + 5_000);
  expect(answers.length).toBeGreaterThan(50);
  expect(answers.filter((a) => a.status !== 200 || a.products !== 10)).toEqual([]);
  expect(await metric(reader, 'vitrine_similar_lists_published')).toBeGreaterThan(0);
}
