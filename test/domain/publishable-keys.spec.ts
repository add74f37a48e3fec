import { describe, expect, it } from 'vitest';
import { mayCallFrom, type Principal } from '../../src/domain/auth/api-token.js';
import { allowedOriginsOf, MAX_ALLOWED_ORIGINS, originOf } from '../../src/domain/auth/origins.js';

const secret: Principal = { tokenId: 'tok_a', name: 'server', scopes: new Set(['events:write']) };
const publishable: Principal = { ...secret, allowedOrigins: new Set(['https://loja.example.com.br', 'http://localhost:5173']) };

describe('web origins of publishable keys', () => {
  it.each([
    ['https://loja.example.com.br', 'https://loja.example.com.br'],
    ['HTTPS://Loja.Example.COM.br/', 'https://loja.example.com.br'],
    ['https://loja.example.com.br:443', 'https://loja.example.com.br'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080'],
    ['https://xn--loj-gla.example', 'https://xn--loj-gla.example'],
    ['https://lojá.example', 'https://xn--loj-gla.example'],
  ])('reads %s as the origin a browser sends: %s', (text, origin) => {
    expect(originOf(text)).toBe(origin);
  });

  it.each([
    'https://loja.example.com.br/pagina',
    'https://loja.example.com.br?x=1',
    'https://loja.example.com.br#topo',
    'https://ana:senha@loja.example.com.br',
    'ftp://loja.example.com.br',
    'loja.example.com.br',
    '*.example.com.br',
    'https://*.example.com.br',
    'null',
    '',
    `https://${'a'.repeat(300)}.com`,
  ])('refuses %j', (text) => {
    expect(originOf(text)).toBeUndefined();
  });

  it('lists 1 to MAX_ALLOWED_ORIGINS origins once each, naming each one it refuses', () => {
    expect(allowedOriginsOf(['https://a.example', 'HTTPS://A.example/'], 'o')).toEqual({
      origins: ['https://a.example'],
      issues: [],
    });
    expect(allowedOriginsOf([], 'o').issues).toEqual([
      { path: 'o', message: `must list 1 to ${MAX_ALLOWED_ORIGINS} web origins` },
    ]);
    const many = Array.from({ length: MAX_ALLOWED_ORIGINS + 1 }, (_, i) => `https://s${i}.example`);
    expect(allowedOriginsOf(many, 'o').issues.map((i) => i.path)).toEqual(['o']);
    expect(allowedOriginsOf(['https://a.example', 'https://a.example/x'], 'o').issues.map((i) => i.path)).toEqual(['o.1']);
  });

  it('lets a secret token be used from anywhere, a publishable key only with an Origin it lists', () => {
    expect(mayCallFrom(secret, undefined)).toBe(true);
    expect(mayCallFrom(secret, 'https://outra.example')).toBe(true);
    expect(mayCallFrom(publishable, 'https://loja.example.com.br')).toBe(true);
    expect(mayCallFrom(publishable, 'http://localhost:5173')).toBe(true);
    expect(mayCallFrom(publishable, 'https://loja.example.com.br.evil.example')).toBe(false);
    expect(mayCallFrom(publishable, 'http://loja.example.com.br')).toBe(false);
    expect(mayCallFrom(publishable, undefined)).toBe(false);
  });
});
