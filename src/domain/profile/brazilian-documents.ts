/**
 * Check digits of Brazil's personal (CPF, 11 digits) and company (CNPJ, 14 characters) tax
 * documents. The CNPJ check covers the alphanumeric format introduced in 2026: twelve characters of
 * `0-9A-Z` whose value is their character code minus 48, then two numeric check digits.
 */

function mod11CheckDigit(values: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (values[i] ?? 0) * (weights[i] ?? 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

function allSame(value: string): boolean {
  return value.split('').every((c) => c === value[0]);
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

/** `value` holds exactly 11 digits and nothing else. Repeated digits (111.111.111-11) are refused. */
export function isValidCpf(value: string): boolean {
  if (!/^\d{11}$/.test(value) || allSame(value)) return false;
  const digits = [...value].map(Number);
  return mod11CheckDigit(digits, CPF_WEIGHTS_1) === digits[9] && mod11CheckDigit(digits, CPF_WEIGHTS_2) === digits[10];
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** `value` holds 12 characters of `0-9A-Z` (upper case) and 2 digits. */
export function isValidCnpj(value: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(value) || allSame(value)) return false;
  const values = [...value].map((c) => c.charCodeAt(0) - 48);
  return mod11CheckDigit(values, CNPJ_WEIGHTS_1) === values[12] && mod11CheckDigit(values, CNPJ_WEIGHTS_2) === values[13];
}

/** The check digits that complete a CPF base of 9 digits (used by demo data and test mothers). */
export function completeCpf(base9: string): string {
  const digits = [...base9].map(Number);
  const first = mod11CheckDigit(digits, CPF_WEIGHTS_1);
  const second = mod11CheckDigit([...digits, first], CPF_WEIGHTS_2);
  return `${base9}${first}${second}`;
}

/** The check digits that complete a CNPJ base of 12 characters. */
export function completeCnpj(base12: string): string {
  const values = [...base12].map((c) => c.charCodeAt(0) - 48);
  const first = mod11CheckDigit(values, CNPJ_WEIGHTS_1);
  const second = mod11CheckDigit([...values, first], CNPJ_WEIGHTS_2);
  return `${base12}${first}${second}`;
}
