import type { Container } from 'inversify';
import type { Token } from '../domain/shared/token.js';

type Newable<T> = abstract new (...args: never[]) => T;

/**
 * What the container provides for a class or a typed token, typed by it. The one way the
 * composition root, `main` and the tests take things out of the container.
 */
export function resolve<T>(container: Container, id: Token<T> | Newable<T>): T {
  return container.get<T>(id as never);
}
