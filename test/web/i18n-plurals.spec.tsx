import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../src/adapters/web/src/i18n/format';
import { en, ptBR, type MessageKey } from '../../src/adapters/web/src/i18n/messages';

const text = (locale: string, key: MessageKey, values: Record<string, string | number>) =>
  formatMessage(locale, (locale === 'en' ? en : ptBR)[key], values);

describe('Plurals in the builder’s messages', () => {
  it('picks the form of the count with the language’s plural rules', () => {
    expect(text('en', 'productCount', { count: 1 })).toBe('1 product');
    expect(text('en', 'productCount', { count: 2 })).toBe('2 products');
    expect(text('en', 'productCount', { count: 0 })).toBe('0 products');
    expect(text('pt-BR', 'productCount', { count: 1 })).toBe('1 produto');
    expect(text('pt-BR', 'productCount', { count: 2 })).toBe('2 produtos');
    // CLDR's Portuguese counts 0 as "one", as Intl.PluralRules does.
    expect(text('pt-BR', 'productCount', { count: 0 })).toBe('0 produto');
    expect(text('pt-BR', 'changeAdded', { count: 1 })).toBe('1 adicionado');
    expect(text('pt-BR', 'changeMoved', { count: 3 })).toBe('3 movidos');
    expect(text('en', 'limit', { count: 1, max: 500 })).toBe('1 product (at most 500)');
    expect(text('pt-BR', 'limit', { count: 17, max: 500 })).toBe('17 produtos (no máximo 500)');
  });

  it('says how many slices a deletion takes, in both languages', () => {
    expect(text('en', 'confirmDeleteCollection', { name: 'Mães', count: 1 })).toContain('its 1 slice?');
    expect(text('en', 'confirmDeleteCollection', { name: 'Mães', count: 2 })).toContain('its 2 slices?');
    expect(text('pt-BR', 'confirmDeleteCollection', { name: 'Mães', count: 1 })).toContain('sua 1 fatia?');
    expect(text('pt-BR', 'confirmDeleteCollection', { name: 'Mães', count: 5 })).toContain('suas 5 fatias?');
    expect(text('pt-BR', 'sheetErrors', { count: 1 })).toMatch(/^A planilha tem 1 problema;/);
  });

  it('falls back to the other form without a count, and keeps unknown placeholders', () => {
    expect(formatMessage('en', { one: '{count} item', other: '{count} items' })).toBe('{count} items');
    expect(formatMessage('en', 'Hello {who}', {})).toBe('Hello {who}');
  });

  it('has every message that counts as a plural, in both languages', () => {
    for (const messages of [en, ptBR]) {
      for (const [key, message] of Object.entries(messages)) {
        const forms: string[] = typeof message === 'string' ? [message] : Object.values(message as Record<string, string>);
        // A count followed by a word needs a form per number ("1 slices" was the bug).
        if (forms.some((f) => /\{count\} \p{L}/u.test(f))) {
          expect(typeof message, `${key} should be a plural`).toBe('object');
        }
      }
    }
  });
});
