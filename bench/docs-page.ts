// How soon the docs page (/docs) shows its first operation in Chromium, for
// `npm run bench`'s table of targets: a first visit (it builds the document
// and the UI's server side), then visits in fresh tabs, whose median is judged
// against 2 s. A timing, so it lives here and not in the browser tests, which
// pass at any load.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { createSimulator } from '../src/simulator.js';
import { CHROMIUM_ARGS, findChromium } from '../test/browser/chromium.js';

export async function docsPageTarget(quick: boolean): Promise<{ name: string; value: string; limit: string; pass: boolean }> {
  const name = 'docs page: first operation visible (median of fresh tabs)';
  const executablePath = findChromium();
  if (!executablePath) return { name, value: 'not measured: Chromium not found', limit: '< 2000 ms', pass: false };
  const sim = await createSimulator();
  const api = await sim.listen({ port: 0, host: '127.0.0.1' });
  const url = api.replace(/\/admin\/api\.php$/, '/docs/');
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-bench-chromium-'));
  const browser = await puppeteer.launch({
    executablePath,
    headless: true,
    userDataDir,
    args: CHROMIUM_ARGS,
  });
  const visit = async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 1000 });
    const start = performance.now();
    await page.goto(url);
    await page.waitForSelector('.opblock', { visible: true, timeout: 60_000 });
    const ms = Math.round(performance.now() - start);
    await page.close();
    return ms;
  };
  try {
    const first = await visit();
    const times: number[] = [];
    for (let i = 0; i < (quick ? 1 : 5); i++) times.push(await visit());
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
    process.stdout.write(
      `docs page: first visit ${first} ms, then ${times.join(', ')} ms (median ${median}); load ${os.loadavg()[0].toFixed(2)}\n\n`,
    );
    return { name, value: `${median} ms`, limit: '< 2000 ms', pass: median < 2000 };
  } finally {
    await browser.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
    await sim.close();
  }
}
