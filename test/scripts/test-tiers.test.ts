// Which tier a test file runs in, how the fast tier's files are shared out
// between processes, and which files may not share one (scripts/test-tiers.ts).
import t from 'tap';
import { sharingProblem, shards, testFiles, tiersOf } from '../../scripts/test-tiers.js';

t.test('a file is in the tier its folder says; fuzz files run short in the fast tier and long in their own', async (t) => {
  const cases: Array<[string, string[]]> = [
    ['test/domain/money.test.ts', ['fast']],
    ['test/operations/invoices/addInvoice.test.ts', ['fast']],
    ['test/reliability/data-log.test.ts', ['fast']],
    ['test/reliability/crash.test.ts', ['slow']],
    ['test/webhooks/burst.test.ts', ['slow']],
    ['test/webhooks/delivery.test.ts', ['fast']],
    ['test/browser/docs.test.ts', ['slow']],
    ['test/cli/cli.test.ts', ['slow']],
    ['test/package/pack.test.ts', ['slow']],
    ['test/package.test.ts', ['slow']],
    ['test/fuzz/calls.test.ts', ['fast', 'fuzz']],
  ];
  for (const [file, tiers] of cases) t.strictSame(tiersOf(file), tiers, file);
});

t.test('every test file is in a tier, and the tiers list real files', async (t) => {
  const fast = testFiles('fast');
  const slow = testFiles('slow');
  t.ok(fast.includes('test/scripts/test-tiers.test.ts'), 'this file runs in the fast tier');
  t.ok(slow.includes('test/reliability/crash.test.ts'));
  t.strictSame(
    slow.filter((file) => fast.includes(file)),
    [],
    'no file runs in both the fast and the slow tier',
  );
  t.strictSame(
    testFiles('fuzz'),
    fast.filter((file) => file.startsWith('test/fuzz/')),
  );
});

t.test('shards: the largest files first, each to the lightest shard, then each shard sorted by name', async (t) => {
  const files = [
    { file: 'a', size: 10 },
    { file: 'b', size: 50 },
    { file: 'c', size: 30 },
    { file: 'd', size: 20 },
    { file: 'e', size: 25 },
  ];
  // b(50) -> 1; c(30) -> 2; e(25) -> 2 (55); d(20) -> 1 (70); a(10) -> 2 (65).
  t.strictSame(shards(files, 2), [
    ['b', 'd'],
    ['a', 'c', 'e'],
  ]);
  t.strictSame(shards(files.slice(0, 2), 4), [['b'], ['a']], 'never more shards than files');
  t.strictSame(shards(files, 1), [['a', 'b', 'c', 'd', 'e']]);
});

t.test('a file that acts on the shared root at its top level cannot share a process', async (t) => {
  const refused: Array<[string, string]> = [
    ["import t from 'tap';\nt.teardown(() => cleanUp());\n", 't.teardown(() => cleanUp());'],
    ["import t from 'tap';\nt.setTimeout(60_000);\n", 't.setTimeout(60_000);'],
    ["import t from 'tap';\nt.plan(3);\n", 't.plan(3);'],
    ['const board = await dashboard(t);\n', 'const board = await dashboard(t);'],
    ['await setUp();\n', 'await setUp();'],
  ];
  for (const [source, line] of refused) t.equal(sharingProblem(source), line, line);
  const shared = [
    "import t from 'tap';\nt.test('x', async (t) => {\n  const app = await build(t);\n  t.teardown(() => app.close());\n});\n",
    "const CASES = [1, 2];\nfor (const n of CASES) t.test('case', async (t) => t.ok(n));\n",
    "t.todo('a rule not built yet', async (t) => t.ok(false));\nt.skip('not here', async (t) => t.ok(false));\n",
  ];
  for (const source of shared) t.equal(sharingProblem(source), undefined);
});
