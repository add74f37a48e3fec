import { CheckReadiness } from '../../../application/health/check-readiness.js';
import { sendJson, sendProblem } from '../context.js';
import { problemBody } from '../problem.js';
import type { RouteKit } from './route-kit.js';

/** Liveness and readiness for orchestrators and load balancers; no token needed. */
export function healthRoutes({ router, container }: RouteKit): void {
  const readiness = container.get(CheckReadiness);

  router.get('/health/live', (ctx) => {
    sendJson(ctx, 200, { status: 'ok' });
  });

  router.get('/health/ready', async (ctx) => {
    const { ready, checks } = await readiness.execute();
    if (ready) {
      sendJson(ctx, 200, { status: 'ready', checks });
      return;
    }
    sendProblem(ctx, problemBody('UNAVAILABLE', 'A store this instance needs does not answer.', { checks }));
  });
}
