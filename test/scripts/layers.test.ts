// The rule that keeps src/ layered (scripts/layers.ts): imports run down or
// sideways, never up, and never round in a circle.
import t from 'tap';
import { cycles, importsOf, layerOf, LAYERS, readGraph, upwardImports } from '../../scripts/layers.js';

t.test('a file is in the layer its path says', async (t) => {
  const name = (file: string) => LAYERS[layerOf(file) ?? -1]?.name;
  t.equal(name('src/cli.ts'), 'entry points');
  t.equal(name('src/http/dashboard/routes.ts'), 'http');
  t.equal(name('src/session/clock.ts'), 'session');
  t.equal(name('src/domain/payments.ts'), 'domain');
  t.equal(name('src/store/world.ts'), 'store');
  t.equal(name('src/lib/dates.ts'), 'ground');
  t.equal(layerOf('src/elsewhere.ts'), undefined);
});

t.test('imports are read as the files they name, type-only and re-exports included', async (t) => {
  const source = [
    "import type { View } from '../store/world.js';",
    "export { formatDate } from '../lib/dates.js';",
    "import fs from 'node:fs';",
    "const lazy = () => import('./other.js');",
  ].join('\n');
  t.strictSame(importsOf('src/domain/x.ts', source), ['src/store/world.ts', 'src/lib/dates.ts', 'src/domain/other.ts']);
});

t.test('an import from a layer above is named with both layers; one from below or beside is not', async (t) => {
  const graph = new Map([
    ['src/store/automation.ts', ['src/domain/automation.ts', 'src/store/world.ts', 'src/lib/dates.ts']],
    ['src/domain/automation.ts', ['src/store/world.ts']],
    ['src/store/world.ts', []],
    ['src/odd.ts', []],
  ]);
  t.strictSame(upwardImports(graph), [
    'src/store/automation.ts (store) imports src/domain/automation.ts (domain), a layer above it',
    'src/odd.ts is in no layer: add it to LAYERS in scripts/layers.ts',
  ]);
});

t.test('each cycle is named once, with the files around it', async (t) => {
  const graph = new Map([
    ['src/domain/drafts.ts', ['src/domain/placeOrder.ts']],
    ['src/domain/placeOrder.ts', ['src/domain/draftItems.ts']],
    ['src/domain/draftItems.ts', ['src/domain/drafts.ts', 'src/domain/money.ts']],
    ['src/domain/money.ts', []],
  ]);
  t.strictSame(cycles(graph), ['src/domain/draftItems.ts -> src/domain/drafts.ts -> src/domain/placeOrder.ts -> src/domain/draftItems.ts']);
  t.strictSame(
    cycles(
      new Map([
        ['src/a.ts', ['src/b.ts']],
        ['src/b.ts', []],
      ]),
    ),
    [],
  );
});

t.test('src/ as it stands: no import runs up a layer and none runs in a circle', async (t) => {
  const graph = readGraph(process.cwd());
  t.ok(graph.size > 100, `${graph.size} modules read`);
  t.strictSame(upwardImports(graph), []);
  t.strictSame(cycles(graph), []);
});
