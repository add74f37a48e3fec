/**
 * Vitrine's storefront script: what shoppers do on a shop's pages (product views, cart adds,
 * purchases, clicks on recommendations), recorded with a publishable key. No dependency; built into
 * dist/storefront/vitrine-events.js (minified, IIFE) and served by Vitrine at /storefront/.
 *
 *   <script src="https://vitrine.example/storefront/vitrine-events.js" defer
 *           data-key="vtp_..." data-endpoint="https://vitrine.example"></script>
 *
 * Declarative: an element with `data-vitrine-view="ID"` records a view when the page loads, one
 * with `data-vitrine-purchase="ID1,ID2"` a purchase of each; a click on `data-vitrine-add-to-cart="ID"`
 * a cart add; a click on a `data-vitrine-product-id="ID"` inside a `data-vitrine-recommendation-id="…"`
 * (the X-Recommendation-Id of the similar answer shown) a recommendation click. Or by hand:
 * `vitrine.view(id)`, `vitrine.addToCart(id)`, `vitrine.purchase([ids])`,
 * `vitrine.recommendationClick(id, recommendationId)`, `vitrine.identify(userId | null)` (or the
 * script tag's `data-user-id`), `vitrine.flush()`.
 *
 * The session id lives in localStorage and is renewed after 30 minutes without an event. Events
 * wait in a queue in localStorage (at most MAX_QUEUED, the oldest dropped) and are sent in batches:
 * when 20 are waiting or 5 s after the first, with `fetch` (keepalive), and when the page is hidden
 * with `navigator.sendBeacon`. What fails for a passing reason (network, 429, 5xx) stays queued and
 * is sent again later (backoff up to 5 minutes, and on the next page); each event has its own
 * `eventId`, so a batch sent twice is recorded once. Everything is asynchronous and wrapped: a
 * failure here never breaks the page.
 */

type EventType = 'view' | 'add_to_cart' | 'purchase' | 'recommendation_click';

interface QueuedEvent {
  eventId: string;
  type: EventType;
  productId: string;
  sessionId: string;
  userId?: string;
  at: string;
  recommendationId?: string;
}

interface VitrineEvents {
  view(productId: string): void;
  addToCart(productId: string): void;
  purchase(productIds: string | readonly string[]): void;
  recommendationClick(productId: string, recommendationId: string): void;
  identify(userId: string | null): void;
  flush(): void;
  /** The events waiting to be sent (for the page's own checks). */
  pending(): number;
}

const SESSION_KEY = 'vitrine.session';
const QUEUE_KEY = 'vitrine.queue';
const USER_KEY = 'vitrine.user';
const SESSION_IDLE_MS = 30 * 60_000;
const MAX_QUEUED = 500;
/** Events a request carries: far below the route's 1,000 and a beacon's 64 KB. */
const BATCH = 100;
const SEND_AT = 20;
const SEND_AFTER_MS = 5_000;
const MOST_BACKOFF_MS = 5 * 60_000;
const MAX_ID_LENGTH = 200;

// Module scope: Vite wraps the built file in one function, so none of this reaches the page's globals.
const script = document.currentScript as HTMLScriptElement | null;
const key = script?.dataset.key ?? '';
const endpoint = (script?.dataset.endpoint ?? (script ? new URL(script.src).origin : '')).replace(/\/+$/, '');
const url = `${endpoint}/api/v1/events/protected/batch?key=${encodeURIComponent(key)}`;
let timer: ReturnType<typeof setTimeout> | undefined;
let failures = 0;
let sending = false;

const safely =
  <A extends unknown[]>(work: (...args: A) => void) =>
  (...args: A): void => {
    try {
      work(...args);
    } catch (error) {
      console.warn('vitrine:', error);
    }
  };

function read<T>(name: string, fallback: T): T {
  try {
    const text = localStorage.getItem(name);
    return text === null ? fallback : (JSON.parse(text) as T);
  } catch {
    return fallback;
  }
}

function write(name: string, value: unknown): void {
  try {
    localStorage.setItem(name, JSON.stringify(value));
  } catch {
    // Storage full or forbidden: the events stay in this page's memory only.
  }
}

const randomId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function sessionId(now: number): string {
  const kept = read<{ id: string; lastAt: number } | undefined>(SESSION_KEY, undefined);
  const id = kept !== undefined && now - kept.lastAt < SESSION_IDLE_MS ? kept.id : `web-${randomId()}`;
  write(SESSION_KEY, { id, lastAt: now });
  return id;
}

let queue: QueuedEvent[] = read<QueuedEvent[]>(QUEUE_KEY, []);

function record(type: EventType, productId: unknown, recommendationId?: string): void {
  const id = typeof productId === 'string' ? productId.trim() : '';
  if (id === '' || id.length > MAX_ID_LENGTH) return;
  const now = Date.now();
  const userId = read<string | null>(USER_KEY, null);
  const event: QueuedEvent = {
    eventId: randomId(),
    type,
    productId: id,
    sessionId: sessionId(now),
    at: new Date(now).toISOString(),
  };
  if (userId !== null) event.userId = userId;
  if (recommendationId !== undefined) event.recommendationId = recommendationId;
  queue = [...queue, event].slice(-MAX_QUEUED);
  write(QUEUE_KEY, queue);
  if (queue.length >= SEND_AT) send();
  else schedule(SEND_AFTER_MS);
}

function schedule(ms: number): void {
  if (timer === undefined) timer = setTimeout(() => ((timer = undefined), send()), ms);
}

function forget(sent: readonly QueuedEvent[]): void {
  const ids = new Set(sent.map((e) => e.eventId));
  queue = read<QueuedEvent[]>(QUEUE_KEY, queue).filter((e) => !ids.has(e.eventId));
  write(QUEUE_KEY, queue);
}

/** Sends the next batch with fetch; keeps it on a passing failure, drops it on a refusal that would recur. */
function send(): void {
  if (sending || queue.length === 0 || key === '') return;
  sending = true;
  const batch = queue.slice(0, BATCH);
  fetch(url, {
    method: 'POST',
    // text/plain: a "simple" request, no CORS preflight; the service reads it as JSON.
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ events: batch }),
    keepalive: true,
    credentials: 'omit',
    mode: 'cors',
  })
    .then((response) => {
      if (response.ok || (response.status >= 400 && response.status < 500 && response.status !== 429)) {
        if (!response.ok) console.warn(`vitrine: events refused (${response.status})`);
        failures = 0;
        forget(batch);
        return;
      }
      throw new Error(`HTTP ${response.status}`);
    })
    .catch(() => {
      failures++;
    })
    .finally(() => {
      sending = false;
      if (queue.length > 0) schedule(failures === 0 ? 0 : Math.min(MOST_BACKOFF_MS, SEND_AFTER_MS * 2 ** failures));
    });
}

/** The page is going away: what waits goes by beacon (fetch may not finish); a refused beacon stays for the next page. */
function sendAll(): void {
  if (key === '' || typeof navigator.sendBeacon !== 'function') return send();
  while (queue.length > 0) {
    const batch = queue.slice(0, BATCH);
    if (!navigator.sendBeacon(url, JSON.stringify({ events: batch }))) break;
    forget(batch);
  }
}

const api: VitrineEvents = {
  view: safely((productId: string) => record('view', productId)),
  addToCart: safely((productId: string) => record('add_to_cart', productId)),
  purchase: safely((productIds: string | readonly string[]) => {
    for (const id of typeof productIds === 'string' ? [productIds] : productIds) record('purchase', id);
  }),
  recommendationClick: safely((productId: string, recommendationId: string) =>
    record('recommendation_click', productId, recommendationId),
  ),
  identify: safely((userId: string | null) => write(USER_KEY, userId === null || userId === '' ? null : String(userId))),
  flush: safely(() => send()),
  pending: () => queue.length,
};
(window as unknown as { vitrine: VitrineEvents }).vitrine = api;

// A page that knows its shopper says so on the script tag (data-user-id; empty: signed out).
if (script?.dataset.userId !== undefined) api.identify(script.dataset.userId);

const onLoad = safely(() => {
  document.querySelectorAll<HTMLElement>('[data-vitrine-view]').forEach((el) => api.view(el.dataset.vitrineView ?? ''));
  document
    .querySelectorAll<HTMLElement>('[data-vitrine-purchase]')
    .forEach((el) => api.purchase((el.dataset.vitrinePurchase ?? '').split(',')));
  if (queue.length > 0) schedule(0);
});
document.addEventListener(
  'click',
  safely((event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const cart = target?.closest<HTMLElement>('[data-vitrine-add-to-cart]');
    if (cart) api.addToCart(cart.dataset.vitrineAddToCart ?? '');
    const product = target?.closest<HTMLElement>('[data-vitrine-product-id]');
    const shown = product?.closest<HTMLElement>('[data-vitrine-recommendation-id]');
    if (product && shown)
      api.recommendationClick(product.dataset.vitrineProductId ?? '', shown.dataset.vitrineRecommendationId ?? '');
  }),
  { capture: true, passive: true },
);
document.addEventListener(
  'visibilitychange',
  safely(() => document.visibilityState === 'hidden' && sendAll()),
);
window.addEventListener('pagehide', safely(sendAll));
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', onLoad);
else onLoad();

export {};
