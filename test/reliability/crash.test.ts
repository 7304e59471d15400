// Kills the server with SIGKILL at random moments of a write-heavy load, 30
// times: after every restart the data file parses and validates, and every
// mutation that had been acknowledged is still there.
import t from 'tap';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCli } from '../helpers/process.js';
import { loadFixtures, validateCollections } from '../../src/store/fixtures.js';
import { defaultFixturesDir } from '../../src/paths.js';
import type { Collections } from '../../src/generated/wire.js';

const AUTH = 'api_id=billsim&api_key=billsim-secret';
const ROUNDS = 30;

// A deterministic sequence of kill moments (ms into the load).
let state = 12345;
const nextDelay = () => {
  state = (state * 1103515245 + 12345) % 2 ** 31;
  return 20 + (state % 250);
};

t.test('SIGKILL during writes never corrupts the data file or loses an acknowledged write', async (t) => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'billsim-crash-')), 'state.json');
  const acknowledged: string[] = [];
  const seed = loadFixtures(defaultFixturesDir);
  for (let round = 0; round < ROUNDS; round++) {
    const server = await startCli(['--data', file, '--log-level', 'silent']);
    let running = true;
    const writer = async (worker: number) => {
      for (let i = 0; running; i++) {
        try {
          const response = await fetch(
            `${server.url}?call=bulkAddProducts&products[0][copyof]=1&products[0][name]=r${round}w${worker}i${i}&${AUTH}`,
          );
          const body = (await response.json()) as { success: boolean; new_products?: string[] };
          if (body.success) acknowledged.push(...body.new_products!);
        } catch {
          return; // the server died mid-request: that write was not acknowledged
        }
      }
    };
    const writers = [writer(0), writer(1), writer(2)];
    await new Promise((resolve) => setTimeout(resolve, nextDelay()));
    await server.stop('SIGKILL');
    running = false;
    await Promise.all(writers);

    const text = fs.readFileSync(file, 'utf8');
    let data: Collections;
    try {
      data = { ...seed, ...(JSON.parse(text) as Collections) };
    } catch (error) {
      t.fail(`round ${round}: data file does not parse: ${(error as Error).message}`);
      return;
    }
    t.doesNotThrow(() => validateCollections(data, file), `round ${round}: data file validates`);
    const stored = new Set(data.products.map((p) => p.id));
    const missing = acknowledged.filter((id) => !stored.has(id));
    t.strictSame(missing, [], `round ${round}: all ${acknowledged.length} acknowledged copies are stored`);
  }
  t.ok(acknowledged.length > ROUNDS, `writes were acknowledged across rounds (${acknowledged.length})`);
});
