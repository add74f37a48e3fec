import type { Browser } from 'playwright-core';

/** Where Chromium is: CHROMIUM_PATH, else Debian's /usr/bin/chromium. */
export const CHROMIUM: string;
/** The flags a closed network and a container need. */
export const CHROMIUM_FLAGS: readonly string[];
/** Chromium, headless, with CHROMIUM_FLAGS. */
export function launchChromium(): Promise<Browser>;
