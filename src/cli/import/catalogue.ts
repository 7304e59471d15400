// The catalogue walk: which read calls give which collections. Calls that
// depend on an earlier answer (a page's products, a product's details) start
// as soon as that answer is in; the reader bounds how many run at once and in
// all, and no record is read twice, so no answer can make the walk endless.
import type { Reader, Row } from './types.js';
import { allPages, idOf } from './pages.js';
import {
  addonOf,
  currenciesOf,
  deptOf,
  gatewaysOf,
  listOf,
  newsOf,
  productFormsOf,
  productOf,
  replyCategoryOf,
  repliesOf,
  subPage,
  topPage,
} from './records.js';

export type Catalogue = Record<string, Row[]>;

/** A page of the order-page tree: the item that lists it, and the sub-pages it alone lists. */
interface PageNode {
  item: Row;
  isTop: boolean;
  subs: PageNode[];
}

/**
 * The order pages, each page once: getSubCategories of every page, a level at
 * a time (the calls of one level in flight together), a sub-page listed again
 * (under itself, an ancestor or a second parent) kept where it was first
 * listed, so a tree that lists itself ends. Written depth-first, each page
 * before its sub-pages, as an admin lists them.
 */
async function pageTree(reader: Reader): Promise<Row[]> {
  const seen = new Set<string>();
  const repeated: string[] = [];
  const firstSeen = (items: Row[], under?: Row): Row[] =>
    items.filter((item) => {
      const id = idOf(item) ?? '';
      if (!seen.has(id)) return seen.add(id);
      if (under) repeated.push(`page ${id} under page ${idOf(under)}`);
      return false;
    });
  const roots: PageNode[] = firstSeen(listOf((await reader.read('getOrderPages'))?.categories)).map((item) => ({
    item,
    isTop: true,
    subs: [],
  }));
  for (let level = roots; level.length > 0; ) {
    const answers = await Promise.all(level.map((node) => reader.read('getSubCategories', { id: String(node.item.id) })));
    level = level.flatMap((node, i) => {
      node.subs = firstSeen(listOf(answers[i]?.subcategories), node.item).map((item) => ({ item, isTop: false, subs: [] }));
      return node.subs;
    });
  }
  if (repeated.length > 0) {
    const shown = repeated.slice(0, 3).join(', ') + (repeated.length > 3 ? `, and ${repeated.length - 3} more` : '');
    reader.warnings.push(`getSubCategories listed order pages already read (${shown}): each page was read once`);
  }
  const pages: Row[] = [];
  // Depth-first without recursion: a tree may be as deep as the request cap.
  const stack = [...roots].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    pages.push(node.isTop ? topPage(node.item, node.subs.length > 0) : subPage(node.item));
    stack.push(...[...node.subs].reverse());
  }
  return pages;
}

async function orderPages(reader: Reader): Promise<{ pages: Row[]; products: Row[]; forms: Row[] }> {
  const pages = await pageTree(reader);
  const lists = await Promise.all(pages.map((page) => reader.read('getProducts', { id: String(page.id) })));
  // A product on two pages is read once.
  const ids = new Set(lists.flatMap((answer) => listOf(answer?.products).flatMap((p) => idOf(p) ?? [])));
  const details = await Promise.all([...ids].map((id) => reader.read('getProductDetails', { id })));
  const found = details.map((answer) => answer?.product as Row | undefined).filter((p): p is Row => p !== undefined);
  return { pages, products: found.map(productOf), forms: found.flatMap(productFormsOf) };
}

async function replies(reader: Reader): Promise<{ categories: Row[]; replies: Row[] }> {
  const all = (await reader.read('getPredefinedReplies', { cid: '0' }))?.category as Row | undefined;
  const categories = listOf(all?.categories).map(replyCategoryOf);
  const [opened, popular] = await Promise.all([
    Promise.all(categories.map((c) => reader.read('getPredefinedReplies', { cid: String(c.id) }))),
    reader.read('getPopularPredefinedReplies'),
  ]);
  const items = opened.flatMap((answer) => listOf((answer?.category as Row | undefined)?.replies));
  return { categories, replies: repliesOf(items, listOf(popular?.replies)) };
}

async function news(reader: Reader): Promise<Row[]> {
  const ids = (await allPages(reader, 'getNews', {}, 'news')).flatMap((item) => idOf(item) ?? []);
  const items = await Promise.all(ids.map((id) => reader.read('getNewsItem', { id })));
  // Stored oldest first, as the bundled world keeps them; getNews sorts by date itself.
  return items
    .map((a) => a?.newsitem as Row | undefined)
    .filter((n): n is Row => n !== undefined)
    .map(newsOf)
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * Every catalogue collection the installation shows; a collection whose call
 * was skipped is absent (the caller keeps billsim's own for it). `bundled` is
 * the bundled world, for what no answer shows.
 */
export async function readCatalogue(reader: Reader, bundled: Record<string, Row[]>): Promise<Catalogue> {
  const [pages, currencies, gateways, addons, depts, replyData, newsItems] = await Promise.all([
    orderPages(reader),
    reader.read('getCurrencies'),
    reader.read('getPaymentModules'),
    reader.read('getAddons'),
    reader.read('getTicketDepts'),
    replies(reader),
    news(reader),
  ]);
  const out: Catalogue = {};
  if (!reader.skipped.has('getOrderPages')) {
    out.order_pages = pages.pages;
    if (!reader.skipped.has('getProducts') && !reader.skipped.has('getProductDetails')) {
      out.products = pages.products;
      out.product_forms = pages.forms;
    }
  }
  const main = bundled.currencies.find((c) => c.id === '0') ?? bundled.currencies[0];
  if (currencies) out.currencies = currenciesOf(currencies, main);
  if (gateways) out.gateways = gatewaysOf(gateways, bundled.gateways);
  if (addons) out.addons = listOf(addons.addons).map(addonOf);
  if (depts) out.ticket_depts = listOf(depts.depts).map(deptOf);
  if (!reader.skipped.has('getPredefinedReplies')) {
    out.reply_categories = replyData.categories;
    out.predefined_replies = replyData.replies;
  }
  if (!reader.skipped.has('getNews') && !reader.skipped.has('getNewsItem')) out.news = newsItems;
  return out;
}
