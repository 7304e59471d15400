import t from 'tap';
import { api, assertError, assertSuccess, build, sameEverywhere } from '../../helpers/app.js';
import { read } from '../../helpers/reads.js';

t.test('getPredefinedReplies with cid 0 lists every category', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, 'getPredefinedReplies', { cid: '0' });
  t.strictSame(assertSuccess(t, body, 'getPredefinedReplies'), {
    category: {
      categories: [
        { id: '1', parent_cat: '0', name: 'Billing' },
        { id: '2', parent_cat: '0', name: 'Technical Support' },
        { id: '3', parent_cat: '0', name: 'Sales' },
        { id: '4', parent_cat: '1', name: 'Refunds' },
        { id: '5', parent_cat: '2', name: 'Email' },
        { id: '6', parent_cat: '2', name: 'DNS & Domains' },
      ],
    },
  });
});

t.test('getPredefinedReplies with a category id opens it: sub-categories and replies', async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, 'getPredefinedReplies', { cid: '2' });
  t.strictSame(assertSuccess(t, body, 'getPredefinedReplies'), {
    category: {
      id: '2',
      parent_cat: '0',
      name: 'Technical Support',
      categories: [
        { id: '5', parent_cat: '2', name: 'Email' },
        { id: '6', parent_cat: '2', name: 'DNS & Domains' },
      ],
      replies: [
        {
          id: '6',
          category_id: '2',
          name: 'Server reboot done',
          reply:
            'Hello,\r\n\r\nWe have rebooted your server and all services came back up normally. ' +
            'Please let us know if you still notice any problem.',
        },
      ],
    },
  });
});

t.test('getPredefinedReplies lists only the replies of the category itself, in stored order', async (t) => {
  const app = await build(t);
  const billing = await read(t, app, 'getPredefinedReplies', { cid: '1' });
  const category = billing.category as { categories: { id: string }[]; replies: { id: string; name: string }[] };
  t.strictSame(
    category.categories.map((c) => c.id),
    ['4'],
  );
  t.strictSame(
    category.replies.map((r) => [r.id, r.name]),
    [
      ['1', 'Payment received'],
      ['2', 'Invoice overdue reminder'],
      ['3', 'Change of billing currency'],
    ],
    'replies of the sub-category Refunds are not included',
  );
  const refunds = await read(t, app, 'getPredefinedReplies', { cid: '4' });
  t.strictSame((refunds.category as { categories: unknown[] }).categories, [], 'a leaf category has no sub-categories');
});

t.test('getPredefinedReplies rejects a missing, malformed or unknown cid', async (t) => {
  const app = await build(t);
  assertError(t, await api(app, 'getPredefinedReplies', {}), 'getPredefinedReplies', ['Parameter cid is required']);
  assertError(t, await api(app, 'getPredefinedReplies', { id: '1' }), 'getPredefinedReplies', ['Parameter cid is required']);
  for (const cid of ['abc', '-1', '01']) {
    assertError(t, await api(app, 'getPredefinedReplies', { cid }), 'getPredefinedReplies', [
      'Parameter cid must be 0 or a positive whole number id',
    ]);
  }
  assertError(t, await api(app, 'getPredefinedReplies', { cid: '99' }), 'getPredefinedReplies', ['Predefined reply category 99 not found']);
});
