import { describe, expect, it } from 'vitest';
import { completeCnpj, completeCpf, isValidCnpj, isValidCpf } from '../../src/domain/profile/brazilian-documents.js';
import { VALID_ALPHANUMERIC_CNPJ, VALID_CNPJ, VALID_CPF } from '../support/mothers.js';

describe('CPF check digits', () => {
  it.each([VALID_CPF, '12345678909', '39053344705', '71460238001', '85734192619'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ['a wrong first check digit', '52998224735'],
    ['a wrong second check digit', '52998224726'],
    ['swapped digits', '25998224725'],
    ['eleven equal digits', '11111111111'],
    ['zeros', '00000000000'],
    ['ten digits', '5299822472'],
    ['punctuation (normalise first)', '529.982.247-25'],
  ])('refuses %s', (_label, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it('completes any base with digits that pass the check', () => {
    for (const base of ['000000001', '987654321', '135792468']) expect(isValidCpf(completeCpf(base))).toBe(true);
  });
});

describe('CNPJ check digits, numeric and alphanumeric', () => {
  it.each([VALID_CNPJ, VALID_ALPHANUMERIC_CNPJ, '11444777000161'])('accepts %s', (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '11222333000182'],
    ['a wrong alphanumeric check digit', '12ABC34501DE36'],
    ['a changed letter', '12ABD34501DE35'],
    ['lower case (normalise first)', '12abc34501de35'],
    ['letters in the check digits', '12ABC34501DEAB'],
    ['fourteen equal digits', '00000000000000'],
    ['thirteen characters', '1122233300018'],
  ])('refuses %s', (_label, cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });

  it('completes any alphanumeric base with digits that pass the check', () => {
    for (const base of ['A1B2C3D4E5F6', 'ZZZZZZZZ0001', '123456780001']) expect(isValidCnpj(completeCnpj(base))).toBe(true);
  });
});
