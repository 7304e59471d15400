// The fingerprint that lets every test run refuse stale generated files
// (scripts/schemas-fingerprint.ts): it names the schemas as they are now.
import fs from 'node:fs';
import t from 'tap';
import { FINGERPRINT_FILE, schemasFingerprint, staleGenerated } from '../../scripts/schemas-fingerprint.js';

t.test('the committed fingerprint is the one of schemas/ as it is, so nothing is stale', async (t) => {
  const now = schemasFingerprint();
  t.match(now, /^[0-9a-f]{64}$/);
  t.equal(fs.readFileSync(FINGERPRINT_FILE, 'utf8'), `${now}\n`);
  t.equal(staleGenerated(), undefined);
  t.equal(schemasFingerprint(), now, 'the same files give the same fingerprint');
});
