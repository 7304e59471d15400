// The catalogue walk: which read calls give which collections. Calls that
// depend on an earlier answer (a page's products, a product's details) start
// as soon as that answer is in; the reader bounds how many run at once.
import type { Reader, Row } from './types.js';
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

/** How many records a page of getNews asks for (the most the API takes). */
const NEWS_PAGE = 1000;

async function orderPages(reader: Reader): Promise<{ pages: Row[]; products: Row[]; forms: Row[] }> {
  const top = listOf((await reader.read('getOrderPages'))?.categories);
  const pages: Row[] = [];
  // Depth-first, each page before its sub-pages, as an admin lists them.
  const visit = async (item: Row, isTop: boolean): Promise<Row[]> => {
    const subs = listOf((await reader.read('getSubCategories', { id: String(item.id) }))?.subcategories);
    const own = isTop ? topPage(item, subs.length > 0) : subPage(item);
    const below = await Promise.all(subs.map((sub) => visit(sub, false)));
    return [own, ...below.flat()];
  };
  for (const found of await Promise.all(top.map((item) => visit(item, true)))) pages.push(...found);
  const lists = await Promise.all(pages.map((page) => reader.read('getProducts', { id: String(page.id) })));
  const ids = lists.flatMap((answer) => listOf(answer?.products).map((p) => String(p.id)));
  const details = await Promise.all(ids.map((id) => reader.read('getProductDetails', { id })));
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
  const ids: string[] = [];
  for (let page = 0; ; page++) {
    const answer = await reader.read('getNews', { page: String(page), perpage: String(NEWS_PAGE) });
    const items = listOf(answer?.news);
    ids.push(...items.map((n) => String(n.id)));
    const pages = Number((answer?.sorter as Row | undefined)?.totalpages ?? 0);
    if (items.length === 0 || page + 1 >= pages) break;
  }
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
