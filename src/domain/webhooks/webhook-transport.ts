import { token } from '../shared/token.js';

/** What a receiver answered. */
export interface WebhookResponse {
  readonly status: number;
}

/** Posts a delivery: rejects when there is no answer (unreachable, refused address, timeout). */
export interface WebhookTransport {
  post(url: string, headers: Readonly<Record<string, string>>, body: string): Promise<WebhookResponse>;
}

export const WebhookTransportToken = token<WebhookTransport>('WebhookTransport');
