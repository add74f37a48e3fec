import type { CatalogNews, CatalogNewsListener } from '../../domain/product/catalog-news.js';
import type { Logger } from '../logging/logger.js';
import { FailurePause } from './failure-pause.js';
import { Outbox } from './outbox.js';
import type { RedisConnection } from './redis-connection.js';

/** The channel catalog news goes over. */
const CHANNEL = 'catalog-news';

/**
 * Catalog news over Redis pub/sub: every instance of a deployment hears the others' product
 * changes. News that cannot be published now (Redis away, or left alone after failures) is kept
 * and sent as soon as Redis answers; an instance whose subscription dropped is told it may have
 * missed some, and reads the catalog again.
 */
export class RedisCatalogNews implements CatalogNews {
  private readonly listeners: CatalogNewsListener[] = [];
  private readonly outbox: Outbox;

  constructor(connection: RedisConnection, logger: Logger) {
    const pause = new FailurePause(logger, 'Redis does not answer; catalog news is kept until it does');
    this.outbox = new Outbox(
      pause,
      async (ids) => {
        await connection.commands.publish(connection.key(CHANNEL), connection.message(ids));
      },
      logger,
      'catalog news',
    );
    connection.whenReady(() => void this.outbox.flush());
    connection.beforeStop(() => this.outbox.close());
    connection.listen(CHANNEL, {
      received: (ids) => this.listeners.forEach((listener) => listener.changed(ids)),
      missedSome: () => this.listeners.forEach((listener) => listener.missedSome()),
    });
  }

  publish(productIds: readonly string[]): Promise<void> {
    return this.outbox.deliver(productIds);
  }

  subscribe(listener: CatalogNewsListener): void {
    this.listeners.push(listener);
  }
}
