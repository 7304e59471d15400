// Launches Debian's Chromium for the browser tests (puppeteer-core, no browser
// download). Without Chromium a developer's run skips these tests and says
// why; CI (CI=true) fails instead, since it installs Chromium first (.ci/run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Test } from 'tap';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { packageRoot } from '../../src/paths.js';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];
const SCREENSHOTS = path.join(packageRoot, '.tap', 'screenshots');

/** Headless flags: this machine has no network but loopback, so background services would only fail to reach theirs. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function findChromium(): string | undefined {
  return CANDIDATES.find((file): file is string => !!file && fs.existsSync(file));
}

/**
 * A headless Chromium closed when the test ends, or undefined when there is
 * none: the test file is then skipped with the reason (failed in CI).
 */
export async function launchChromium(t: Test): Promise<Browser | undefined> {
  const executablePath = findChromium();
  if (!executablePath) {
    const reason = 'Chromium not found: apt-get install chromium, or set CHROMIUM_PATH';
    if (process.env.CI === 'true') t.fail(`${reason} (CI never skips the browser tests)`);
    else t.plan(0, `skipped: ${reason}`);
    return undefined;
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-chromium-'));
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    userDataDir,
    args: CHROMIUM_ARGS,
  });
  t.teardown(async () => {
    await browser.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  });
  return browser;
}

/** Saves a screenshot of the page (or one element) under .tap/screenshots and prints its path. */
export async function screenshot(t: Test, page: Page, name: string, selector?: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  const element = selector ? await page.$(selector) : null;
  if (element) await element.screenshot({ path: file });
  else await page.screenshot({ path: file });
  t.comment(`screenshot: ${file}`);
  return file;
}
