import { resolve } from '../../src/composition/resolve.js';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { InMemoryCollectionStore } from '../../src/adapters/memory/in-memory-collection-store.js';
import { InMemoryProductStore } from '../../src/adapters/memory/in-memory-product-store.js';
import { InMemoryProfileStore } from '../../src/adapters/memory/in-memory-profile-store.js';
import { InMemoryTokenStore } from '../../src/adapters/memory/in-memory-token-store.js';
import { AnswerCache } from '../../src/application/caching/answer-cache.js';
import { startTestServer, type TestServer } from '../support/http-harness.js';
import { T0 } from '../support/mothers.js';
import { TokenStoreToken } from '../../src/domain/auth/token-store.js';
import { CollectionStoreToken } from '../../src/domain/merchandising/collection-store.js';
import { ProductStoreToken } from '../../src/domain/product/product-store.js';
import { ProfileStoreToken } from '../../src/domain/profile/profile-store.js';
import { override } from '../../src/composition/overrides.js';

const PROFILE = '/api/v1/crm/protected/profile/user-profile-id/up_ana';

/**
 * Instances sharing their stores but no Redis (as workers or instances on one MongoDB without
 * REDIS_URL): each keeps answers in its own memory, and hears nothing of the others' writes, so a
 * change made on one reaches the others within CACHE_TTL.
 */
describe('answers kept in each instance without Redis', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function twoInstances(env: Record<string, string>) {
    const clock = new FakeClock(T0);
    const overrides = [
      override(ProfileStoreToken, new InMemoryProfileStore()),
      override(ProductStoreToken, new InMemoryProductStore()),
      override(CollectionStoreToken, new InMemoryCollectionStore()),
      override(TokenStoreToken, new InMemoryTokenStore()),
    ];
    for (let i = 0; i < 2; i++) servers.push(await startTestServer({ clock, overrides, env }));
    const [writer, reader] = servers as [TestServer, TestServer];
    const style = async (on: TestServer) => {
      const answer = await on.request('GET', PROFILE);
      await resolve(on.container, AnswerCache).settled();
      return answer.json.profile.perfil_cliente.estilo_geral as string;
    };
    const write = (estilo_geral: string) =>
      writer.request('PUT', PROFILE, { body: { profile: { perfil_cliente: { estilo_geral } } } });
    await write('clássico');
    return { clock, writer, reader, style, write };
  }

  it('reach the other instances within CACHE_TTL, and the writing instance at once', async () => {
    const { clock, writer, reader, style, write } = await twoInstances({ CACHE_TTL: '60' });
    expect(await style(reader)).toBe('clássico');
    expect(await style(writer)).toBe('clássico');
    await write('moderno');
    expect(await style(writer)).toBe('moderno');
    expect(await style(reader)).toBe('clássico');
    clock.advance(59_999);
    expect(await style(reader)).toBe('clássico');
    clock.advance(1);
    expect(await style(reader)).toBe('moderno');
  });

  it('reach every instance at once with CACHE_LOCAL_ENTRIES=0', async () => {
    const { reader, style, write } = await twoInstances({ CACHE_TTL: '60', CACHE_LOCAL_ENTRIES: '0' });
    expect(await style(reader)).toBe('clássico');
    await write('moderno');
    expect(await style(reader)).toBe('moderno');
  });
});
