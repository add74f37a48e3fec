import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './vitrine-api';

export type Schemas = components['schemas'];
export type Product = Schemas['Product'];
export type Collection = Schemas['Collection'];
export type ListedCollection = Schemas['ListedCollection'];
export type SliceDetails = Schemas['SliceDetails'];
export type SliceSummary = Schemas['SliceList']['slices'][number];
export type SliceFilters = Schemas['SliceFilters'];
export type SliceType = Schemas['SliceInput']['type'];
export type Problem = Schemas['Problem'];
export type ActiveSlice = Schemas['ActiveSliceResponse'];
export type OwnToken = Schemas['Token'];

export const TOKEN_HEADER = 'X-Service-APP-Token';

/** A failed call: the service's problem details (RFC 9457), the status, and how long it asked to wait (429, 503). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
    readonly retryAfterMs?: number,
  ) {
    super(problem?.detail ?? problem?.title ?? `HTTP ${status}`);
  }

  /** Whether trying the same request again later may succeed: the quota was spent or the service was unavailable. */
  get transient(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

/** What a 429 or a 503 asks a client to wait, in ms, from its Retry-After (seconds or a date); undefined when absent. */
export function retryAfterMs(response: Response, now = Date.now()): number | undefined {
  const value = response.headers.get('Retry-After');
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The failure an answer that is not 2xx stands for. */
export function apiErrorOf(response: Response, error: unknown): ApiError {
  return new ApiError(response.status, error as Problem | undefined, retryAfterMs(response));
}

/**
 * The one client of the service's HTTP API, typed from its OpenAPI document. The token is added to
 * every request here and nowhere else; any 401 signs the merchandiser out (`onUnauthorized`).
 */
export function createApi(token: string, onUnauthorized: () => void) {
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set(TOKEN_HEADER, token);
      return request;
    },
    onResponse({ response }) {
      if (response.status === 401) onUnauthorized();
      return response;
    },
  };
  const client = createClient<paths>({ baseUrl: window.location.origin });
  client.use(auth);
  return client;
}

export type Api = ReturnType<typeof createApi>;

/** The body of a successful answer, or an ApiError carrying the problem. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw apiErrorOf(response, error);
  return data as T;
}

/** The entity tag of an answer, for If-Match. */
export function etagOf(response: Response): string {
  return response.headers.get('ETag') ?? '';
}
