export { koaApp, type VitrineState } from './koa-app.js';
export { fastLane, type FastLane } from './fast-lane.js';
export { requestHandler } from './request-handler.js';
export { api, apiRoutes, type Api } from './api.js';
export { Admission, TOKEN_HEADER } from './pipeline/admission.js';
export { RequestObserver } from './pipeline/observe.js';
export type { Pipeline } from './pipeline/pipeline.js';
export { PROBLEM_TABLE, problemBody, HttpProblem, type ProblemBody, type ProblemCode } from './pipeline/problems.js';
export type { RouteGroup, RouteSpec, RouteInput } from './pipeline/route-spec.js';
