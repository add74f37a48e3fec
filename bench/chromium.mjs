/**
 * The machine's Chromium as the journeys and the browser benchmarks launch it: Debian's
 * /usr/bin/chromium (or CHROMIUM_PATH), never a downloaded one, headless, with the flags a closed
 * network and a container need. Shared by test/support/browser.ts and bench/*.mjs.
 */
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/** Chromium, headless, with CHROMIUM_FLAGS. */
export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...CHROMIUM_FLAGS] });
}
