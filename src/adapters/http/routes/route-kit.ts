import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Container } from 'inversify';
import type { Scope } from '../../../domain/auth/scopes.js';
import type { VitrineState } from '../context.js';

/** What every route module gets: the router to add to, the container to take use cases from, and the scope guard. */
export interface RouteKit {
  readonly router: Router<VitrineState>;
  readonly container: Container;
  readonly requireScope: (scope: Scope) => Middleware<VitrineState>;
  readonly jsonBody: Middleware;
}
