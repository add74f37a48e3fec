import type { RecentEvent } from '../product/similarity.js';
import { token } from '../shared/token.js';
import type { CustomerProfile } from './customer-profile.js';

/** How a profile's `momento_compra_atual.navegacoes` follows what the shopper does now. */
export interface MomentPolicy {
  /** False: profiles answer their stored lines only, as written (LIVE_MOMENTS). */
  readonly enabled: boolean;
  /** The most lines `navegacoes` answers: the shopper's latest events first, then the stored lines (MOMENT_LINES). */
  readonly lines: number;
  /** The IANA time zone the lines' date prefixes are written in: the shop's (SHOP_TIME_ZONE). */
  readonly timeZone: string;
}

export const DEFAULT_MOMENT_POLICY: MomentPolicy = Object.freeze({
  enabled: true,
  lines: 10,
  timeZone: 'America/Sao_Paulo',
});

export const MAX_MOMENT_LINES = 50;

export const MomentPolicyToken = token<MomentPolicy>('MomentPolicy');

/** What each kind of event says of the shopper, in the contract's language; other kinds say nothing. */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  view: 'visualizou',
  add_to_cart: 'adicionou à sacola',
  purchase: 'comprou',
};

/**
 * Writes a shopper's moment as the contract's `navegacoes` lines: `2026-11-20 14:32 — visualizou
 * Vestido Midi de Linho (VES-001)`, the instant in the shop's time zone. One writer per policy: it
 * holds the time zone's formatter, which is costly to make.
 */
export class MomentLines {
  private readonly format: Intl.DateTimeFormat;

  constructor(readonly policy: MomentPolicy) {
    this.format = new Intl.DateTimeFormat('en-CA', {
      timeZone: policy.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
  }

  /** `YYYY-MM-DD HH:mm` of the instant in the shop's time zone. */
  prefix(at: Date): string {
    const part: Record<string, string> = {};
    for (const { type, value } of this.format.formatToParts(at)) part[type] = value;
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
  }

  /** One event's line; undefined for a kind of event that says nothing of the moment. */
  line(event: RecentEvent, name: string | undefined): string | undefined {
    const description = DESCRIPTIONS[event.type];
    if (description === undefined) return undefined;
    const what = name === undefined || name.trim() === '' ? event.productId : `${name} (${event.productId})`;
    return `${this.prefix(event.at)} — ${description} ${what}`;
  }

  /**
   * The lines of the shopper's events (`events` oldest first, as kept), the latest first (of two at
   * one instant, the one learnt later first), then the stored lines; each line once, at most
   * `policy.lines` in all.
   */
  lines(events: readonly RecentEvent[], nameOf: (productId: string) => string | undefined, stored: readonly string[]): string[] {
    const bound = this.policy.lines;
    const lines: string[] = [];
    const seen = new Set<string>();
    const add = (line: string | undefined) => {
      if (line === undefined || seen.has(line)) return;
      seen.add(line);
      lines.push(line);
    };
    for (let i = events.length - 1; i >= 0 && lines.length < bound; i--) {
      const event = events[i]!;
      add(this.line(event, nameOf(event.productId)));
    }
    for (const line of stored) {
      if (lines.length >= bound) break;
      add(line);
    }
    return lines;
  }
}

/**
 * The profile with its moment's `navegacoes` replaced by `lines`, every other field as it is (a
 * profile without a moment gets one holding only those lines).
 */
export function withMoment(profile: CustomerProfile, lines: readonly string[]): CustomerProfile {
  const { momento_compra_atual: moment } = profile.profile;
  return {
    ...profile,
    profile: { ...profile.profile, momento_compra_atual: { ...moment, navegacoes: lines } },
  };
}
