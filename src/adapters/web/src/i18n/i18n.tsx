import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { formatMessage } from './format';
import { en, ptBR, type MessageKey, type Messages } from './messages';

export type Locale = 'en' | 'pt-BR';
export const LOCALES: readonly { locale: Locale; label: string }[] = [
  { locale: 'en', label: 'English' },
  { locale: 'pt-BR', label: 'Português (Brasil)' },
];
const MESSAGES: Record<Locale, Messages> = { en, 'pt-BR': ptBR };
const CHOSEN = 'vitrine.locale';

/** The browser's language decides, unless the merchandiser chose one in this browser. */
function initialLocale(): Locale {
  const chosen = localStorage.getItem(CHOSEN);
  if (chosen === 'en' || chosen === 'pt-BR') return chosen;
  const languages = navigator.languages.length > 0 ? navigator.languages : [navigator.language];
  return languages.some((l) => l.toLowerCase().startsWith('pt')) ? 'pt-BR' : 'en';
}

export interface I18n {
  locale: Locale;
  setLocale(locale: Locale): void;
  t(key: MessageKey, values?: Record<string, string | number>): string;
  /** An instant in the merchandiser's time zone. */
  dateTime(iso: string | Date): string;
  date(iso: string | Date): string;
  /** A price, in reais, as the chosen language writes it. */
  money(value: number): string;
  timeZone: string;
}

const I18nContext = createContext<I18n | undefined>(undefined);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const value = useMemo<I18n>(() => {
    const messages = MESSAGES[locale];
    const dateTimeFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    // The shop's prices are in Brazilian reais: "R$ 129,90" in pt-BR, "R$129.90" in en.
    const moneyFormat = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' });
    return {
      locale,
      setLocale(next) {
        localStorage.setItem(CHOSEN, next);
        setLocaleState(next);
      },
      t: (key, values) => formatMessage(locale, messages[key], values),
      dateTime: (iso) => dateTimeFormat.format(new Date(iso)),
      date: (iso) => dateFormat.format(new Date(iso)),
      money: (value) => moneyFormat.format(value),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
  }, [locale]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (i18n === undefined) throw new Error('useI18n outside I18nProvider');
  return i18n;
}
