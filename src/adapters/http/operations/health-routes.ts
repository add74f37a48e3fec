import * as v from 'valibot';
import type { CheckReadiness } from '../../../application/health/check-readiness.js';
import { problemBody, problemFrom } from '../pipeline/problems.js';
import { json, problem } from '../pipeline/reply.js';
import { route, type RouteGroup, type RouteTag } from '../pipeline/route-spec.js';

/** The group of the routes that run the service (health, metrics, this API's description). */
export const OPERATIONS_TAG: RouteTag = {
  name: 'Operations',
  description: 'Health, metrics and this description; no token needed.',
};

const Checks = v.pipe(
  v.record(v.string(), v.picklist(['up', 'down'])),
  v.description('Each configured store or cache, `up` or `down`.'),
);

/** Liveness and readiness for orchestrators and load balancers; no token needed. */
export function healthRoutes(readiness: CheckReadiness): RouteGroup {
  return {
    tag: OPERATIONS_TAG,
    routes: [
      route({
        method: 'GET',
        path: '/health/live',
        operationId: 'live',
        summary: 'The process runs',
        responses: [{ status: 200, description: 'Alive.', body: v.object({ status: v.literal('ok') }) }],
        examples: { responses: { 200: { status: 'ok' } } },
        handler: () => json(200, { status: 'ok' }),
      }),
      route({
        method: 'GET',
        path: '/health/ready',
        operationId: 'ready',
        summary: 'Every store this instance needs answers',
        description: 'A cache that is down only costs speed: it shows as `down` but the instance stays ready.',
        responses: [{ status: 200, description: 'Ready.', body: v.object({ status: v.literal('ready'), checks: Checks }) }],
        problems: ['UNAVAILABLE'],
        examples: { responses: { 200: { status: 'ready', checks: { mongodb: 'up', redis: 'up' } } } },
        handler: async () => {
          const { ready, checks } = await readiness.execute();
          if (ready) return json(200, { status: 'ready', checks });
          return problem(problemFrom(problemBody('UNAVAILABLE', 'A store this instance needs does not answer.', { checks })));
        },
      }),
    ],
  };
}
