import { InMemoryRequestLimiter } from '../../src/adapters/memory/in-memory-request-limiter.js';
import { requestLimiterContract } from './request-limiter.contract.js';

requestLimiterContract('in memory', async () => ({ store: new InMemoryRequestLimiter() }));
