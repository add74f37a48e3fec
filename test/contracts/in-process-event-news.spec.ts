import { InProcessEventNews } from '../../src/adapters/memory/in-process-event-news.js';
import { eventNewsContract } from './event-news.contract.js';

eventNewsContract('in process', async () => {
  const channel = new InProcessEventNews();
  return { store: channel.endpoint(), another: async () => channel.endpoint(), dropLink: async () => channel.dropNews() };
});
