import Router from '@koa/router';
import type { Container } from 'inversify';
import Koa from 'koa';
import { AuthenticateToken } from '../../application/auth/authenticate-token.js';
import { LoggerToken, type Logger } from '../logging/logger.js';
import type { VitrineState } from './context.js';
import { authoriser } from './middleware/authorise.js';
import { handleErrors } from './middleware/handle-errors.js';
import { jsonBody } from './middleware/json-body.js';
import { collectionRoutes } from './routes/collection-routes.js';
import { healthRoutes } from './routes/health-routes.js';
import { productRoutes } from './routes/product-routes.js';
import { profileRoutes } from './routes/profile-routes.js';
import type { RouteKit } from './routes/route-kit.js';
import { tokenRoutes } from './routes/token-routes.js';

/** The Koa application over a built container, not listening: `main` or a test decides where it listens. */
export function createApp(container: Container): Koa<VitrineState> {
  const app = new Koa<VitrineState>();
  const router = new Router<VitrineState>();
  const kit: RouteKit = {
    router,
    container,
    requireScope: authoriser(container.get(AuthenticateToken)),
    jsonBody: jsonBody(),
  };
  healthRoutes(kit);
  profileRoutes(kit);
  productRoutes(kit);
  collectionRoutes(kit);
  tokenRoutes(kit);

  app.use(handleErrors(container.get<Logger>(LoggerToken)));
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
