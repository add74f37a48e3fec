import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { token } from '../shared/token.js';
import { isValidCnpj, isValidCpf } from './brazilian-documents.js';

/** The identifiers besides the profile id that find a profile. */
export type IdentifierKind = 'phone' | 'email' | 'document';
export const IDENTIFIER_KINDS: readonly IdentifierKind[] = ['phone', 'email', 'document'];

export type { CountryCode };

/** How identifiers are read: phones without a `+` prefix belong to this country, documents follow its rules. */
export interface IdentifierPolicy {
  readonly defaultCountry: CountryCode;
}

export function isCountryCode(value: string): value is CountryCode {
  return isSupportedCountry(value);
}

/** Either the normalised value or the reason the raw value is not one. */
export type Normalised = { readonly value: string; readonly error?: undefined } | { readonly error: string };

const MAX_RAW_LENGTH = 254;

/**
 * Local part without spaces or `@`; a domain of dot-separated labels (letters, digits and hyphens,
 * Unicode letters included) ending in a top-level label of two or more letters.
 */
const EMAIL = /^[^\s@\p{Cc}]{1,64}@(?=.{1,253}$)(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;

export function normaliseEmail(raw: string): Normalised {
  const value = raw.normalize('NFC').trim().toLowerCase();
  if (value.length === 0) return { error: 'must not be empty' };
  if (value.length > MAX_RAW_LENGTH || !EMAIL.test(value)) return { error: 'must be an e-mail address like name@example.com' };
  return { value };
}

/** A phone number in any common national or international writing, to E.164 (`+5511987654321`). */
export function normalisePhone(raw: string, policy: IdentifierPolicy): Normalised {
  const text = raw.trim();
  if (text.length === 0) return { error: 'must not be empty' };
  if (text.length > 64) return { error: 'is too long to be a phone number' };
  const parsed = parsePhoneNumberFromString(text, { defaultCountry: policy.defaultCountry, extract: false });
  if (!parsed?.isValid()) {
    return { error: `must be a valid phone number (international, or national for ${policy.defaultCountry})` };
  }
  return { value: parsed.number };
}

/**
 * A personal or company document number: punctuation dropped, letters upper-cased. For Brazil,
 * 11 digits must be a CPF and 14 characters a CNPJ (numeric or alphanumeric) with correct check
 * digits; anything else is kept as written, since other documents have no rule we can check.
 */
export function normaliseDocument(raw: string, policy: IdentifierPolicy): Normalised {
  const value = raw
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toUpperCase();
  if (value.length === 0) return { error: 'must contain letters or digits' };
  if (!/^[A-Z0-9]+$/.test(value)) return { error: 'must be written with the letters A-Z and the digits 0-9' };
  if (value.length > 64) return { error: 'is too long to be a document number' };
  if (policy.defaultCountry === 'BR') {
    if (value.length === 11 && /^\d{11}$/.test(value) && !isValidCpf(value)) {
      return { error: 'is not a valid CPF (check digits do not match)' };
    }
    if (value.length === 14 && !isValidCnpj(value)) {
      return { error: 'is not a valid CNPJ (check digits do not match)' };
    }
  }
  return { value };
}

export function normaliseIdentifier(kind: IdentifierKind, raw: string, policy: IdentifierPolicy): Normalised {
  switch (kind) {
    case 'phone':
      return normalisePhone(raw, policy);
    case 'email':
      return normaliseEmail(raw);
    case 'document':
      return normaliseDocument(raw, policy);
  }
}

export const IdentifierPolicyToken = token<IdentifierPolicy>('IdentifierPolicy');
