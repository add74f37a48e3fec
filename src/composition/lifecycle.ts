import type { Container } from 'inversify';
import { token } from '../domain/shared/token.js';
import { resolve } from './resolve.js';

/** Something with a connection to open before serving and to close when stopping. */
export interface Resource {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const ResourcesToken = token<readonly Resource[]>('Resources');

/** Opens every configured connection (and creates MongoDB's indexes); rejects naming what failed. */
export async function startResources(container: Container): Promise<void> {
  for (const resource of resolve(container, ResourcesToken)) {
    try {
      await resource.start();
    } catch (error) {
      throw new ResourceFailure(resource.name, error);
    }
  }
}

/** Closes every connection, each independently of the others' failures. */
export async function stopResources(container: Container): Promise<void> {
  await Promise.allSettled(resolve(container, ResourcesToken).map((r) => r.stop()));
}

export class ResourceFailure extends Error {
  override readonly name = 'ResourceFailure';

  constructor(
    readonly resource: string,
    cause: unknown,
  ) {
    super(`${resource}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
