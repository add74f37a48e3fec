import { InMemoryRequestLimiter } from '../../src/adapters/rate-limit/in-memory-request-limiter.js';
import { requestLimiterContract } from './request-limiter.contract.js';

requestLimiterContract('in memory', async () => ({ store: new InMemoryRequestLimiter() }));
