// Records each call's example answer: every request of src/examples.ts runs
// against the bundled world with the clock frozen at EXAMPLE_NOW, each in a
// session of its own so a mutation starts from the seed, and the answers are
// written to examples/answers.json for the docs page. `--check` fails when
// the file is not what the current code answers.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { EXAMPLE_ANSWERS_FILE, EXAMPLE_NOW, EXAMPLES, type RecordedExample } from '../src/examples.js';
import { operations } from '../src/operations/index.js';

const CREDENTIALS = 'api_id=billsim&api_key=billsim-secret';

async function record(): Promise<string> {
  const missing = Object.keys(operations).filter((call) => !(call in EXAMPLES));
  if (missing.length) throw new Error(`no example request in src/examples.ts for ${missing.join(', ')}`);
  const app = await buildApp({ now: EXAMPLE_NOW });
  const out: Record<string, RecordedExample> = {};
  try {
    for (const call of Object.keys(EXAMPLES).sort()) {
      const query = EXAMPLES[call];
      const response = await app.inject({
        url: `/admin/api.php?call=${call}&${CREDENTIALS}${query ? `&${query}` : ''}`,
        headers: { 'x-billsim-session': `example-${call}` },
      });
      const answer = response.json() as Record<string, unknown>;
      // A call billsim always refuses (call=module) records its error; any other must succeed.
      const expected = !operations[call].answer?.alwaysRefused;
      if (answer.success !== expected) throw new Error(`the example of ${call} (${query}) answered ${JSON.stringify(answer)}`);
      out[call] = { query, answer };
    }
  } finally {
    await app.close();
  }
  return `${JSON.stringify(out, null, 2)}\n`;
}

const text = await record();
const relative = path.relative(process.cwd(), EXAMPLE_ANSWERS_FILE);
if (process.argv.includes('--check')) {
  const current = fs.existsSync(EXAMPLE_ANSWERS_FILE) ? fs.readFileSync(EXAMPLE_ANSWERS_FILE, 'utf8') : '';
  if (current !== text) {
    console.error(`${relative} is out of date with src/examples.ts and the bundled world: run \`npm run gen:examples\`.`);
    process.exit(1);
  }
  console.log(`${relative} is up to date.`);
} else {
  fs.mkdirSync(path.dirname(EXAMPLE_ANSWERS_FILE), { recursive: true });
  fs.writeFileSync(EXAMPLE_ANSWERS_FILE, text);
  console.log(`wrote ${relative}`);
}
