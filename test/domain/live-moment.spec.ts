import { describe, expect, it } from 'vitest';
import { DEFAULT_MOMENT_POLICY, MomentLines, withMoment } from '../../src/domain/profile/live-moment.js';
import type { RecentEvent } from '../../src/domain/product/similarity.js';

const saoPaulo = new MomentLines(DEFAULT_MOMENT_POLICY);
const at = (iso: string) => new Date(iso);
const NAMES: Record<string, string> = { 'VES-001': 'Vestido Midi de Linho', 'SAN-002': 'Sandália Salto Bloco' };
const nameOf = (id: string) => NAMES[id];
const event = (productId: string, type: string, iso: string): RecentEvent => ({ productId, type, at: at(iso) });

describe('the lines of a shopper’s moment', () => {
  it('write the instant in the shop’s time zone, the day before at 23:59 and the day itself from midnight', () => {
    // São Paulo is UTC-3 all year (no daylight saving since 2019).
    expect(saoPaulo.prefix(at('2026-11-21T02:59:59.999Z'))).toBe('2026-11-20 23:59');
    expect(saoPaulo.prefix(at('2026-11-21T03:00:00.000Z'))).toBe('2026-11-21 00:00');
    expect(saoPaulo.prefix(at('2026-11-20T17:32:00.000Z'))).toBe('2026-11-20 14:32');
  });

  it('follow daylight saving where the shop’s time zone has it', () => {
    const newYork = new MomentLines({ ...DEFAULT_MOMENT_POLICY, timeZone: 'America/New_York' });
    // 2026-03-08: 02:00 EST becomes 03:00 EDT; 2026-11-01: 02:00 EDT becomes 01:00 EST.
    expect(newYork.prefix(at('2026-03-08T06:59:00Z'))).toBe('2026-03-08 01:59');
    expect(newYork.prefix(at('2026-03-08T07:00:00Z'))).toBe('2026-03-08 03:00');
    expect(newYork.prefix(at('2026-11-01T05:30:00Z'))).toBe('2026-11-01 01:30');
    expect(newYork.prefix(at('2026-11-01T06:30:00Z'))).toBe('2026-11-01 01:30');
    expect(newYork.prefix(at('2026-11-01T07:00:00Z'))).toBe('2026-11-01 02:00');
  });

  it('say what the shopper did in the contract’s words, with the product’s name and id (the id alone when the catalog has no name)', () => {
    expect(saoPaulo.line(event('VES-001', 'view', '2026-11-20T17:32:00Z'), 'Vestido Midi de Linho')).toBe(
      '2026-11-20 14:32 — visualizou Vestido Midi de Linho (VES-001)',
    );
    expect(saoPaulo.line(event('SAN-002', 'add_to_cart', '2026-11-20T17:40:00Z'), 'Sandália Salto Bloco')).toBe(
      '2026-11-20 14:40 — adicionou à sacola Sandália Salto Bloco (SAN-002)',
    );
    expect(saoPaulo.line(event('SAN-002', 'purchase', '2026-11-20T17:41:00Z'), undefined)).toBe(
      '2026-11-20 14:41 — comprou SAN-002',
    );
    expect(saoPaulo.line(event('SAN-002', 'recommendation_click', '2026-11-20T17:41:00Z'), 'x')).toBeUndefined();
  });

  it('come latest first (the one learnt later first at one instant), then the stored lines, each once, within the bound', () => {
    const events = [
      event('VES-001', 'view', '2026-11-20T17:30:00Z'),
      event('SAN-002', 'add_to_cart', '2026-11-20T17:40:00Z'),
      event('VES-001', 'view', '2026-11-20T17:40:00Z'),
    ];
    const stored = [
      '2026-11-18 21:05 — buscou "vestido para casamento de dia"',
      '2026-11-20 14:30 — visualizou Vestido Midi de Linho (VES-001)',
    ];
    expect(saoPaulo.lines(events, nameOf, stored)).toEqual([
      '2026-11-20 14:40 — visualizou Vestido Midi de Linho (VES-001)',
      '2026-11-20 14:40 — adicionou à sacola Sandália Salto Bloco (SAN-002)',
      '2026-11-20 14:30 — visualizou Vestido Midi de Linho (VES-001)',
      '2026-11-18 21:05 — buscou "vestido para casamento de dia"',
    ]);
    const three = new MomentLines({ ...DEFAULT_MOMENT_POLICY, lines: 3 });
    expect(three.lines(events, nameOf, stored)).toHaveLength(3);
    const two = new MomentLines({ ...DEFAULT_MOMENT_POLICY, lines: 2 });
    expect(two.lines(events, nameOf, stored)).toEqual([
      '2026-11-20 14:40 — visualizou Vestido Midi de Linho (VES-001)',
      '2026-11-20 14:40 — adicionou à sacola Sandália Salto Bloco (SAN-002)',
    ]);
  });

  it('replace only the moment’s navegacoes, and give a profile without a moment one', () => {
    const stored = {
      userProfileId: 'up_ana',
      profile: { ganchos_conteudo: ['a'], momento_compra_atual: { navegacoes: ['old'], resumo_momento: 'r' } },
    };
    const live = withMoment(stored, ['new', 'old']);
    expect(live).toEqual({
      userProfileId: 'up_ana',
      profile: { ganchos_conteudo: ['a'], momento_compra_atual: { navegacoes: ['new', 'old'], resumo_momento: 'r' } },
    });
    expect(JSON.stringify(live)).toBe(
      '{"userProfileId":"up_ana","profile":{"ganchos_conteudo":["a"],"momento_compra_atual":{"navegacoes":["new","old"],"resumo_momento":"r"}}}',
    );
    expect(stored.profile.momento_compra_atual.navegacoes).toEqual(['old']);
    expect(withMoment({ userProfileId: 'up_bia', profile: {} }, ['x'])).toEqual({
      userProfileId: 'up_bia',
      profile: { momento_compra_atual: { navegacoes: ['x'] } },
    });
  });
});
