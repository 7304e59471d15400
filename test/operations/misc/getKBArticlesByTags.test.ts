import t from 'tap';
import { build } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';
import { keyOrder } from '../../helpers/shapes.js';

type Item = { id: string; category_id: string; tags: unknown };

t.test('getKBArticlesByTags lists the articles carrying a tag in the published item shape', async (t) => {
  const app = await build(t);
  const { articles } = (await readEverywhere(t, app, 'getKBArticlesByTags', { tag: 'dns' })) as { articles: Item[] };
  t.strictSame(articles, [
    {
      id: '8',
      category_id: '7',
      title: "Changing your domain's nameservers",
      body:
        '<p>Open the domain in the client area and choose Nameservers. Enter at least two nameservers and save.</p>' +
        '<p>Most resolvers pick up the change within an hour, but it can take up to 24 hours everywhere. Until then some visitors still reach the old servers.</p>',
      views: '276',
      upvotes: '11',
      downvotes: '2',
      tags: { 6: 'domains', 8: 'dns' },
    },
  ]);
  keyOrder(t, articles[0], 'id category_id title body views upvotes downvotes tags');
});

t.test('getKBArticlesByTags matches the name in any case, in sort order, without the hidden staff article', async (t) => {
  const app = await build(t);
  const billing = ((await read(t, app, 'getKBArticlesByTags', { tag: 'BILLING' })).articles as Item[]).map((a) => [a.id, a.category_id]);
  t.strictSame(
    billing,
    [
      ['3', '2'],
      ['4', '2'],
      ['5', '2'],
    ],
    'article 13 of the hidden category is left out',
  );
  const vps = ((await read(t, app, 'getKBArticlesByTags', { tag: 'vps' })).articles as Item[]).map((a) => a.id);
  t.strictSame(vps, ['11', '12'], 'a registered-only article is listed');
  t.strictSame(await read(t, app, 'getKBArticlesByTags', { tag: 'refunds' }), { articles: [] }, 'only a hidden article has it');
  t.strictSame(await read(t, app, 'getKBArticlesByTags', { tag: 'wordpress' }), { articles: [] }, 'a tag nobody uses');
});

refusals('getKBArticlesByTags needs a tag', 'getKBArticlesByTags', [
  [{}, 'Parameter tag is required'],
  [{ tag: '' }, 'Parameter tag must be a non-empty text'],
]);
