import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../src/adapters/clock/fake-clock.js';
import { FindSimilarProducts } from '../../src/application/product/find-similar-products.js';
import { RecommendationIds } from '../../src/application/product/recommendations.js';
import type { SimilarAnswers } from '../../src/application/product/similar-answers.js';
import { MAX_EVENT_USER_ID_LENGTH, MAX_SESSION_ID_LENGTH } from '../../src/domain/events/shopper-event.js';
import { MAX_PRODUCT_ID_LENGTH } from '../../src/domain/product/product.js';
import type { AnswerQuestion, AnswerReads, ShopperQuery } from '../../src/domain/product/similarity.js';
import { DomainError } from '../../src/domain/shared/errors.js';

/** The use case over reads and answers that note what they were asked: what a request's ids lead to be looked up. */
function useCase() {
  const questions: AnswerQuestion[] = [];
  const shoppers: ShopperQuery[] = [];
  const reads: AnswerReads = {
    prepare: (question) => {
      questions.push(question);
      return Promise.resolve(true);
    },
    ready: () => false,
  };
  const answers = {
    forShopper: (_productId: string, _limit: number, shopper: ShopperQuery) => {
      shoppers.push(shopper);
      return { ids: ['B'], from: ['session'] };
    },
  } as unknown as SimilarAnswers;
  const find = new FindSimilarProducts(
    answers,
    reads,
    new FakeClock('2026-12-07T12:00:00.000Z'),
    { styleOf: () => [] },
    new RecommendationIds(),
    { shown: () => undefined, clicked: () => undefined },
  );
  return { find, questions, shoppers };
}

describe('a similar-products request names only what events and products can hold', () => {
  it('looks up a userId and sessionId of the longest lengths an event may carry', async () => {
    const { find, questions, shoppers } = useCase();
    const userId = 'u'.repeat(MAX_EVENT_USER_ID_LENGTH);
    const sessionId = 's'.repeat(MAX_SESSION_ID_LENGTH);
    await find.execute({ productId: 'A', userId, sessionId });
    expect(questions).toEqual([{ productId: 'A', userId, sessionId }]);
    expect(shoppers[0]).toMatchObject({ userId, sessionId });
  });

  it('answers a longer userId as an anonymous shopper and a longer sessionId as a new session, looking neither up', async () => {
    const { find, questions, shoppers } = useCase();
    const answer = await find.execute({
      productId: 'A',
      userId: 'u'.repeat(MAX_EVENT_USER_ID_LENGTH + 1),
      sessionId: 's'.repeat(MAX_SESSION_ID_LENGTH + 1),
    });
    expect(answer.products).toEqual(['B']);
    expect(questions).toEqual([{ productId: 'A', userId: undefined, sessionId: undefined }]);
    expect(shoppers[0]).toMatchObject({ userId: undefined, sessionId: undefined, styleWords: undefined });
  });

  it('answers PRODUCT_NOT_FOUND for a product id longer than any product may have, without looking it up', async () => {
    const { find, questions } = useCase();
    await expect(find.execute({ productId: 'A'.repeat(MAX_PRODUCT_ID_LENGTH), sessionId: 's' })).resolves.toBeDefined();
    const error = await find
      .execute({ productId: 'A'.repeat(MAX_PRODUCT_ID_LENGTH + 1), sessionId: 's' })
      .catch((e: unknown) => e);
    expect(error instanceof DomainError && error.code).toBe('PRODUCT_NOT_FOUND');
    expect(questions.map((q) => q.productId.length)).toEqual([MAX_PRODUCT_ID_LENGTH]);
  });
});
