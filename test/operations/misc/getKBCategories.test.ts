import t from 'tap';
import { build } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';
import { read, readEverywhere } from '../../helpers/reads.js';

const GETTING_STARTED = {
  id: '1',
  parent_cat: '0',
  name: 'Getting Started',
  description: 'Ordering a plan, your client area and the people who share it',
};
const BILLING = {
  id: '2',
  parent_cat: '0',
  name: 'Billing & Payments',
  description: 'Invoices, renewals, payment methods and account credit',
};
const DOMAINS = { id: '3', parent_cat: '0', name: 'Domains', description: 'Registering, transferring and renewing domain names' };
const HOSTING = { id: '4', parent_cat: '0', name: 'Web Hosting', description: 'Shared hosting plans, PHP and website settings' };
const VPS = { id: '5', parent_cat: '0', name: 'VPS & Cloud', description: 'Virtual servers in Dallas, Frankfurt, Amsterdam and New York' };
const EMAIL = { id: '6', parent_cat: '4', name: 'Email', description: 'Mailboxes, forwarders and mail app settings' };
const DNS = { id: '7', parent_cat: '3', name: 'DNS & Nameservers', description: 'Pointing a domain at your hosting or elsewhere' };

t.test('getKBCategories lists the main categories in the published doubly nested shape', async (t) => {
  const app = await build(t);
  const result = await readEverywhere(t, app, 'getKBCategories');
  t.strictSame(
    result,
    { categories: { categories: [GETTING_STARTED, BILLING, DOMAINS, HOSTING, VPS] } },
    'the hidden staff category is left out',
  );
  t.strictSame(Object.keys(GETTING_STARTED), ['id', 'parent_cat', 'name', 'description']);
  t.strictSame(await read(t, app, 'getKBCategories', { brand_id: '1' }), result, 'brand_id changes nothing without the multibrand module');
});

t.test('getKBCategories with_subcategories=1 lists every shown category, each main one followed by its own', async (t) => {
  const app = await build(t);
  t.strictSame(await readEverywhere(t, app, 'getKBCategories', { with_subcategories: '1' }), {
    categories: { categories: [GETTING_STARTED, BILLING, DOMAINS, DNS, HOSTING, EMAIL, VPS] },
  });
  t.strictSame(await read(t, app, 'getKBCategories', { with_subcategories: '0' }), {
    categories: { categories: [GETTING_STARTED, BILLING, DOMAINS, HOSTING, VPS] },
  });
});

t.test('getKBCategories cid lists the sub-categories of one category, none under a hidden one', async (t) => {
  const app = await build(t);
  t.strictSame(await read(t, app, 'getKBCategories', { cid: '3' }), { categories: { categories: [DNS] } });
  t.strictSame(
    await read(t, app, 'getKBCategories', { cid: '7' }),
    { categories: { categories: [] } },
    'a category without sub-categories',
  );
  t.strictSame(await read(t, app, 'getKBCategories', { cid: '8' }), { categories: { categories: [] } }, 'the hidden staff category');
});

refusals('getKBCategories refusals', 'getKBCategories', [
  [{ cid: '99' }, 'Knowledgebase category 99 not found'],
  [{ cid: 'dns' }, 'Parameter cid must be a positive whole number id, such as 1'],
  [{ with_subcategories: 'maybe' }, 'Parameter with_subcategories must be one of: 0, 1'],
  [
    { cid: '3', with_subcategories: '1' },
    "Parameters cid and with_subcategories exclude each other: give cid for one category's sub-categories, or with_subcategories=1 for every category",
  ],
]);
