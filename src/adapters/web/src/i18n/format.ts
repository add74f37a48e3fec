/**
 * A message: plain text with `{name}` placeholders, or one text per plural category of the locale
 * (Intl.PluralRules picks it from the `count` value; `other` is the fallback every locale has).
 */
export type Message = string | Plural;
export interface Plural {
  one?: string;
  few?: string;
  many?: string;
  other: string;
}

export type Values = Record<string, string | number>;

/** The text of `message` in `locale` with `values` put in its placeholders; a plural's form is chosen by `values.count`. */
export function formatMessage(locale: string, message: Message, values?: Values): string {
  const text = typeof message === 'string' ? message : pluralForm(locale, message, values?.count);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values?.[name] ?? whole));
}

const rules = new Map<string, Intl.PluralRules>();

function pluralForm(locale: string, plural: Plural, count: string | number | undefined): string {
  const n = Number(count);
  if (!Number.isFinite(n)) return plural.other;
  let rule = rules.get(locale);
  if (rule === undefined) {
    rule = new Intl.PluralRules(locale);
    rules.set(locale, rule);
  }
  const category = rule.select(n);
  return (category === 'one' || category === 'few' || category === 'many' ? plural[category] : undefined) ?? plural.other;
}
