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
      throw error instanceof ResourceFailure ? error : new ResourceFailure(resource.name, error);
    }
  }
}

/** Resources started one after the other (each may need the one before), stopped together; a failure names the part that failed. */
export class ResourceSequence implements Resource {
  constructor(
    readonly name: string,
    private readonly parts: readonly Resource[],
  ) {}

  async start(): Promise<void> {
    for (const part of this.parts) {
      try {
        await part.start();
      } catch (error) {
        throw new ResourceFailure(part.name, error);
      }
    }
  }

  async stop(): Promise<void> {
    await Promise.allSettled(this.parts.map((part) => part.stop()));
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
