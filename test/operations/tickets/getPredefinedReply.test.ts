import t from 'tap';
import { api, build, storeJson, SERVER_TIME } from '../../helpers/app.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';

const CALL = 'getPredefinedReply';

t.test('getPredefinedReply answers the bare text, as published', async (t) => {
  const app = await build(t);
  const before = storeJson(app);
  const body = await api(app, CALL, { id: '3' });
  const text =
    'Hello,\r\n\r\nThe billing currency of an account can only be changed when there are no unpaid invoices. We have switched your account; upcoming invoices will be issued in the new currency.';
  t.strictSame(body, { success: true, reply: text, call: CALL, server_time: SERVER_TIME });
  t.strictSame(Object.keys(body), ['success', 'reply', 'call', 'server_time'], 'keys in the published order');
  t.equal(storeJson(app), before, 'reading a reply is not a use of it');
  t.strictSame(await readEverywhere(t, app, CALL, { id: '3' }), { reply: text }, 'alike through every encoding');
  const category = (await read(t, app, 'getPredefinedReplies', { cid: '1' })).category as { replies: Array<{ id: string; reply: string }> };
  t.equal(category.replies.find((r) => r.id === '3')?.reply, text, 'the text getPredefinedReplies lists');
});

refusals('getPredefinedReply refusals', CALL, idRefusals('Predefined reply', 'one'));
