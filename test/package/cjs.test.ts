// require('billsim') from a CommonJS file, run by node against the built package.
import t from 'tap';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { packageRoot } from '../../src/paths.js';

t.test('a .cjs file can require billsim and run the simulator', async (t) => {
  const file = path.join(packageRoot, 'test', 'package', 'consumers', 'require.cjs');
  const result = spawnSync(process.execPath, [file], { encoding: 'utf8', timeout: 30_000 });
  t.equal(result.status, 0, result.stderr);
  t.equal(result.stderr, '', 'no warning');
  t.strictSame(JSON.parse(result.stdout), {
    exports: ['buildApp', 'createSimulator', 'load'],
    main: { code: 'USD', iso: 'USD', sign: '$', id: 0, decimal: '2', format: '1,234.56', rate: 1 },
    notFound: 'Invoice 9 not found',
  });
});
