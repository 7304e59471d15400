import t from 'tap';
import { categoryShown, kbArticleDetails, kbArticlesTagged, kbCategoryList } from '../../src/domain/knowledgebase.js';
import { ApiError } from '../../src/errors.js';
import { world } from '../helpers/world.js';

// 1 shown main category with a shown child 2 and a hidden child 3; 4 hidden main
// category with a visible child 5, which its parent hides; 6 a main category listed first.
const tree = () =>
  world({
    kb_categories: [
      { id: '1', sort_order: '2' },
      { id: '2', parent_cat: '1' },
      { id: '3', parent_cat: '1', visible: '0' },
      { id: '4', visible: '0' },
      { id: '5', parent_cat: '4' },
      { id: '6', sort_order: '1' },
    ],
    kb_articles: [
      { id: '1', cat_id: '2', tags: { 7: 'Billing' }, sort_order: '2' },
      { id: '2', cat_id: '1', tags: { 7: 'Billing', 8: 'dns' }, sort_order: '1' },
      { id: '3', cat_id: '3', tags: { 7: 'Billing' } },
      { id: '4', cat_id: '5', tags: { 7: 'Billing' } },
      { id: '5', cat_id: '6', tags: {} },
    ],
  });

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

t.test('a category is shown when it and every category above it are visible', async (t) => {
  const w = tree();
  t.strictSame(
    ['1', '2', '3', '4', '5', '6', '9'].map((id) => categoryShown(w, id)),
    [true, true, false, false, false, true, false],
  );
});

t.test("kbCategoryList: main categories, one category's children, or the whole shown tree, by sort_order then id", async (t) => {
  const w = tree();
  t.strictSame(ids(kbCategoryList(w, undefined, false)), ['6', '1']);
  t.strictSame(ids(kbCategoryList(w, '1', false)), ['2'], 'the hidden child left out');
  t.strictSame(ids(kbCategoryList(w, '4', false)), [], 'nothing under a hidden category');
  t.strictSame(ids(kbCategoryList(w, undefined, true)), ['6', '1', '2'], 'each main category followed by its own');
  t.throws(() => kbCategoryList(w, '9', false), new ApiError('Knowledgebase category 9 not found'));
  t.throws(() => kbCategoryList(w, '1', true), /exclude each other/);
});

t.test('kbArticlesTagged matches the tag name in any letter case, and leaves out articles nobody is shown', async (t) => {
  const w = tree();
  t.strictSame(ids(kbArticlesTagged(w, 'billing')), ['2', '1'], 'sort_order, then id; hidden categories left out');
  t.strictSame(kbArticlesTagged(w, 'DNS')[0].tags, { 7: 'Billing', 8: 'dns' });
  t.strictSame(kbArticlesTagged(w, 'nope'), []);
});

t.test("kbArticleDetails adds the one language's maps and answers no tags as PHP's []", async (t) => {
  const details = kbArticleDetails(tree().get('kb_articles', '5')!);
  t.strictSame(
    { tag_title: details.tag_title, tag_body: details.tag_body, tags: details.tags, tag_slug: details.tag_slug, mode: details.mode },
    { tag_title: { 1: 'Article' }, tag_body: { 1: '<p>Text</p>' }, tags: [], tag_slug: { 1: 'article' }, mode: { 1: 0 } },
  );
});
