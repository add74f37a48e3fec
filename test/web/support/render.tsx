import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { OwnToken } from '../../../src/adapters/web/src/api/client';
import { I18nProvider } from '../../../src/adapters/web/src/i18n/i18n';
import { SessionProvider } from '../../../src/adapters/web/src/session/session';

/** What the fake service answers a request with: a status, a JSON body, headers. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request the fake service received. */
export interface Received {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

/**
 * The service as the component under test sees it: `answer` decides each request's answer (from
 * its method and path); every request is recorded. It replaces `fetch` for the test.
 */
export function fakeService(answer: (request: Received) => FakeAnswer | Promise<FakeAnswer>) {
  const received: Received[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const entry: Received = {
      method: request.method,
      path: decodeURIComponent(url.pathname),
      search: url.search,
      headers: request.headers,
      body: text === '' ? undefined : JSON.parse(text),
    };
    received.push(entry);
    const { status = 200, body, headers = {} } = await answer(entry);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': status >= 400 ? 'application/problem+json' : 'application/json', ...headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return { received };
}

export const WRITER: OwnToken = {
  id: 'tok_writer',
  name: 'Ana',
  scopes: ['collections:read', 'collections:write', 'products:read'],
} as OwnToken;

/** Renders `ui` as the builder does for a signed-in merchandiser (English, the given token's scopes). */
export function renderSignedIn(ui: ReactNode, me: OwnToken = WRITER): RenderResult {
  localStorage.setItem('vitrine.locale', 'en');
  return render(
    <I18nProvider>
      <SessionProvider signed={{ token: 'secret', me }} signOut={() => undefined}>
        {ui}
      </SessionProvider>
    </I18nProvider>,
  );
}
