// The knowledge base a help centre shows: categories in a tree (parent_cat "0"
// is a main one), articles in categories, tags by name. A hidden category
// (visible "0") is kept out of the lists with everything under it; the admin
// API still answers any article by id; the customer's door does not.
import { fail, messages, notFound } from '../errors.js';
import type { View } from '../store/world.js';
import type { KbArticle, KbArticleDetails, KbArticleItem, KbCategory, KbCategoryItem, KbTags } from '../generated/wire.js';

const MAIN_CATEGORY = '0';

/** sort_order, then id: the order every knowledge base list keeps. */
function bySortOrder<T extends { id: string; sort_order: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => Number(a.sort_order) - Number(b.sort_order) || Number(a.id) - Number(b.id));
}

export function requireKbCategory(world: View, id: string): KbCategory {
  return world.get('kb_categories', id) ?? notFound('Knowledgebase category', id);
}

export function requireKbArticle(world: View, id: string): KbArticle {
  return world.get('kb_articles', id) ?? notFound('Knowledgebase article', id);
}

/** Whether clients see category `id`: it and every category above it are visible. */
export function categoryShown(world: View, id: string): boolean {
  const seen = new Set<string>();
  for (let at = world.get('kb_categories', id); at; at = world.get('kb_categories', at.parent_cat)) {
    if (at.visible !== '1' || seen.has(at.id)) return false;
    seen.add(at.id);
    if (at.parent_cat === MAIN_CATEGORY) return true;
  }
  return false;
}

/** The shown direct sub-categories of `parentId` ("0": the main categories), in list order. */
function shownChildren(world: View, parentId: string): KbCategory[] {
  if (parentId !== MAIN_CATEGORY && !categoryShown(world, parentId)) return [];
  return bySortOrder(world.where('kb_categories', 'parent_cat', parentId)).filter((c) => c.visible === '1');
}

/** Each shown category under `parentId`, every one followed by its own sub-categories. */
function shownTree(world: View, parentId: string): KbCategory[] {
  return shownChildren(world, parentId).flatMap((c) => [c, ...shownTree(world, c.id)]);
}

const categoryItem = ({ id, parent_cat, name, description }: KbCategory): KbCategoryItem => ({ id, parent_cat, name, description });

/**
 * What getKBCategories lists: the main categories, the sub-categories of `cid`,
 * or with `withSubcategories` the whole shown tree. The vendor says not to use
 * the two together, and billsim refuses it rather than guess which was meant.
 */
export function kbCategoryList(world: View, cid: string | undefined, withSubcategories: boolean): KbCategoryItem[] {
  if (cid !== undefined && withSubcategories) fail(messages.kbCidWithSubcategories());
  if (cid !== undefined) return shownChildren(world, requireKbCategory(world, cid).id).map(categoryItem);
  return (withSubcategories ? shownTree(world, MAIN_CATEGORY) : shownChildren(world, MAIN_CATEGORY)).map(categoryItem);
}

/** An article's tags as answered: PHP's [] when it has none. */
function wireTags(tags: KbTags): KbTags | [] {
  return Object.keys(tags).length > 0 ? { ...tags } : [];
}

/** An article as getKBArticle answers it: its fields, then its one language's maps in the published order. */
export function kbArticleDetails(article: KbArticle): KbArticleDetails {
  const { id, language_id, cat_id, title, body, registered, options, sort_order, views, slug, upvotes, downvotes, tags } = article;
  return {
    id,
    language_id,
    cat_id,
    title,
    body,
    registered,
    options,
    sort_order,
    views,
    slug,
    upvotes,
    downvotes,
    tag_title: { [language_id]: title },
    tag_body: { [language_id]: body },
    tags: wireTags(tags),
    tag_slug: { [language_id]: slug },
    mode: { [language_id]: 0 },
  };
}

/** An article as getKBArticlesByTags lists it (and the customer's door lists a category's articles). */
function kbArticleItem({ id, cat_id, title, body, views, upvotes, downvotes, tags }: KbArticle): KbArticleItem {
  return { id, category_id: cat_id, title, body, views, upvotes, downvotes, tags: wireTags(tags) };
}

/** The shown articles tagged `tag` (by name, whatever its letter case), as getKBArticlesByTags lists them. */
export function kbArticlesTagged(world: View, tag: string): KbArticleItem[] {
  const name = tag.toLowerCase();
  const tagged = world.all('kb_articles').filter((a) => Object.values(a.tags).some((t) => t.toLowerCase() === name));
  return bySortOrder(tagged.filter((a) => categoryShown(world, a.cat_id))).map(kbArticleItem);
}

// What a client sees of the knowledge base (the customer's door): shown
// categories only, and an article marked `registered` only once logged in.

/** Whether a client sees the article: its category is shown, and it is for everyone or the client has logged in. */
export function articleShown(world: View, article: KbArticle, signedIn: boolean): boolean {
  return (article.registered !== '1' || signedIn) && categoryShown(world, article.cat_id);
}

/** Every shown category, each main one followed by its sub-categories. */
export function shownKbCategories(world: View): KbCategoryItem[] {
  return shownTree(world, MAIN_CATEGORY).map(categoryItem);
}

/** A shown category with its shown sub-categories and the articles the client sees in it; undefined for one not shown. */
export function shownKbCategory(world: View, id: string, signedIn: boolean) {
  const category = world.get('kb_categories', id);
  if (!category || !categoryShown(world, id)) return undefined;
  const articles = bySortOrder(world.where('kb_articles', 'cat_id', id)).filter((a) => a.registered !== '1' || signedIn);
  return {
    category: categoryItem(category),
    categories: shownChildren(world, id).map(categoryItem),
    articles: articles.map(kbArticleItem),
  };
}
