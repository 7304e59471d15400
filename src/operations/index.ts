// The registry: one entry per call, named exactly as the call. Each module's
// default export is its operation; its schema is schemas/operations/<call>.json.
import type { AnyOperation } from './operation.js';
import getClientAccounts from './getClientAccounts.js';
import getClientDomains from './getClientDomains.js';
import getCurrencies from './getCurrencies.js';
import getDomainDetails from './getDomainDetails.js';
import getInvoiceDetails from './getInvoiceDetails.js';
import getNewsItem from './getNewsItem.js';
import getOrderDraft from './getOrderDraft.js';
import getOrderPages from './getOrderPages.js';
import getOtherPopularProducts from './getOtherPopularProducts.js';
import getPredefinedReplies from './getPredefinedReplies.js';
import getProducts from './getProducts.js';
import getSubCategories from './getSubCategories.js';
import getTransactions from './getTransactions.js';

export const operations: Readonly<Record<string, AnyOperation>> = {
  getClientAccounts,
  getClientDomains,
  getCurrencies,
  getDomainDetails,
  getInvoiceDetails,
  getNewsItem,
  getOrderDraft,
  getOrderPages,
  getOtherPopularProducts,
  getPredefinedReplies,
  getProducts,
  getSubCategories,
  getTransactions,
};
