/**
 * A typed service identifier. The symbol is what a container binds; the phantom type lets the
 * composition root check that what it binds to a token is what the token promises.
 */
export type Token<T> = symbol & { readonly __service?: T };

export function token<T>(name: string): Token<T> {
  return Symbol.for(`vitrine/${name}`) as Token<T>;
}
