/** What the builder's journeys do again and again, as a merchandiser would: by role and name. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { merchandiserPage, SCREENSHOTS } from './browser.js';
import type { TestServer } from './http-harness.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Waits until the locator is visible (playwright-core has no test runner's `expect`). */
export async function visible(locator: Locator, timeout = 10_000): Promise<Locator> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator;
}

export async function signIn(browser: Browser, server: TestServer, token: string, locale = 'en-US'): Promise<Page> {
  const { page } = await merchandiserPage(browser, { locale });
  await page.goto(`${server.baseUrl}/`);
  await page.getByLabel(locale.startsWith('pt') ? 'Token do aplicativo' : 'App token').fill(token);
  await page.getByRole('button', { name: locale.startsWith('pt') ? 'Entrar' : 'Sign in' }).click();
  await visible(page.getByRole('heading', { level: 1 }));
  return page;
}

/** Goes to a screen of the app (the fragment), as a link would. */
export async function open(page: Page, fragment: string, heading: string | RegExp): Promise<void> {
  // Evaluated as text in the page: these tests are compiled for Node, without the DOM's types.
  await page.evaluate(`location.hash = ${JSON.stringify(fragment)}`);
  await visible(page.getByRole('heading', { level: 1, name: heading }));
}

export function screenshot(page: Page, name: string): Promise<Buffer> {
  return page.screenshot({ path: fileURLToPath(new URL(`${name}.png`, SCREENSHOTS)), fullPage: true });
}

/** axe-core in the page: no serious or critical violation (the CSP stays on: axe is evaluated, not injected). */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await page.evaluate(AXE);
  const violations = await page.evaluate<string[]>(`axe.run(document).then((result) =>
    result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id + ' (' + v.impact + '): ' + v.nodes.map((n) => JSON.stringify(n.target) + ' ' + n.failureSummary).join(' ')))`);
  expect(violations, `accessibility of ${screen}`).toEqual([]);
}

/** Drags one element onto another with the mouse, in small steps as a hand would. */
export async function drag(page: Page, from: Locator, to: Locator): Promise<void> {
  await from.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2, { steps: 4 });
  // The drag measures where things are in the frames after it starts, and decides where it is over in the next.
  await frames(page, 2);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await frames(page, 2);
  await page.mouse.move(b.x + b.width / 2 - 2, b.y + b.height / 2, { steps: 2 });
  await frames(page, 2);
  await page.mouse.up();
}

/** The product ids of the editor's grid, in display order. */
export function gridIds(page: Page): Promise<string[]> {
  return page.locator('.product-grid > li').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-product-id') ?? ''));
}

/** Lets the page run what it queued for its next task (no time passes for it: the clock is fixed). */
export function nextTask(page: Page): Promise<void> {
  return page.evaluate('new Promise((done) => setTimeout(done, 0))');
}

/** Lets the page paint `count` frames. */
export function frames(page: Page, count: number): Promise<void> {
  return page.evaluate(`new Promise((done) => {
    const step = (left) => (left === 0 ? done() : requestAnimationFrame(() => step(left - 1)));
    step(${count});
  })`);
}

/** The accessible name of the focused element, roughly as a screen reader would say it. */
const FOCUSED_NAME = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return '';
  const visibleText = (node) =>
    node.nodeType === 3 ? node.textContent : node.getAttribute && node.getAttribute('aria-hidden') === 'true' ? '' : [...node.childNodes].map(visibleText).join('');
  const text = (node) => (node ? visibleText(node).replace(/\\s+/g, ' ').trim() : '');
  return el.getAttribute('aria-label') || (el.labels && el.labels.length ? text(el.labels[0]) : '') || text(el);
})()`;

/** Presses Tab (as a keyboard-only merchandiser does) until the focused control is the one named. */
export async function tabTo(page: Page, name: string | RegExp, most = 120): Promise<string> {
  for (let i = 0; i < most; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate<string>(FOCUSED_NAME);
    if (typeof name === 'string' ? focused === name : name.test(focused)) return focused;
  }
  throw new Error(`Tab never reached a control named ${String(name)}`);
}
