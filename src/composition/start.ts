import type { Container } from 'inversify';
import { EnsureBootstrapToken } from '../application/auth/ensure-bootstrap-token.js';
import { RecordEvents } from '../application/events/record-events.js';
import { CreateCollection } from '../application/merchandising/create-collection.js';
import { ListCollections } from '../application/merchandising/list-collections.js';
import { CreateSlice } from '../application/merchandising/create-slice.js';
import { UpsertProduct } from '../application/product/upsert-product.js';
import { UpsertProfile } from '../application/profile/upsert-profile.js';
import { ClockToken } from '../domain/shared/clock.js';
import { loadDemoData } from '../adapters/demo/load-demo-data.js';
import { LoggerToken } from '../adapters/logging/logger.js';
import type { VitrineConfig } from './config.js';
import { resolve } from './resolve.js';

/**
 * What runs once before the service takes requests: the bootstrap token, then the demo data when
 * configured and the stores hold no collection yet (a restart on MongoDB loads it once). Answers a
 * generated admin secret, which the caller shows once.
 */
export async function prepareInstance(container: Container, config: VitrineConfig): Promise<{ generatedAdminToken?: string }> {
  const { generatedSecret } = await resolve(container, EnsureBootstrapToken).execute(config.bootstrapAdminToken);
  if (config.demoData && (await resolve(container, ListCollections).execute({ limit: 1 })).items.length > 0) {
    resolve(container, LoggerToken).info('demo data not loaded: the stores hold collections already');
  } else if (config.demoData) {
    const loaded = await loadDemoData({
      clock: resolve(container, ClockToken),
      upsertProduct: resolve(container, UpsertProduct),
      upsertProfile: resolve(container, UpsertProfile),
      createCollection: resolve(container, CreateCollection),
      createSlice: resolve(container, CreateSlice),
      recordEvents: resolve(container, RecordEvents),
    });
    resolve(container, LoggerToken).info(loaded, 'demo data loaded');
  }
  return generatedSecret === undefined ? {} : { generatedAdminToken: generatedSecret };
}

/**
 * What a start shows of an admin token it generated: its secret, this once, and with the in-memory
 * stores, which forget it when the service stops, how to keep it across restarts (MongoDB keeps it).
 * Plain text, outside the JSON log lines; the secret appears in it once.
 */
export function generatedTokenNotice(secret: string, config: VitrineConfig): string {
  const keep =
    config.mongodbUri === undefined
      ? 'The in-memory stores forget it when the service stops, and the next start prints a new one:\n' +
        'to keep this one, start with BOOTSTRAP_ADMIN_TOKEN set to it.\n\n'
      : '';
  return `\nNo token existed, so an admin token with every scope was created. It is shown this once:\n\n  ${secret}\n\n${keep}`;
}
