import { MemoryRequestLimiter } from '../../src/adapters/rate-limit/flexible-request-limiter.js';
import { requestLimiterContract } from './request-limiter.contract.js';

requestLimiterContract('in memory', async () => ({ store: new MemoryRequestLimiter() }));
