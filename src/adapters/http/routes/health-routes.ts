import type { Container } from 'inversify';
import * as v from 'valibot';
import { CheckReadiness } from '../../../application/health/check-readiness.js';
import { sendJson, sendProblem } from '../context.js';
import { problemBody } from '../problem.js';
import type { RouteSpec } from './route-spec.js';

const Checks = v.pipe(
  v.record(v.string(), v.picklist(['up', 'down'])),
  v.description('Each configured store or cache, `up` or `down`.'),
);

/** Liveness and readiness for orchestrators and load balancers; no token needed. */
export function healthRoutes(container: Container): RouteSpec[] {
  const readiness = container.get(CheckReadiness);

  return [
    {
      method: 'GET',
      path: '/health/live',
      operationId: 'live',
      tag: 'Operations',
      summary: 'The process runs',
      responses: [{ status: 200, description: 'Alive.', body: v.object({ status: v.literal('ok') }) }],
      handler: (ctx) => {
        sendJson(ctx, 200, { status: 'ok' });
      },
    },
    {
      method: 'GET',
      path: '/health/ready',
      operationId: 'ready',
      tag: 'Operations',
      summary: 'Every store this instance needs answers',
      description: 'A cache that is down only costs speed: it shows as `down` but the instance stays ready.',
      responses: [{ status: 200, description: 'Ready.', body: v.object({ status: v.literal('ready'), checks: Checks }) }],
      problems: ['UNAVAILABLE'],
      handler: async (ctx) => {
        const { ready, checks } = await readiness.execute();
        if (ready) {
          sendJson(ctx, 200, { status: 'ready', checks });
          return;
        }
        sendProblem(ctx, problemBody('UNAVAILABLE', 'A store this instance needs does not answer.', { checks }));
      },
    },
  ];
}
