// Which read calls `billsim drift` sends, and where the ids they need come
// from: the installation's own list answers, never guessed ids. A call it
// cannot send harmlessly or without a value it does not have says why.

/** A value read from a list call's answer: `field` of the rows under `rows` (a list, or an object keyed by id). */
export interface Source {
  call: string;
  params?: Readonly<Record<string, Param>>;
  /** Dotted path to the rows in the answer (`category.categories`). */
  rows: string;
  field: string;
}

/** A parameter: a fixed value, or the first value a Source finds. */
export type Param = string | Source;

const list = (call: string, rows: string, field = 'id', params?: Record<string, Param>): Source => ({ call, rows, field, params });

const CLIENT = list('getClients', 'clients');
const ACCOUNT = list('getAccounts', 'accounts');
const DOMAIN = list('getDomains', 'domains');
const ORDER_PAGE = list('getOrderPages', 'categories');
const PRODUCT = list('getProducts', 'products', 'id', { id: ORDER_PAGE });
const APP_GROUP = list('getAppGroups', 'servers');
const SERVER = list('getAppServers', 'servers', 'id', { group: APP_GROUP });

/** The parameters of each read call that needs some; a call not named here is sent without any. */
export const PARAMS: Readonly<Record<string, Readonly<Record<string, Param>>>> = {
  domainCheck: { domain: list('getDomains', 'domains', 'name') },
  getAccountAddons: { id: ACCOUNT },
  getAccountDetails: { id: ACCOUNT },
  getAddonDetails: { id: list('getAddons', 'addons') },
  getAppServers: { group: APP_GROUP },
  getClientAccess: { id: CLIENT },
  getClientAccounts: { id: CLIENT },
  getClientContact: { id: list('getClientContacts', 'contacts', 'id', { id: CLIENT }) },
  getClientContacts: { id: CLIENT },
  getClientCreditLog: { id: CLIENT },
  getClientDetails: { id: CLIENT },
  getClientDomains: { id: CLIENT },
  getClientDraftOrders: { client_id: CLIENT },
  getClientEmails: { id: CLIENT },
  getClientFiles: { client_id: CLIENT },
  getClientInvoices: { id: CLIENT },
  getClientOrders: { id: CLIENT },
  getClientStats: { id: CLIENT },
  getClientTickets: { id: CLIENT },
  getClientTransactions: { id: CLIENT },
  getDomainDetails: { id: DOMAIN },
  getEstimateDetails: { id: list('getEstimates', 'estimates') },
  getInvoiceDetails: { id: list('getInvoices', 'invoices') },
  // One invoice: without a selection the call renders every invoice of the installation.
  getInvoicesPDF: { 'invoices[0]': list('getInvoices', 'invoices') },
  getNewsItem: { id: list('getNews', 'news') },
  getOrderDetails: { id: list('getOrders', 'orders') },
  getOrderDraft: { id: list('getClientDraftOrders', 'orders', 'id', { client_id: CLIENT }) },
  getOtherPopularProducts: { product_ids: PRODUCT },
  // cid 0 is the published shape (every category); billsim's answer for one category is its own choice.
  getPredefinedReplies: { cid: '0' },
  getPredefinedReply: { id: list('getPopularPredefinedReplies', 'replies') },
  getProductApplicableAddons: { id: PRODUCT },
  getProductDetails: { id: PRODUCT },
  getProducts: { id: ORDER_PAGE },
  getProductUpgrades: { id: PRODUCT },
  getServerDetails: { id: SERVER },
  getSubCategories: { id: ORDER_PAGE },
  // Tickets are read by their number: the id is refused.
  getTicketDetails: { id: list('getTickets', 'tickets', 'ticket_number') },
  getTransactionDetails: { id: list('getTransactions', 'transactions') },
  meteredGetUsage: { account_id: ACCOUNT },
  meteredGetVariables: { product_id: PRODUCT },
  searchServiceByIP: { ip: list('getAppServers', 'servers', 'ip', { group: APP_GROUP }) },
  searchServiceByIPLimited: { ip: list('getAppServers', 'servers', 'ip', { group: APP_GROUP }) },
};

/** Read calls drift does not send, and why. */
export const NOT_SENT: Readonly<Record<string, string>> = {
  accountModuleSSO: "it opens a sign-on session on the account's server",
  getKBArticle: "no list call names the installation's article ids",
  getKBArticlesByTags: 'it needs a tag, which no list call names',
  verifyAdminLogin: 'it needs a password (and a wrong one counts as a failed login)',
  verifyClientLogin: 'it needs a password (and a wrong one counts as a failed login)',
};

/** The reason for calls whose every answer in billsim is an error (AnswerShape.alwaysRefused). */
export const REFUSED_BY_BILLSIM = "billsim answers it with an error: what it reaches is each installation's own";
