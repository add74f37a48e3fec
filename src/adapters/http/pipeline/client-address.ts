import type { IncomingMessage } from 'node:http';

/**
 * The address a request comes from. Behind `trustedProxies` proxies (TRUST_PROXY), each of which
 * appends the address it received the request from to `X-Forwarded-For`, the client is the entry
 * the outermost trusted proxy added: that many entries from the end. Entries before it were
 * written by the client itself and prove nothing. Without trusted proxies: the socket's peer.
 */
export function clientAddress(req: IncomingMessage, trustedProxies: number): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (trustedProxies <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',');
  const entry = forwarded[forwarded.length - trustedProxies]?.trim();
  return entry === undefined || entry === '' ? peer : entry;
}
