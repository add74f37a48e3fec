import { InProcessCatalogNews } from '../../src/adapters/memory/in-process-catalog-news.js';
import { catalogNewsContract } from './catalog-news.contract.js';

catalogNewsContract('in process', async () => {
  const channel = new InProcessCatalogNews();
  return { store: channel.endpoint(), another: async () => channel.endpoint(), dropLink: async () => channel.dropNews() };
});
