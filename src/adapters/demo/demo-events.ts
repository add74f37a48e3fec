import type { EventType, ShopperEventInput } from '../../domain/events/shopper-event.js';
import { demoProductId, PRODUCTS_PER_CATEGORY, seeded } from './demo-catalog.js';
import { demoCollections } from './demo-collections.js';

/**
 * Shopper sessions over the demo catalog, made the same way on every start (a seeded generator)
 * at instants relative to `now`: 426 sessions over the last 7 days (6 in the last half hour),
 * each browsing one "look" (products shoppers put together: a dress with sandals, a bag and an
 * accessory; a swimsuit with sandals and a straw bag; trousers with a blouse and a jacket), with a
 * few stray views, some carts and purchases, and about a third signed in as a demo profile.
 * Hero looks are browsed far more often, so their products have behaviour to learn from.
 * Then last season's sessions (pastSeasonEvents): what the expired demo slices' products did
 * while those slices were live, so their Performance panel has figures to read.
 */

const DAY = 86_400_000;
const MINUTE = 60_000;

/** Category codes browsed together, by occasion. */
const THEMES: Readonly<Record<string, readonly string[]>> = {
  festa: ['VES', 'SAN', 'BOL', 'ACE'],
  praia: ['PRA', 'SAN', 'BOL', 'ACE'],
  trabalho: ['CAL', 'BLU', 'JAQ', 'BOL'],
  casual: ['TEN', 'CAL', 'JAQ', 'BLU'],
  saias: ['SAI', 'BLU', 'SAN', 'ACE'],
};

/** Looks many shoppers browse: a product with the products it is seen with (none of them curated together). */
const HERO_LOOKS: readonly { theme: string; products: readonly string[]; sessions: number }[] = [
  { theme: 'festa', products: ['VES-002', 'SAN-005', 'BOL-006', 'ACE-010'], sessions: 45 },
  { theme: 'praia', products: ['PRA-002', 'SAN-003', 'BOL-009', 'ACE-012'], sessions: 35 },
  { theme: 'casual', products: ['TEN-003', 'CAL-002', 'JAQ-004', 'BLU-008'], sessions: 35 },
  { theme: 'trabalho', products: ['CAL-005', 'BLU-003', 'JAQ-006', 'BOL-011'], sessions: 25 },
];

const LOOKS_PER_THEME = 8;
const OTHER_SESSIONS = 280;
const RECENT_SESSIONS = 6;

/** Demo shoppers who sign in, and the occasions they browse for. */
const SHOPPERS: readonly { userId: string; themes: readonly string[]; buys: boolean }[] = [
  { userId: 'up_ana_souza', themes: ['festa', 'trabalho'], buys: false },
  { userId: 'up_bruno_lima', themes: ['casual'], buys: true },
  { userId: 'up_carla_mendes', themes: ['trabalho', 'festa'], buys: true },
  { userId: 'up_diego_ferreira', themes: ['casual', 'trabalho'], buys: true },
  { userId: 'up_elisa_rocha', themes: ['praia', 'saias'], buys: true },
];

interface Session {
  readonly products: readonly string[];
  readonly theme: string;
  readonly userId?: string | undefined;
  readonly buys: boolean;
  readonly startsAt: number;
}

/** A product id of the category, by its number (1 to PRODUCTS_PER_CATEGORY). */
const productOf = (code: string, n: number) => demoProductId(code, 1 + (n % PRODUCTS_PER_CATEGORY));

/** The demo catalog marks every seventh product of a category unavailable: those are viewed, never bought. */
const available = (productId: string) => Number(productId.slice(-3)) % 7 !== 0;

export function demoEvents(now: Date): ShopperEventInput[] {
  const random = seeded(20261122);
  const looks = themeLooks(random);
  const sessions: Session[] = [];
  const startAt = (maxAgoMs: number, minAgoMs: number) => now.getTime() - minAgoMs - Math.floor(random() * (maxAgoMs - minAgoMs));
  for (const hero of HERO_LOOKS) {
    for (let i = 0; i < hero.sessions; i++) {
      sessions.push({ ...hero, ...shopper(random, hero.theme), startsAt: startAt(7 * DAY, 40 * MINUTE) });
    }
  }
  const themes = Object.keys(THEMES);
  for (let i = 0; i < OTHER_SESSIONS + RECENT_SESSIONS; i++) {
    const signedIn = random() < 0.35 ? SHOPPERS[Math.floor(random() * SHOPPERS.length)] : undefined;
    const theme =
      signedIn?.themes[Math.floor(random() * signedIn.themes.length)] ?? themes[Math.floor(random() * themes.length)]!;
    // Popular looks first: the first looks of a theme are browsed more than the last.
    const look = looks[theme]![Math.floor(random() * random() * LOOKS_PER_THEME)]!;
    const recent = i >= OTHER_SESSIONS;
    sessions.push({
      theme,
      products: look,
      userId: signedIn?.userId,
      buys: signedIn?.buys ?? true,
      // A session lasts at most 8 steps of up to 3 minutes: those of the last half hour end before now.
      startsAt: recent ? startAt(29 * MINUTE, 22 * MINUTE) : startAt(7 * DAY, 40 * MINUTE),
    });
  }
  const recent = sessions.flatMap((session, i) => sessionEvents(random, session, `demo-s${String(i + 1).padStart(4, '0')}`, now));
  return [...recent, ...pastSeasonEvents(now, new Set(recent.map((e) => e.productId)))];
}

/** Sessions of last season per expired demo slice. */
const PAST_SESSIONS_PER_SLICE = 40;
const HOUR = 3_600_000;

/**
 * What shoppers did with the expired demo slices' products while those slices were live: views,
 * some carts and purchases, at instants inside each slice's window (an hour clear of each end).
 * Only products shoppers also browse this week (`seen`) outside the hero looks, one product a
 * session: what the similar-products engine learns (co-views, products no shopper has seen, the
 * hero looks) stays as above; the slices' other products are the ones nobody viewed.
 */
export function pastSeasonEvents(now: Date, seen: ReadonlySet<string>): ShopperEventInput[] {
  const random = seeded(20261127);
  const heroes = new Set(HERO_LOOKS.flatMap((look) => look.products));
  const expired = demoCollections(now)
    .flatMap((collection) => collection.slices)
    .filter((slice) => slice.endsAt !== undefined && slice.endsAt.getTime() <= now.getTime());
  return expired.flatMap((slice, s) => {
    const pool = (slice.products ?? []).filter((id) => seen.has(id) && !heroes.has(id));
    const from = slice.startsAt.getTime() + HOUR;
    const span = slice.endsAt!.getTime() - HOUR - 10 * MINUTE - from;
    return Array.from({ length: PAST_SESSIONS_PER_SLICE }, (_, i) => {
      const productId = pool[Math.floor(random() * random() * pool.length)]!;
      const steps: EventType[] = ['view'];
      if (random() < 0.4) steps.push('view');
      if (available(productId) && random() < 0.35) {
        steps.push('add_to_cart');
        if (random() < 0.5) steps.push('purchase');
      }
      const sessionId = `demo-p${s + 1}-${String(i + 1).padStart(3, '0')}`;
      const startsAt = from + Math.floor(random() * span);
      return steps.map((type, n) => ({
        eventId: `${sessionId}-${n + 1}`,
        type,
        productId,
        sessionId,
        at: new Date(startsAt + n * MINUTE),
      }));
    }).flat();
  });
}

/** Each theme's looks: one product of each of its categories, drawn once. */
function themeLooks(random: () => number): Record<string, string[][]> {
  const looks: Record<string, string[][]> = {};
  for (const [theme, codes] of Object.entries(THEMES)) {
    looks[theme] = Array.from({ length: LOOKS_PER_THEME }, () =>
      codes.map((code) => productOf(code, Math.floor(random() * PRODUCTS_PER_CATEGORY))),
    );
  }
  return looks;
}

/** A signed-in shopper for a third of the sessions of the theme, when one browses it. */
function shopper(random: () => number, theme: string): { userId?: string; buys: boolean } {
  const fans = SHOPPERS.filter((s) => s.themes.includes(theme));
  if (fans.length === 0 || random() >= 0.3) return { buys: true };
  const fan = fans[Math.floor(random() * fans.length)]!;
  return { userId: fan.userId, buys: fan.buys };
}

/** A session's events: 2 to 4 products of its look, a stray view or two, maybe a cart and a purchase. */
function sessionEvents(random: () => number, session: Session, sessionId: string, now: Date): ShopperEventInput[] {
  const viewed = shuffled(random, session.products).slice(0, 2 + Math.floor(random() * 3));
  const codes = THEMES[session.theme]!;
  for (let stray = Math.floor(random() * 3); stray > 0; stray--) {
    const code = codes[Math.floor(random() * codes.length)]!;
    viewed.splice(Math.floor(random() * (viewed.length + 1)), 0, productOf(code, Math.floor(random() * PRODUCTS_PER_CATEGORY)));
  }
  const steps: { type: EventType; productId: string }[] = viewed.map((productId) => ({ type: 'view', productId }));
  const wanted = viewed.find(available);
  if (wanted !== undefined && random() < 0.3) {
    steps.push({ type: 'add_to_cart', productId: wanted });
    if (session.buys && random() < 0.5) steps.push({ type: 'purchase', productId: wanted });
  }
  let at = session.startsAt;
  return steps.map(({ type, productId }, n) => {
    if (n > 0) at += 20_000 + Math.floor(random() * 160_000);
    return {
      eventId: `${sessionId}-${n + 1}`,
      type,
      productId,
      sessionId,
      ...(session.userId !== undefined ? { userId: session.userId } : {}),
      at: new Date(Math.min(at, now.getTime())),
    };
  });
}

/** The items in a random order (Fisher-Yates, from the seeded generator). */
function shuffled<T>(random: () => number, items: readonly T[]): T[] {
  const order = [...items];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
