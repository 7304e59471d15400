// Shared steps of the dashboard's browser tests: serve the bundled world, open
// the page for one session, call the API as an app would, and wait for text.
import type { Test } from 'tap';
import type { Browser, Page } from 'puppeteer-core';
import { build, CREDENTIALS } from '../helpers/app.js';
import type { AppOptions } from '../../src/app.js';
import { launchChromium } from './chromium.js';

export interface Dashboard {
  browser: Browser;
  origin: string;
  /** Opens the dashboard for a session; any dialog (an alert from injected script) fails the test. */
  open(t: Test, session: string, options?: { width?: number; hash?: string }): Promise<Page>;
  /** Calls the API as an app would, with the session header. */
  api(session: string, call: string, params?: Record<string, string>): Promise<Record<string, any>>;
}

/** One browser and one server for a whole test file; undefined when Chromium is missing (the file is skipped). */
export async function dashboard(t: Test, options: AppOptions = {}): Promise<Dashboard | undefined> {
  const browser = await launchChromium(t);
  if (!browser) return undefined;
  const app = await build(t, options);
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    browser,
    origin,
    async open(t, session, { width = 1280, hash = 'requests' } = {}) {
      const page = await browser.newPage();
      t.teardown(() => page.close());
      await page.setViewport({ width, height: 900 });
      page.on('dialog', (dialog) => {
        t.fail(`a dialog opened: ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on('pageerror', (error) => t.fail(`page error: ${String(error)}`));
      await page.goto(`${origin}/__billsim/?session=${session}#${hash}`, { waitUntil: 'load' });
      await page.waitForSelector('body.ready');
      return page;
    },
    async api(session, call, params = {}) {
      const body = new URLSearchParams({ call, ...CREDENTIALS, ...params });
      const response = await fetch(`${origin}/admin/api.php`, { method: 'POST', body, headers: { 'x-billsim-session': session } });
      return (await response.json()) as Record<string, any>;
    },
  };
}

/** Waits until the element's text contains `text` (or matches it) and returns the text. */
export async function waitForText(page: Page, selector: string, text: string | RegExp, timeout = 5000): Promise<string> {
  const pattern = typeof text === 'string' ? { source: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags: '' } : text;
  await page.waitForFunction(
    (sel: string, source: string, flags: string) =>
      new RegExp(source, flags).test((globalThis as any).document.querySelector(sel)?.textContent ?? ''),
    { timeout },
    selector,
    pattern.source,
    pattern.flags,
  );
  return page.$eval(selector, (e) => e.textContent ?? '');
}

/** Goes to a section through its link in the page's navigation. */
export async function section(page: Page, name: string): Promise<void> {
  await page.click(`nav a[href="#${name}"]`);
  await page.waitForSelector(`#${name}:not([hidden])`);
}

/**
 * Shows a collection in the state section. The section fills its list of
 * collections and its first page after it is shown; a choice made before that
 * first page arrives would be painted over by it, so it waits for the page.
 */
export async function chooseCollection(page: Page, collection: string): Promise<void> {
  await section(page, 'state');
  await page.waitForSelector('#state-page tbody button');
  await page.select('#state-collection', collection);
}

/** Widest scroll extent of the page: more than the viewport means a horizontal scrollbar. */
export function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => {
    const { document } = globalThis as any;
    return Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) as number;
  });
}
