import type { Container } from 'inversify';
import type { Token } from '../domain/shared/token.js';

/** Resolves what a token promises. */
export function resolve<T>(container: Container, id: Token<T>): T {
  return container.get<T>(id);
}
