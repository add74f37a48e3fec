import { createServer, type RequestListener, type Server } from 'node:http';

/** How long a client may take, and how many may be connected at once (see docs/operations.md). */
export interface ServerLimits {
  /** Receiving a request's headers (HEADERS_TIMEOUT_MS): past it, 408 and the connection closes. */
  readonly headersTimeoutMs: number;
  /** Receiving a whole request, body included (REQUEST_TIMEOUT_MS): past it, 408 and the connection closes. */
  readonly requestTimeoutMs: number;
  /** An idle kept-alive connection between requests (KEEP_ALIVE_TIMEOUT_MS). */
  readonly keepAliveTimeoutMs: number;
  /** Connections open at once (MAX_CONNECTIONS): one more is closed as soon as it is accepted. */
  readonly maxConnections: number;
}

/**
 * The HTTP server the service listens with: explicit limits instead of node:http's defaults (no
 * connection cap at all, and a five-minute request timeout), so a slow or greedy client holds
 * only what it is allowed to. Timeouts are checked every second at most.
 */
export function createHttpServer(listener: RequestListener, limits: ServerLimits): Server {
  const server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    listener,
  );
  server.maxConnections = limits.maxConnections;
  return server;
}
