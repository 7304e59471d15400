// Schemas, code and tests of a call live in folders of the same section, so a
// newcomer finds a call under one name everywhere.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { operations } from '../../src/operations/index.js';
import { callSections } from '../../src/schemas.js';
import { isSection, SECTIONS } from '../../src/sections.js';
import { packageRoot } from '../../src/paths.js';

const files = (dir: string, ext: string) =>
  fs
    .readdirSync(path.join(packageRoot, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) =>
      fs
        .readdirSync(path.join(packageRoot, dir, e.name))
        .filter((f) => f.endsWith(ext))
        .map((f) => `${e.name}/${f.slice(0, -ext.length)}`),
    )
    .sort();

t.test('every call has a schema, code and tests in the same section folder', async (t) => {
  const calls = Object.keys(operations).sort();
  const expected = calls.map((call) => `${callSections().get(call)}/${call}`).sort();
  t.same(files('schemas/operations', '.json'), expected, 'schemas/operations/<section>/<call>.json');
  t.same(files('src/operations', '.ts'), expected, 'src/operations/<section>/<call>.ts');
  t.same(files('test/operations', '.test.ts'), expected, 'test/operations/<section>/<call>.test.ts');
});

t.test('every section folder is one of the API sections', async (t) => {
  for (const section of new Set(callSections().values())) t.ok(isSection(section), `${section} is a section`);
  t.equal(new Set(SECTIONS.map((s) => s.id)).size, SECTIONS.length, 'section ids are unique');
});
