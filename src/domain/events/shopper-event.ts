import { MAX_USER_PROFILE_ID_LENGTH, shopperIdOf } from '../profile/customer-profile.js';
import { MAX_PRODUCT_ID_LENGTH, SAFE_PRODUCT_ID, SAFE_PRODUCT_ID_RULE } from '../product/product.js';
import { ValidationError, type ValidationIssue } from '../shared/errors.js';
import { token } from '../shared/token.js';

/** What a shopper did: looked at a product, put it in the cart, bought it, or clicked a recommendation of it. */
export const EVENT_TYPES = ['view', 'add_to_cart', 'purchase', 'recommendation_click'] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * One thing a shopper did, as Vitrine keeps it. It holds no personal data but `userId` (the
 * shop's id of the shopper, the profile's `userProfileId`): no name, e-mail, address or device.
 */
export interface ShopperEvent {
  /** The sender's id of the event: an event whose id was seen before is not counted again. */
  readonly eventId?: string;
  readonly type: EventType;
  readonly productId: string;
  readonly sessionId: string;
  readonly userId?: string;
  readonly at: Date;
  /** The recommendation the click came from (the `X-Recommendation-Id` of a similar-products answer). */
  readonly recommendationId?: string;
  /**
   * `browser`: recorded with a publishable key, from a web page anyone can read: its `userId` is
   * what the page claimed, not what the shop's servers vouched for. Absent: sent with a secret token.
   */
  readonly source?: EventSource;
}

/** Where an event was recorded from, when not from a holder of a secret token. */
export type EventSource = 'browser';

/** An event as a sender gives it: `at` may be left out (now), `userId` may be null or empty (no shopper known). */
export interface ShopperEventInput {
  readonly eventId?: string | undefined;
  readonly type: EventType;
  readonly productId: string;
  readonly sessionId: string;
  readonly userId?: string | null | undefined;
  readonly at?: Date | undefined;
  readonly recommendationId?: string | undefined;
}

/** How long events are kept, and so how old an event may be when it arrives. */
export interface EventPolicy {
  readonly retentionDays: number;
}

export const EventPolicyToken = token<EventPolicy>('EventPolicy');

export const DEFAULT_EVENT_RETENTION_DAYS = 90;

/**
 * How far ahead of Vitrine's clock an event's `at` may be: the senders' clocks (a phone, a shop's
 * server) drift, and an event stamped a few seconds "in the future" is an ordinary event. Beyond
 * it, the instant is wrong and the event is refused.
 */
export const EVENT_CLOCK_SKEW_MS = 5 * 60_000;

export const MAX_EVENT_ID_LENGTH = 128;
export const MAX_SESSION_ID_LENGTH = 200;
/** Long enough for any id Vitrine gives (its product part is up to 200 characters of UTF-8 in base64url). */
export const MAX_RECOMMENDATION_ID_LENGTH = 1100;
export const MAX_EVENT_PRODUCT_ID_LENGTH = MAX_PRODUCT_ID_LENGTH;
export const MAX_EVENT_USER_ID_LENGTH = MAX_USER_PROFILE_ID_LENGTH;

/**
 * The shopper a similar-products request names, as events can name them: a `userId` that is null,
 * empty, blank or longer than an event's may be names nobody known (no event or profile can carry
 * it), and the request is answered as for an anonymous shopper, without looking the id up.
 */
export function askingShopperId(userId: string | null | undefined): string | undefined {
  const shopper = shopperIdOf(userId);
  return shopper !== undefined && shopper.length <= MAX_EVENT_USER_ID_LENGTH ? shopper : undefined;
}

/** The session a similar-products request names: one longer than an event's may be has no events, and is not looked up. */
export function askingSessionId(sessionId: string | undefined): string | undefined {
  return sessionId !== undefined && sessionId.length <= MAX_SESSION_ID_LENGTH ? sessionId : undefined;
}

const DAY_MS = 86_400_000;

/** The oldest instant an event may have at `now` and still be kept. */
export function oldestKeptAt(now: Date, policy: EventPolicy): Date {
  return new Date(now.getTime() - policy.retentionDays * DAY_MS);
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** An id of spaces only is as good as none. */
function blankAsEmpty(value: string): string {
  return value.trim() === '' ? '' : value;
}

/** Why an id cannot be used; undefined when it can. */
function idProblem(value: string, max: number): string | undefined {
  if (value.length === 0) return 'must not be empty';
  if (value.length > max) return `must be at most ${max} characters`;
  if (CONTROL.test(value)) return 'must not contain control characters';
  return undefined;
}

/**
 * Checks an event against the rules and answers it as it is kept: `productId` trimmed (as product
 * ids are), the other ids exactly as given (they are matched exactly, as the similar-products
 * request and the profile id give them), a null, empty or blank `userId` as no user, and `at` now
 * when left out. Refused, with every problem named: an empty, blank or over-long id or one with
 * control characters, an `at` more than EVENT_CLOCK_SKEW_MS ahead of `now` or older than the
 * retention (exactly `retentionDays` old is still kept), and a `recommendationId` missing from a
 * recommendation_click or given with another type.
 */
export function draftEvent(input: ShopperEventInput, now: Date, policy: EventPolicy): ShopperEvent {
  const issues: ValidationIssue[] = [];
  const check = (path: string, value: string, max: number) => {
    const problem = idProblem(value, max);
    if (problem !== undefined) issues.push({ path, message: problem });
  };
  const productId = input.productId.trim();
  const { sessionId } = input;
  const userId = shopperIdOf(input.userId);
  check('productId', productId, MAX_EVENT_PRODUCT_ID_LENGTH);
  if (productId.length > 0 && !CONTROL.test(productId) && !SAFE_PRODUCT_ID.test(productId)) {
    issues.push({ path: 'productId', message: SAFE_PRODUCT_ID_RULE });
  }
  check('sessionId', blankAsEmpty(sessionId), MAX_SESSION_ID_LENGTH);
  if (userId !== undefined) check('userId', userId, MAX_EVENT_USER_ID_LENGTH);
  if (input.eventId !== undefined) check('eventId', blankAsEmpty(input.eventId), MAX_EVENT_ID_LENGTH);
  issues.push(...recommendationProblems(input));
  const at = input.at ?? now;
  const timeProblem = instantProblem(at, now, policy);
  if (timeProblem !== undefined) issues.push({ path: 'at', message: timeProblem });
  if (issues.length > 0) throw new ValidationError(issues);
  return {
    ...(input.eventId !== undefined ? { eventId: input.eventId } : {}),
    type: input.type,
    productId,
    sessionId,
    ...(userId !== undefined ? { userId } : {}),
    at,
    ...(input.recommendationId !== undefined ? { recommendationId: input.recommendationId } : {}),
  };
}

function recommendationProblems({ type, recommendationId }: ShopperEventInput): ValidationIssue[] {
  if (type !== 'recommendation_click') {
    return recommendationId === undefined
      ? []
      : [{ path: 'recommendationId', message: 'is only for recommendation_click events' }];
  }
  if (recommendationId === undefined)
    return [{ path: 'recommendationId', message: 'is required for recommendation_click events' }];
  const problem = idProblem(blankAsEmpty(recommendationId), MAX_RECOMMENDATION_ID_LENGTH);
  return problem === undefined ? [] : [{ path: 'recommendationId', message: problem }];
}

/** Why an event at `at` cannot be kept at `now`; undefined when it can. */
export function instantProblem(at: Date, now: Date, policy: EventPolicy): string | undefined {
  if (at.getTime() > now.getTime() + EVENT_CLOCK_SKEW_MS) {
    return `must not be in the future (more than ${EVENT_CLOCK_SKEW_MS / 60_000} minutes after the server's clock)`;
  }
  if (at.getTime() < oldestKeptAt(now, policy).getTime()) {
    return `must be within the last ${policy.retentionDays} days (events are kept that long)`;
  }
  return undefined;
}
