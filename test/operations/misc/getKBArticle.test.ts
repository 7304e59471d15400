import t from 'tap';
import { build } from '../../helpers/app.js';
import { idRefusals, refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { keyOrder } from '../../helpers/shapes.js';

const BODY =
  '<p>Open Your Profile &gt; Contacts in the client area and click Add contact. A contact logs in with its own email address and password.</p>' +
  '<p>Tick only the permissions the person needs: Billing lets them receive invoice emails, view and pay invoices, place orders, see the account ' +
  'balance, add funds or manage the card on file; Support lets them open, view and close tickets; the last group covers editing the main ' +
  "profile, the email history, security settings, other contacts and the affiliate section. You can change a contact's permissions at any time.</p>";
const TITLE = 'Adding contacts to your account and choosing what they may do';
const SLUG = 'adding-contacts-to-your-account-and-choosing-what-they-may-do';

t.test('getKBArticle answers the article in the published shape and key order', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getKBArticle', { id: '2' });
  t.strictSame(result, {
    article: {
      id: '2',
      language_id: '1',
      cat_id: '1',
      title: TITLE,
      body: BODY,
      registered: '0',
      options: '0',
      sort_order: '2',
      views: '187',
      slug: SLUG,
      upvotes: '9',
      downvotes: '0',
      tag_title: { 1: TITLE },
      tag_body: { 1: BODY },
      tags: { 3: 'account' },
      tag_slug: { 1: SLUG },
      mode: { 1: 0 },
    },
  });
  keyOrder(
    t,
    result.article,
    'id language_id cat_id title body registered options sort_order views slug upvotes downvotes tag_title tag_body tags tag_slug mode',
  );
});

t.test('getKBArticle answers a registered-only article, and one in a hidden category, with their flags', async (t) => {
  const app = await build(t);
  const ssh = (await read(t, app, 'getKBArticle', { id: '11' })).article as Record<string, unknown>;
  t.match(ssh, { title: 'Connecting to your VPS with SSH', registered: '1', cat_id: '5', tags: { 10: 'vps' } });
  const staff = (await read(t, app, 'getKBArticle', { id: '13' })).article as Record<string, unknown>;
  t.match(staff, { title: 'Handling a refund request', cat_id: '8', tags: { 4: 'billing', 12: 'refunds' } });
});

refusals('getKBArticle rejects a missing, malformed or unknown id', 'getKBArticle', idRefusals('Knowledgebase article', 'one'));
