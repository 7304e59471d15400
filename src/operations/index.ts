// The registry: one entry per call, named exactly as the call. Each module's
// default export is its operation; its schema is schemas/operations/<call>.json.
import type { AnyOperation } from './operation.js';
import addAddonToAccount from './addAddonToAccount.js';
import addClientContact from './addClientContact.js';
import bulkAddProducts from './bulkAddProducts.js';
import editEstimateDetails from './editEstimateDetails.js';
import editOrderDraftItem from './editOrderDraftItem.js';
import getAccountAddons from './getAccountAddons.js';
import getAccountDetails from './getAccountDetails.js';
import getAccounts from './getAccounts.js';
import getAddons from './getAddons.js';
import getClientAccounts from './getClientAccounts.js';
import getClientContacts from './getClientContacts.js';
import getClientDetails from './getClientDetails.js';
import getClientDomains from './getClientDomains.js';
import getClients from './getClients.js';
import getCurrencies from './getCurrencies.js';
import getDomainDetails from './getDomainDetails.js';
import getEstimateDetails from './getEstimateDetails.js';
import getEstimates from './getEstimates.js';
import getHostBillversion from './getHostBillversion.js';
import getInvoiceDetails from './getInvoiceDetails.js';
import getInvoices from './getInvoices.js';
import getNews from './getNews.js';
import getNewsItem from './getNewsItem.js';
import getOrderDraft from './getOrderDraft.js';
import getOrderPages from './getOrderPages.js';
import getOtherPopularProducts from './getOtherPopularProducts.js';
import getPredefinedReplies from './getPredefinedReplies.js';
import getProductDetails from './getProductDetails.js';
import getProducts from './getProducts.js';
import getSubCategories from './getSubCategories.js';
import getTransactions from './getTransactions.js';
import removeOrderDraftItem from './removeOrderDraftItem.js';
import tokenizeClientCard from './tokenizeClientCard.js';
import verifyAdminLogin from './verifyAdminLogin.js';

export const operations: Readonly<Record<string, AnyOperation>> = {
  addAddonToAccount,
  addClientContact,
  bulkAddProducts,
  editEstimateDetails,
  editOrderDraftItem,
  getAccountAddons,
  getAccountDetails,
  getAccounts,
  getAddons,
  getClientAccounts,
  getClientContacts,
  getClientDetails,
  getClientDomains,
  getClients,
  getCurrencies,
  getDomainDetails,
  getEstimateDetails,
  getEstimates,
  getHostBillversion,
  getInvoiceDetails,
  getInvoices,
  getNews,
  getNewsItem,
  getOrderDraft,
  getOrderPages,
  getOtherPopularProducts,
  getPredefinedReplies,
  getProductDetails,
  getProducts,
  getSubCategories,
  getTransactions,
  removeOrderDraftItem,
  tokenizeClientCard,
  verifyAdminLogin,
};
