import { ValidationError, type ValidationIssue } from '../shared/errors.js';

/** What a subscription may be told of. */
export const WEBHOOK_EVENT_TYPES = [
  'slice.activated',
  'slice.expired',
  'collection.active_slice_changed',
  'product.changed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The most subscriptions the service keeps: every event is offered to each of them. */
export const MAX_WEBHOOKS = 100;
export const MAX_WEBHOOK_URL_LENGTH = 2_000;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 200;

/** A URL the service posts events to, with the secret their signatures are made with. */
export interface WebhookSubscription {
  readonly id: string;
  readonly url: string;
  readonly events: readonly WebhookEventType[];
  readonly description: string;
  /** `whsec_` and the base64 of the signing key: shown once, when the subscription is made. */
  readonly secret: string;
  readonly createdAt: Date;
  /** The name of the token that made it. */
  readonly createdBy: string;
}

export interface WebhookInput {
  readonly url: string;
  readonly events: readonly string[];
  readonly description?: string | undefined;
}

export interface WebhookDraft {
  readonly url: string;
  readonly events: readonly WebhookEventType[];
  readonly description: string;
}

/** Whether a subscription may name a loopback, private or link-local address (WEBHOOK_ALLOW_PRIVATE_URLS). */
export interface WebhookUrlPolicy {
  readonly allowPrivateAddresses: boolean;
}

/**
 * Checks a subscription: an absolute http(s) URL without user name or password (a secret in a URL
 * ends up in logs), at most MAX_WEBHOOK_URL_LENGTH characters, and unless the policy allows it no
 * host that names this machine or a private network (the service would otherwise post, on a
 * client's word, to what only it can reach); at least one known event, none twice.
 */
export function draftWebhook(input: WebhookInput, policy: WebhookUrlPolicy): WebhookDraft {
  const issues: ValidationIssue[] = [...urlIssues(input.url, policy)];
  const events: WebhookEventType[] = [];
  if (input.events.length === 0) issues.push({ path: 'events', message: 'must name at least one event type' });
  input.events.forEach((name, i) => {
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(name)) {
      issues.push({ path: `events.${i}`, message: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` });
    } else if (events.includes(name as WebhookEventType)) {
      issues.push({ path: `events.${i}`, message: `names ${name} twice` });
    } else events.push(name as WebhookEventType);
  });
  const description = (input.description ?? '').trim();
  if (description.length > MAX_WEBHOOK_DESCRIPTION_LENGTH) {
    issues.push({ path: 'description', message: `must be at most ${MAX_WEBHOOK_DESCRIPTION_LENGTH} characters` });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return { url: new URL(input.url).href, events, description };
}

function urlIssues(text: string, policy: WebhookUrlPolicy): ValidationIssue[] {
  const issue = (message: string) => [{ path: 'url', message }];
  if (text.length > MAX_WEBHOOK_URL_LENGTH) return issue(`must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return issue('must be an absolute http:// or https:// URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return issue('must be an http:// or https:// URL');
  if (url.username !== '' || url.password !== '') return issue('must not hold a user name or password');
  if (url.hash !== '') return issue('must not hold a fragment (#...)');
  if (!policy.allowPrivateAddresses && isPrivateHost(url.hostname)) {
    return issue(
      'must not name this machine or a private network (loopback, private, link-local or unique-local address); WEBHOOK_ALLOW_PRIVATE_URLS allows it',
    );
  }
  return [];
}

/**
 * Whether a host name (as a URL gives it: IPv6 in brackets) names this machine or a private
 * network: `localhost` and its subdomains, and IP addresses that are unspecified, loopback,
 * private (RFC 1918), carrier-grade NAT, link-local, unique-local, or an IPv4 one mapped into IPv6.
 * A name that resolves to such an address is refused when connecting (isPrivateAddress).
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return isPrivateAddress(bare);
}

/** Whether an IP address (v4 dotted, or v6) is one isPrivateHost refuses; anything else is not an address. */
export function isPrivateAddress(address: string): boolean {
  const v4 = ipv4(address);
  if (v4 !== undefined) return privateIpv4(v4);
  const v6 = ipv6(address);
  if (v6 === undefined) return false;
  if (v6.slice(0, 7).every((g) => g === 0) && (v6[7] === 0 || v6[7] === 1)) return true; // :: and ::1
  if (v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff) {
    return privateIpv4([v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff]); // ::ffff:a.b.c.d
  }
  const first = v6[0]!;
  return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80; // fc00::/7, fe80::/10
}

function privateIpv4([a, b]: readonly number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168)
  );
}

function ipv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.map(Number);
}

/** The eight groups of an IPv6 address, or undefined when it is not one. */
function ipv6(text: string): number[] | undefined {
  if (!text.includes(':') || !/^[\da-f:.]+$/i.test(text)) return undefined;
  let tail: number[] = [];
  let body = text;
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const v4 = ipv4(text.slice(lastColon + 1));
    if (v4 === undefined) return undefined;
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    body = text.slice(0, lastColon);
    if (body.endsWith(':')) body += ':'; // `::` just before the IPv4 part
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (![...head, ...rest].every((g) => /^[\da-f]{1,4}$/i.test(g))) return undefined;
  const want = 8 - tail.length;
  const filled = halves.length === 2 ? want - head.length - rest.length : 0;
  if (filled < 0 || (halves.length === 1 && head.length !== want)) return undefined;
  return [...head, ...Array<string>(filled).fill('0'), ...rest].map((g) => parseInt(g, 16)).concat(tail);
}
