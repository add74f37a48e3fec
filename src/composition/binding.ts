import type { ContainerModuleLoadOptions } from 'inversify';
import type { RouteGroup } from '../adapters/http/pipeline/route-spec.js';
import { token, type Token } from '../domain/shared/token.js';

type Bind = ContainerModuleLoadOptions['bind'];
type Newable<T> = new (...args: never[]) => T;

/** For each constructor parameter, the token or class that provides it; checked against the parameter types. */
export type Dependencies<A extends readonly unknown[]> = { readonly [K in keyof A]: Token<A[K]> | Newable<A[K]> };

/** Binds a class to itself, built from its dependencies' tokens (no decorators, no reflection). */
export function bindClass<T, A extends unknown[]>(bind: Bind, type: new (...args: A) => T, dependencies: Dependencies<A>): void {
  bind(type).toResolvedValue((...args: A) => new type(...args), dependencies as never);
}

/** Binds a token to a value made by `factory` from its dependencies. */
export function bindFactory<T, A extends unknown[]>(
  bind: Bind,
  id: Token<T>,
  factory: (...args: A) => T,
  dependencies: Dependencies<A>,
): void {
  bind<T>(id).toResolvedValue(factory, dependencies as never);
}

export function bindValue<T>(bind: Bind, id: Token<T>, value: T): void {
  bind<T>(id).toConstantValue(value);
}

/** Binds a token to the list of what the given tokens provide, in order. */
export function bindList<T>(bind: Bind, id: Token<readonly T[]>, parts: readonly Token<T>[]): void {
  bind<readonly T[]>(id).toResolvedValue((...items: T[]) => items, [...parts] as never);
}

/** The route groups of every feature: each feature module adds its own. */
export const FeatureRoutesToken = token<RouteGroup>('FeatureRoutes');

/** Adds a feature's routes, made by `routes` from the use cases (and ports) it names. */
export function bindRoutes<A extends unknown[]>(
  bind: Bind,
  routes: (...args: A) => RouteGroup,
  dependencies: Dependencies<A>,
): void {
  bind<RouteGroup>(FeatureRoutesToken).toResolvedValue(routes, dependencies as never);
}
