// The registry: one entry per call, named exactly as the call. Each module's
// default export is its operation; its schema is schemas/operations/<section>/<call>.json.
import type { AnyOperation } from './operation.js';
import addAddonToAccount from './accounts/addAddonToAccount.js';
import addClient from './clients/addClient.js';
import addClientContact from './clients/addClientContact.js';
import bulkAddProducts from './services/bulkAddProducts.js';
import deleteClient from './clients/deleteClient.js';
import deleteClientContact from './clients/deleteClientContact.js';
import editEstimateDetails from './estimates/editEstimateDetails.js';
import editOrderDraftItem from './orders/editOrderDraftItem.js';
import getAccountAddons from './accounts/getAccountAddons.js';
import getAccountDetails from './accounts/getAccountDetails.js';
import getAccounts from './accounts/getAccounts.js';
import getAddons from './services/getAddons.js';
import getClientAccounts from './clients/getClientAccounts.js';
import getClientContacts from './clients/getClientContacts.js';
import getClientDetails from './clients/getClientDetails.js';
import getClientDomains from './clients/getClientDomains.js';
import getClients from './clients/getClients.js';
import getCurrencies from './misc/getCurrencies.js';
import getDomainDetails from './domains/getDomainDetails.js';
import getEstimateDetails from './estimates/getEstimateDetails.js';
import getEstimates from './estimates/getEstimates.js';
import getHostBillversion from './misc/getHostBillversion.js';
import getInvoiceDetails from './invoices/getInvoiceDetails.js';
import getInvoices from './invoices/getInvoices.js';
import getNews from './misc/getNews.js';
import getNewsItem from './misc/getNewsItem.js';
import getOrderDraft from './orders/getOrderDraft.js';
import getOrderPages from './services/getOrderPages.js';
import getOtherPopularProducts from './services/getOtherPopularProducts.js';
import getPredefinedReplies from './tickets/getPredefinedReplies.js';
import getProductDetails from './services/getProductDetails.js';
import getProducts from './services/getProducts.js';
import getSubCategories from './services/getSubCategories.js';
import getTransactions from './invoices/getTransactions.js';
import removeOrderDraftItem from './orders/removeOrderDraftItem.js';
import setClientDetails from './clients/setClientDetails.js';
import setContactDetails from './clients/setContactDetails.js';
import tokenizeClientCard from './clients/tokenizeClientCard.js';
import verifyAdminLogin from './misc/verifyAdminLogin.js';
import verifyClientLogin from './clients/verifyClientLogin.js';

export const operations: Readonly<Record<string, AnyOperation>> = {
  addAddonToAccount,
  addClient,
  addClientContact,
  bulkAddProducts,
  deleteClient,
  deleteClientContact,
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
  setClientDetails,
  setContactDetails,
  tokenizeClientCard,
  verifyAdminLogin,
  verifyClientLogin,
};
