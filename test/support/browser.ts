/**
 * For the builder's journeys in a real browser: playwright-core driving the machine's Chromium
 * (Debian's /usr/bin/chromium, or CHROMIUM_PATH), never a downloaded one. Where no Chromium exists
 * the suites are skipped with the reason, except under REQUIRE_BROWSER=1 (CI), where that fails.
 */
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { CHROMIUM, launchChromium } from '../../bench/chromium.mjs';
import { T0 } from './mothers.js';

export { CHROMIUM };
const BUILT = new URL('../../dist/web/index.html', import.meta.url);

function unavailableReason(): string | undefined {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (!existsSync(BUILT)) return 'the builder is not built (npm run build)';
  return undefined;
}

const reason = unavailableReason();

if (reason !== undefined) {
  if (process.env.REQUIRE_BROWSER === '1') {
    describe('browser', () =>
      it(`REQUIRE_BROWSER=1 but ${reason}`, () => {
        throw new Error(`REQUIRE_BROWSER=1 but ${reason}`);
      }));
  } else {
    describe('skipped', () => it.skip(`Browser journeys skipped: ${reason}`, () => {}));
  }
}

export const describeInBrowser = describe.skipIf(reason !== undefined);

export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/** The merchandiser's browser: São Paulo's time zone, a language, and the clock at the server's instant. */
export async function merchandiserPage(
  browser: Browser,
  options: { locale?: string; at?: Date } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1280, height: 900 },
  });
  // playwright-core's actions wait for ever unless told: a journey stuck on a control fails at once, with its name.
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  await page.clock.setFixedTime(options.at ?? T0);
  return { context, page };
}

/** Where the guide's screenshots (docs/guide.md) go: the tests take them, so they show what the builder does. */
export const SCREENSHOTS = new URL('../../docs/screenshots/', import.meta.url);
