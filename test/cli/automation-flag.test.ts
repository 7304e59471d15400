// --no-automation and BILLSIM_AUTOMATION: the flag wins, the variable takes 1/0 or true/false, anything else is a usage error.
import t from 'tap';
import { parseCli, UsageError } from '../../src/cli/options.js';

t.test('the daily automation is on unless --no-automation or BILLSIM_AUTOMATION=0 says otherwise', async (t) => {
  t.equal(parseCli([], {}).automation, true);
  t.equal(parseCli(['--no-automation'], {}).automation, false);
  t.equal(parseCli([], { BILLSIM_AUTOMATION: '0' }).automation, false);
  t.equal(parseCli([], { BILLSIM_AUTOMATION: 'false' }).automation, false);
  t.equal(parseCli([], { BILLSIM_AUTOMATION: '1' }).automation, true);
  t.equal(parseCli(['--no-automation'], { BILLSIM_AUTOMATION: '1' }).automation, false, 'the flag wins');
  t.throws(() => parseCli([], { BILLSIM_AUTOMATION: 'off' }), new UsageError('BILLSIM_AUTOMATION must be 1 or 0, got "off"'));
});
