import { describe, expect, it } from 'vitest';
import { EventFeedToken } from '../../src/application/events/follow-events.js';
import { RecordEvents } from '../../src/application/events/record-events.js';
import { FindSimilarProducts } from '../../src/application/product/find-similar-products.js';
import type { RecommendationCounts } from '../../src/domain/product/recommendation-counts.js';
import { UpsertProduct } from '../../src/application/product/upsert-product.js';
import type { BatchItem } from '../../src/application/shared/batch.js';
import { EventStoreToken } from '../../src/domain/events/event-store.js';
import { EventPolicyToken, type ShopperEventInput } from '../../src/domain/events/shopper-event.js';
import type { NeighbourSource } from '../../src/domain/product/neighbour-blend.js';
import { toBase64Url } from '../../src/domain/product/recommendation.js';
import { AnswerReadsToken } from '../../src/domain/product/similarity.js';
import { SimilarAnswers } from '../../src/application/product/similar-answers.js';
import { ClockToken } from '../../src/domain/shared/clock.js';
import { aProductInput } from '../support/mothers.js';
import { testContainer } from '../support/test-container.js';

const items = (...inputs: ShopperEventInput[]): BatchItem<ShopperEventInput>[] =>
  inputs.map((input, index) => ({ index, input }));

const product = (id: string, name: string, category: string) =>
  aProductInput({ id, name, category, description: undefined, tags: [], brand: undefined, price: undefined });

/**
 * The service with a small catalog in which BAG was seen with HERO in two sessions (enough
 * behaviour, BEHAVIOUR_MIN_EVIDENCE being 2), and a RecordEvents built from the container's own
 * parts but counting clicks in a list.
 */
async function service() {
  const { get } = testContainer({ env: { BEHAVIOUR_MIN_EVIDENCE: '2' } });
  const upsert = get(UpsertProduct);
  for (const input of [
    product('HERO', 'Vestido linho areia', 'vestidos'),
    product('V-CRU', 'Vestido linho cru', 'vestidos'),
    product('BAG', 'Bolsa couro', 'bolsas'),
    product('LONE', 'Guarda-chuva xadrez', 'acessorios'),
  ]) {
    await upsert.execute(input);
  }
  const record = get(RecordEvents);
  for (const sessionId of ['s-1', 's-2']) {
    await record.execute(items({ type: 'view', productId: 'HERO', sessionId }, { type: 'view', productId: 'BAG', sessionId }));
  }
  const clicks: (NeighbourSource | undefined)[] = [];
  const counts: RecommendationCounts = { shown: () => undefined, clicked: (source) => clicks.push(source) };
  const recordCounted = new RecordEvents(
    get(EventStoreToken),
    get(ClockToken),
    get(EventPolicyToken),
    get(EventFeedToken),
    get(SimilarAnswers),
    get(AnswerReadsToken),
    counts,
  );
  return { find: get(FindSimilarProducts), record: recordCounted, clicks };
}

const click = (productId: string, recommendationId: string, eventId?: string): ShopperEventInput => ({
  type: 'recommendation_click',
  productId,
  sessionId: 's-3',
  recommendationId,
  eventId,
});

describe('attributing recommendation clicks', () => {
  it('counts a click by the source that gave the clicked product in the answer its id names', async () => {
    const { find, record, clicks } = await service();
    const answer = await find.execute({ productId: 'HERO' });
    expect(answer.products).toEqual(['BAG', 'V-CRU']);
    await record.execute(items(click('BAG', answer.recommendationId)));
    await record.execute(items(click('V-CRU', answer.recommendationId)));
    expect(clicks).toEqual(['behaviour', 'content']);
  });

  it('counts a click on an id Vitrine never gave, or on a product the answer does not hold, as of an unknown source', async () => {
    const { find, record, clicks } = await service();
    const answer = await find.execute({ productId: 'HERO' });
    await record.execute(items(click('BAG', 'not-a-vitrine-id')));
    await record.execute(items(click('LONE', answer.recommendationId)));
    await record.execute(items(click('BAG', `x-1.${toBase64Url('NO-SUCH-PRODUCT')}`)));
    expect(clicks).toEqual([undefined, undefined, undefined]);
  });

  it('counts a click sent twice (the same eventId) once, and a click refused not at all', async () => {
    const { find, record, clicks } = await service();
    const { recommendationId } = await find.execute({ productId: 'HERO' });
    const outcome = await record.execute(items(click('BAG', recommendationId, 'c-1'), click('BAG', recommendationId, 'c-1')));
    expect(outcome).toMatchObject({ accepted: 1, duplicate: 1 });
    await record.execute(items(click('BAG', recommendationId, 'c-1')));
    await record.execute(items(click('BAG', '   ')));
    await record.execute(items({ type: 'view', productId: 'BAG', sessionId: 's-3' }));
    expect(clicks).toEqual(['behaviour']);
  });

  it('attributes a click by any instance’s id: the id alone names the answer', async () => {
    const { record, clicks } = await service();
    await record.execute(items(click('BAG', `another-instance-7.${toBase64Url('HERO')}`)));
    expect(clicks).toEqual(['behaviour']);
  });
});
