import { describe, expect, it } from 'vitest';
import { RecommendationIds } from '../../src/application/product/recommendations.js';
import { recommendedFor, toBase64Url } from '../../src/domain/product/recommendation.js';

describe('a recommendation id', () => {
  it.each(['VES-001', 'vestido-coração', 'a.b.c', 'sandália 38/39', '連衣裙', '👗+👠', 'x'])(
    'names the product %s it was given for, whatever its characters',
    (productId) => {
      expect(recommendedFor(`3fa9c-1k.${toBase64Url(productId)}`)).toBe(productId);
    },
  );

  it('writes the product in base64url of its UTF-8 bytes, without padding', () => {
    for (const text of ['vestido-coração', 'a', 'ab', 'abc', '??>>', 'ÿÿÿ']) {
      const encoded = toBase64Url(text);
      expect(encoded).toBe(Buffer.from(text, 'utf8').toString('base64url'));
      expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    }
  });

  it.each([
    ['without a dot', 'abcdef'],
    ['with nothing before the dot', `.${toBase64Url('VES-001')}`],
    ['with nothing after the dot', 'abc-1.'],
    ['with characters base64url does not use', 'abc-1.VkVT+MDAx'],
    ['with padding', 'abc-1.YQ=='],
    ['with a space', 'abc-1.VkVT LTAwMQ'],
    ['of a length no base64 has', 'abc-1.VkVTL'],
    ['whose bytes are not UTF-8', `abc-1.${Buffer.from([0xff, 0xfe]).toString('base64url')}`],
  ])('names no product when given one Vitrine did not give: %s', (_, id) => {
    expect(recommendedFor(id)).toBeUndefined();
  });

  it('reads the product after the last dot: the serial may hold dots, the product part never does', () => {
    expect(recommendedFor(`a.b.${toBase64Url('P.1')}`)).toBe('P.1');
  });
});

describe('the recommendation ids an instance gives', () => {
  it('are unique per answer and name the product of the answer', () => {
    const ids = new RecommendationIds();
    const given = ['vestido-coração', 'vestido-coração', 'VES-001'].map((productId) => ids.next(productId));
    expect(new Set(given).size).toBe(3);
    expect(given.map(recommendedFor)).toEqual(['vestido-coração', 'vestido-coração', 'VES-001']);
  });

  it('differ between instances for the same answer', () => {
    expect(new RecommendationIds().next('VES-001')).not.toBe(new RecommendationIds().next('VES-001'));
  });
});
