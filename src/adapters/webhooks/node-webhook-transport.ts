import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { DELIVERY_TIMEOUT_MS } from '../../domain/webhooks/delivery-policy.js';
import { isPrivateAddress, isPrivateHost } from '../../domain/webhooks/webhook.js';
import type { WebhookResponse, WebhookTransport } from '../../domain/webhooks/webhook-transport.js';

export interface WebhookTransportSettings {
  /** Whether loopback and private addresses may be posted to (WEBHOOK_ALLOW_PRIVATE_URLS). */
  readonly allowPrivateAddresses: boolean;
  /** How long a receiver has to answer; default DELIVERY_TIMEOUT_MS. */
  readonly timeoutMs?: number;
}

/** The most of an answer's body read (and dropped): a receiver cannot make the sender read for ever. */
const MAX_ANSWER_BYTES = 64 * 1024;

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Posts deliveries with node:http(s): no redirects followed (a 3xx is a failed attempt), the whole
 * exchange within the timeout, and unless allowed, no connection to a loopback or private address,
 * checked on the address the name resolves to (a public name pointing at a private address is
 * refused as well as the address itself).
 */
export class NodeWebhookTransport implements WebhookTransport {
  private readonly timeoutMs: number;

  constructor(private readonly settings: WebhookTransportSettings) {
    this.timeoutMs = settings.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  }

  post(url: string, headers: Readonly<Record<string, string>>, body: string): Promise<WebhookResponse> {
    const target = new URL(url);
    const allowPrivate = this.settings.allowPrivateAddresses;
    if (!allowPrivate && isPrivateHost(target.hostname)) {
      return Promise.reject(new Error(`refused: ${target.hostname} is a loopback or private address`));
    }
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<WebhookResponse>((resolve, reject) => {
      const request = client.request(
        target,
        {
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Vitrine-Webhooks/1' },
          signal: AbortSignal.timeout(this.timeoutMs),
          agent: false,
          ...(allowPrivate || isIP(target.hostname) !== 0 ? {} : { lookup: publicOnlyLookup }),
        },
        (response) => {
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_ANSWER_BYTES) response.destroy();
          });
          response.on('close', () => resolve({ status: response.statusCode ?? 0 }));
          response.on('error', () => resolve({ status: response.statusCode ?? 0 }));
        },
      );
      request.on('error', (error) =>
        reject(error.name === 'AbortError' ? new Error(`no answer within ${this.timeoutMs} ms`) : error),
      );
      request.end(body);
    });
  }
}

/** DNS resolution that refuses names resolving to a loopback or private address. */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    const refused = list.find((a) => isPrivateAddress(a.address));
    if (refused !== undefined) {
      return callback(
        Object.assign(new Error(`refused: ${hostname} resolves to ${refused.address}, a loopback or private address`), {
          code: 'EPRIVATE',
        }),
        [],
      );
    }
    if (options.all === true) return callback(null, list);
    const first = list[0];
    return first === undefined
      ? callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), [])
      : callback(null, first.address, first.family);
  });
}
