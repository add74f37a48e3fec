export { createApp, createRequestHandler, routeSpecs } from './create-app.js';
export { PROBLEM_TABLE, problemBody, HttpProblem, type ProblemBody, type ProblemCode } from './problem.js';
export { TOKEN_HEADER } from './middleware/authorise.js';
