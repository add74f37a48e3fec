import { describe, expect, it } from 'vitest';
import { fromGa4, fromSegment, mapEventLine } from '../../src/adapters/cli/event-formats.js';

const param = (key: string, value: string | number) => ({
  key,
  value: typeof value === 'string' ? { string_value: value } : { int_value: value },
});

/** A row as GA4's BigQuery export writes it (event_timestamp in microseconds, as a string). */
const ga4 = (name: string, items: object[], more: object = {}) => ({
  event_date: '20261120',
  event_timestamp: '1795168800123456',
  event_name: name,
  event_params: [param('ga_session_id', 1795168000), param('page_location', 'https://loja.example.com.br/p/VES-002')],
  user_pseudo_id: '1234567.890',
  user_id: 'up_ana_souza',
  items,
  ...more,
});

const segment = (event: string, properties: object, more: object = {}) => ({
  type: 'track',
  event,
  properties,
  userId: 'up_ana_souza',
  anonymousId: 'anon-7f3a',
  messageId: 'ajs-next-1795168800-abc',
  timestamp: '2026-11-20T10:00:00.123Z',
  ...more,
});

describe('GA4 export rows as Vitrine events', () => {
  it('maps view_item, add_to_cart and purchase, one event per item, the session from user_pseudo_id and ga_session_id', () => {
    expect(fromGa4(ga4('view_item', [{ item_id: 'VES-002', item_name: 'Vestido' }]))).toEqual({
      events: [
        {
          eventId: 'ga4:1234567.890.1795168800123456.view_item.0',
          type: 'view',
          productId: 'VES-002',
          sessionId: '1234567.890.1795168000',
          userId: 'up_ana_souza',
          at: '2026-11-20T10:00:00.123Z',
        },
      ],
    });
    const bought = fromGa4(ga4('purchase', [{ item_id: 'VES-002' }, { item_id: 'SAN-005' }]));
    expect('events' in bought && bought.events.map((e) => [e.type, e.productId, e.eventId])).toEqual([
      ['purchase', 'VES-002', 'ga4:1234567.890.1795168800123456.purchase.0'],
      ['purchase', 'SAN-005', 'ga4:1234567.890.1795168800123456.purchase.1'],
    ]);
    const added = fromGa4(ga4('add_to_cart', [{ item_id: 'BOL-006' }], { user_id: null }));
    expect('events' in added && added.events[0]).toMatchObject({ type: 'add_to_cart', productId: 'BOL-006' });
    expect('events' in added && 'userId' in added.events[0]!).toBe(false);
  });

  it('maps select_item to a recommendation click naming the list id (the X-Recommendation-Id), refusing one without', () => {
    const clicked = fromGa4(ga4('select_item', [{ item_id: 'SAN-005', item_list_id: 'rec_abc' }]));
    expect('events' in clicked && clicked.events[0]).toMatchObject({ type: 'recommendation_click', recommendationId: 'rec_abc' });
    const fromParam = fromGa4({
      ...ga4('select_item', [{ item_id: 'SAN-005' }]),
      event_params: [param('item_list_id', 'rec_x')],
    });
    expect('events' in fromParam && fromParam.events[0]).toMatchObject({ recommendationId: 'rec_x', sessionId: '1234567.890' });
    expect(fromGa4(ga4('select_item', [{ item_id: 'SAN-005' }]))).toEqual({
      error: 'items.0.item_list_id: select_item needs the X-Recommendation-Id of the answer clicked',
    });
  });

  it('skips events Vitrine does not record, and refuses rows it cannot map, saying why', () => {
    expect(fromGa4(ga4('page_view', []))).toEqual({ skipped: 'page_view' });
    expect(fromGa4(ga4('view_item', []))).toEqual({ error: 'items: a view_item event must name at least one item' });
    expect(fromGa4(ga4('view_item', [{ item_name: 'sem id' }]))).toEqual({ error: 'items.0.item_id: is required' });
    expect(fromGa4(ga4('view_item', [{ item_id: 'X' }], { event_timestamp: 'ontem' }))).toEqual({
      error: 'event_timestamp: must be the event time in microseconds',
    });
    expect(fromGa4(ga4('view_item', [{ item_id: 'X' }], { user_pseudo_id: '' }))).toMatchObject({
      error: expect.stringMatching(/^user_pseudo_id/),
    });
  });

  it('keeps event ids within 128 characters, distinct for distinct sources', () => {
    const long = 'p'.repeat(200);
    const a = fromGa4(ga4('view_item', [{ item_id: 'X' }], { user_pseudo_id: `${long}a` }));
    const b = fromGa4(ga4('view_item', [{ item_id: 'X' }], { user_pseudo_id: `${long}b` }));
    const ids = [a, b].map((m) => ('events' in m ? String(m.events[0]!.eventId) : ''));
    expect(ids.every((id) => id.length === 128)).toBe(true);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('Segment e-commerce calls as Vitrine events', () => {
  it('maps Product Viewed, Product Added and each product of Order Completed', () => {
    expect(fromSegment(segment('Product Viewed', { product_id: 'VES-002', name: 'Vestido' }))).toEqual({
      events: [
        {
          eventId: 'segment:ajs-next-1795168800-abc.0',
          type: 'view',
          productId: 'VES-002',
          sessionId: 'anon-7f3a',
          userId: 'up_ana_souza',
          at: '2026-11-20T10:00:00.123Z',
        },
      ],
    });
    const order = fromSegment(segment('Order Completed', { order_id: 'o-1', products: [{ product_id: 'A' }, { sku: 'B' }] }));
    expect('events' in order && order.events.map((e) => [e.type, e.productId])).toEqual([
      ['purchase', 'A'],
      ['purchase', 'B'],
    ]);
    const added = fromSegment(segment('Product Added', { product_id: 'C', session_id: 'sess-9' }, { userId: null }));
    expect('events' in added && added.events[0]).toMatchObject({ type: 'add_to_cart', sessionId: 'sess-9' });
  });

  it('maps Product Clicked with its recommendation id, and refuses or skips what it cannot map', () => {
    const clicked = fromSegment(segment('Product Clicked', { product_id: 'D', recommendation_id: 'rec_1' }));
    expect('events' in clicked && clicked.events[0]).toMatchObject({ type: 'recommendation_click', recommendationId: 'rec_1' });
    expect(fromSegment(segment('Product Clicked', { product_id: 'D' }))).toMatchObject({
      error: expect.stringMatching(/^properties.recommendation_id/),
    });
    expect(fromSegment(segment('Signed In', {}))).toEqual({ skipped: 'Signed In' });
    expect(fromSegment(segment('Order Completed', { products: [] }))).toEqual({
      error: 'properties.products: an Order Completed must list its products',
    });
    expect(fromSegment(segment('Product Viewed', {}))).toEqual({ error: 'properties.product_id: is required' });
    expect(fromSegment(segment('Product Viewed', { product_id: 'A' }, { messageId: undefined }))).toMatchObject({
      error: expect.stringMatching(/^messageId/),
    });
    expect(fromSegment(segment('Product Viewed', { product_id: 'A' }, { timestamp: 'ontem' }))).toEqual({
      error: 'timestamp: must be an ISO 8601 instant',
    });
  });
});

describe('telling formats apart', () => {
  it('reads each line as its fields say, unless a format is given', () => {
    expect(mapEventLine(ga4('page_view', []), 'auto')).toEqual({ skipped: 'page_view' });
    expect(mapEventLine(segment('Signed In', {}), 'auto')).toEqual({ skipped: 'Signed In' });
    const own = { type: 'view', productId: 'A', sessionId: 's' };
    expect(mapEventLine(own, 'auto')).toEqual({ events: [own] });
    expect(mapEventLine(own, 'ga4')).toEqual({ error: 'event_name: must be a string (a GA4 export row)' });
  });
});
