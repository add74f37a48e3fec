import { describe, expect, it } from 'vitest';
import {
  normaliseDocument,
  normaliseEmail,
  normaliseIdentifier,
  normalisePhone,
  type IdentifierPolicy,
} from '../../src/domain/profile/identifiers.js';

const BR: IdentifierPolicy = { defaultCountry: 'BR' };
const PT: IdentifierPolicy = { defaultCountry: 'PT' };

describe('phone numbers to E.164', () => {
  it.each([
    '+55 (11) 98765-4321',
    '+5511987654321',
    '5511987654321',
    '55 11 98765-4321',
    '11987654321',
    '(11) 98765-4321',
    '11 98765 4321',
    '011 98765-4321',
    '0 15 11 98765-4321',
    '+55.11.98765.4321',
    ' +55 11 98765-4321 ',
  ])('reads %s as +5511987654321 in Brazil', (raw) => {
    expect(normalisePhone(raw, BR)).toEqual({ value: '+5511987654321' });
  });

  it('reads landlines and other countries', () => {
    expect(normalisePhone('(21) 2222-3333', BR)).toEqual({ value: '+552122223333' });
    expect(normalisePhone('+351 912 345 678', BR)).toEqual({ value: '+351912345678' });
    expect(normalisePhone('912 345 678', PT)).toEqual({ value: '+351912345678' });
    expect(normalisePhone('+1 650 253 0000', BR)).toEqual({ value: '+16502530000' });
  });

  it.each([
    ['empty', ''],
    ['letters', 'abc'],
    ['too short', '98765'],
    ['a number missing a digit', '+55 11 98765-432'],
    ['an impossible area code', '+55 (00) 98765-4321'],
    ['text around the number', 'tel: 11 98765-4321, please'],
    ['absurdly long', '1'.repeat(80)],
  ])('refuses %s', (_label, raw) => {
    expect(normalisePhone(raw, BR).error).toBeTypeOf('string');
  });
});

describe('e-mail addresses', () => {
  it.each([
    ['  Ana.Souza@Exemplo.COM.br ', 'ana.souza@exemplo.com.br'],
    ['joao+news@example.com', 'joao+news@example.com'],
    ['first.last@sub.domain.example.org', 'first.last@sub.domain.example.org'],
    ['maria@correio.com.br', 'maria@correio.com.br'],
    ['josé@exemplo.com.br', 'josé@exemplo.com.br'],
  ])('reads %s as %s', (raw, value) => {
    expect(normaliseEmail(raw)).toEqual({ value });
  });

  it.each([
    ['empty', ''],
    ['no @', 'ana.example.com'],
    ['no domain', 'ana@'],
    ['no top-level domain', 'ana@localhost'],
    ['a one-letter top-level domain', 'ana@example.c'],
    ['two @', 'ana@b@example.com'],
    ['spaces inside', 'ana souza@example.com'],
    ['a domain label starting with a hyphen', 'ana@-example.com'],
    ['an operator object written as text', '{"$gt":""}'],
    ['a control character', 'a\u0000b@example.com'],
  ])('refuses %s', (_label, raw) => {
    expect(normaliseEmail(raw).error).toBeTypeOf('string');
  });

  it('reads a decomposed accent as the composed one', () => {
    expect(normaliseEmail('jose\u0301@exemplo.com')).toEqual(normaliseEmail('josé@exemplo.com'));
  });
});

describe('document numbers', () => {
  it.each([
    ['529.982.247-25', '52998224725'],
    ['529 982 247 25', '52998224725'],
    ['52998224725', '52998224725'],
    ['11.222.333/0001-81', '11222333000181'],
    ['12.abc.345/01de-35', '12ABC34501DE35'],
    ['12.ABC.345/01DE-35', '12ABC34501DE35'],
    ['MG-12.345.678', 'MG12345678'],
  ])('reads %s as %s in Brazil', (raw, value) => {
    expect(normaliseDocument(raw, BR)).toEqual({ value });
  });

  it.each([
    ['a CPF with wrong check digits', '529.982.247-26', 'CPF'],
    ['a CPF of equal digits', '111.111.111-11', 'CPF'],
    ['a CNPJ with wrong check digits', '11.222.333/0001-82', 'CNPJ'],
    ['an alphanumeric CNPJ with wrong check digits', '12.ABC.345/01DE-36', 'CNPJ'],
  ])('refuses %s', (_label, raw, kind) => {
    expect(normaliseDocument(raw, BR).error).toContain(kind);
  });

  it('refuses a value with no letter or digit', () => {
    expect(normaliseDocument(' ./- ', BR).error).toBeTypeOf('string');
  });

  it('refuses digits of other scripts rather than storing them unchecked', () => {
    expect(normaliseDocument('٥٢٩٩٨٢٢٤٧٢٦', BR).error).toBe('must be written with the letters A-Z and the digits 0-9');
    expect(normaliseDocument('ÇX-123', PT).error).toBe('must be written with the letters A-Z and the digits 0-9');
  });

  it('keeps other countries’ documents as written, without Brazilian checks', () => {
    expect(normaliseDocument('529.982.247-26', PT)).toEqual({ value: '52998224726' });
    expect(normaliseDocument('123456789zx9', PT)).toEqual({ value: '123456789ZX9' });
  });

  it('dispatches by identifier kind', () => {
    expect(normaliseIdentifier('phone', '11987654321', BR)).toEqual({ value: '+5511987654321' });
    expect(normaliseIdentifier('email', 'A@B.co', BR)).toEqual({ value: 'a@b.co' });
    expect(normaliseIdentifier('document', '529.982.247-25', BR)).toEqual({ value: '52998224725' });
  });
});
