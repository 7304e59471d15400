// One realistic request per call against the bundled world. The one list for
// the call reference's curl lines (scripts/readme-calls.ts) and the docs page:
// `npm run gen:examples` runs each against the bundled world at EXAMPLE_NOW and
// records the answers in examples/answers.json, which the OpenAPI document
// shows as each call's parameter and response examples.
import fs from 'node:fs';
import path from 'node:path';
import { packageRoot } from './paths.js';

/** The frozen clock the answers are recorded at (the tests' moment). */
export const EXAMPLE_NOW = new Date('2026-11-20T12:00:00Z');
export const EXAMPLE_ANSWERS_FILE = path.join(packageRoot, 'examples', 'answers.json');

/** A call's example request (its own parameters, as a query string) and the answer it got. */
export interface RecordedExample {
  query: string;
  answer: Record<string, unknown>;
}

/** The recorded examples by call; none when the file is missing (it is shipped with the package). */
export function recordedExamples(): Record<string, RecordedExample> {
  if (!fs.existsSync(EXAMPLE_ANSWERS_FILE)) return {};
  return JSON.parse(fs.readFileSync(EXAMPLE_ANSWERS_FILE, 'utf8')) as Record<string, RecordedExample>;
}

export const EXAMPLES: Record<string, string> = {
  getCurrencies: '',
  getOrderPages: '',
  getSubCategories: 'id=1',
  getProducts: 'id=1&currency_id=1',
  getOtherPopularProducts: 'product_ids[]=1&limit=3',
  getInvoiceDetails: 'id=1',
  getDomainDetails: 'id=1',
  domainRegister: 'id=8',
  domainTransfer: 'id=9',
  domainRenew: 'id=1',
  domainEPP: 'id=1',
  domainDelete: 'id=7',
  domainDeleteHB: 'id=8',
  getClientAccounts: 'id=1',
  getClientDomains: 'id=1',
  getDomains: 'list=active&filter[module]=Enom',
  domainCheck: 'domain=google.com',
  getTransactions: 'client_id=1&page=0',
  getNewsItem: 'id=1',
  getPredefinedReplies: 'cid=0',
  getOrderDraft: 'id=1',
  tokenizeClientCard: 'client_id=1&gateway_id=2&token=tok_4242&lastfour=1111&expdate=0829',
  editEstimateDetails: 'id=1&subject=Migration&newitem[0][description]=Extra%20hour&newitem[0][amount]=45.00',
  editOrderDraftItem: 'id=1&service=1&cycle=a',
  removeOrderDraftItem: 'id=1&domain=1',
  createOrderDraft: 'client_id=1',
  addOrderDraftItem: 'id=1&prod_type=service&product=17&cycle=m&addons[2][qty]=1',
  editOrderDraft: 'id=1&module=3&invoice_info=0',
  removeOrderDraft: 'id=2',
  getClientDraftOrders: 'client_id=1',
  convertOrderDraft: 'id=1',
  bulkAddProducts: 'products[0][copyof]=1&products[0][name]=Starter%20copy',
  addAddonToAccount: 'account_id=1&addon_id=1&invoice=1',
  addClientContact:
    'id=1&firstname=Ann&lastname=Lee&email=ann@example.com&password=S3cret!&password2=S3cret!&privileges[billing][payinvoice]=1',
  verifyAdminLogin: 'username=admin&password=billsim-admin',
  getEstimateDetails: 'id=1',
  addOrder:
    'client_id=1&product=1&cycle=m&domain_name=shop.example.com&domain_action=register&domain_sld=newshop&domain_tld=.com&invoice_generate=1&confirm=1',
  getOrders: 'list=active&page=0',
  verifyClientLogin: 'email=alice@morgan-design.com&password=billsim-client',
  getOrderDetails: 'id=1018',
  getClientOrders: 'id=1',
  setOrderActive: 'id=1018',
  setOrderPending: 'id=1015',
  setOrderFraud: 'id=1018',
  setOrderCancel: 'id=1018',
  setOrderStatus: 'id=1018&status=Active',
  deleteOrder: 'id=1018',
  getEstimates: 'status=Sent',
  getClientDetails: 'id=1',
  getClients: 'page=0',
  getClientContacts: 'id=1',
  getAccountAddons: 'id=1',
  getAccountDetails: 'id=1',
  getAccounts: 'list=all_active',
  getProductDetails: 'id=1',
  getInvoices: 'list=unpaid',
  getNews: '',
  getKBCategories: 'with_subcategories=1',
  getKBArticle: 'id=2',
  getKBArticlesByTags: 'tag=billing',
  module: 'module=phonenumbermng&fn=getAvailableNumbers',
  getAddons: '',
  getAddonDetails: 'id=4',
  getProductApplicableAddons: 'id=8',
  deleteProduct: 'id=19',
  productCloneSettings: 'source_product_id=1&target_product_ids[]=6&target_product_ids[]=7&settings[]=1&settings[]=2',
  getAppGroups: '',
  getAppServers: 'group=1',
  getServerDetails: 'id=1',
  getAPIMethods: '',
  getHostBillversion: '',
  addClient:
    'email=olivia@example.com&password=S3cret!&password2=S3cret!&firstname=Olivia&lastname=Brandt&country=AT&currency_id=1&notify=1',
  setClientDetails: 'id=1&city=Round%20Rock&phonenumber=%2B1.5125550100',
  setContactDetails: 'id=10&lastname=Reed-Hale',
  deleteClient: 'id=5',
  deleteClientContact: 'client_id=10&parent_id=1',
  accountCreate: 'id=10',
  accountSuspend: 'id=1',
  accountUnsuspend: 'id=5',
  accountTerminate: 'id=2',
  searchServiceByIP: 'ip=203.0.113.11',
  searchServiceByIPLimited: 'ip=203.0.113.34',
  accountModuleSSO: 'account_id=1',
  meteredGetVariables: 'product_id=17',
  meteredGetUsage: 'account_id=17',
  meteredAddUsage: 'account_id=17&variable=restore_transfer&qty=55&output=restore%20of%20/home',
  editAccountDetails: 'id=1&domain=studio.morgan-design.com&total=9.95&next_due=2027-01-14',
  editContactPermissions: 'id=10&privileges[billing][payinvoice]=1&privileges[billing][balance]=1&privileges[support][tickets]=1',
  changeAccountPackage: 'id=1&product_id=3&recalculate=1',
  getProductUpgrades: 'id=8',
  orderUpgrade: 'id=1&new=3&new_billing=m',
  addClientCredit: 'client_id=6&amount=10.50&description=Refund%20of%20a%20duplicated%20SSL%20order',
  getClientCreditLog: 'id=5',
  getClientInvoices: 'id=1',
  addCreditReceipt: 'client_id=1&amount=50',
  getPaymentModules: '',
  addInvoicePayment: 'id=8&amount=50.04&paymentmodule=2&fee=1.75&date=2026-11-20&transnumber=ch_3QgT1xLkdIwHu7ix',
  chargeCreditCard: 'id=8&card_id=primary',
  applyInvoiceCredit: 'id=12&apply_credit=15.00',
  addInvoice: 'client_id=1',
  addInvoiceItem: 'id=3&line=Extra%20support%20hour&price=45.00&qty=1.5&tax=1',
  editInvoiceDetails: 'id=3&duedate=2026-11-30&payment_module=2',
  setInvoiceStatus: 'id=3&status=Paid',
  deleteInvoice: 'id=3',
  sendInvoice: 'id=3',
  getTicketDepts: '',
  addTicketDept: 'name=Abuse&email=abuse@lumenhost.net',
  getPopularPredefinedReplies: '',
  addTicket:
    'client_id=5&dept_id=2&asclient=1&subject=Mail%20bounces&body=Our%20mails%20to%20gmail.com%20bounce%20with%20an%20SPF%20error.',
  addTicketReply: 'id=589245&body=We%20found%20your%20transfer%20and%20unsuspended%20the%20site.',
  getTickets: 'filter[list]=open',
  getTicketDetails: 'id=814003',
  setTicketStatus: 'id=702108&status=In-Progress',
  setTicketPriority: 'id=926866&priority=High',
  addTicketNotes: 'id=926866&notes=Client%20confirmed%20the%20reboot%20window%20by%20phone.',
  getPredefinedReply: 'id=1',
  deleteTicket: 'id=477350',
  getClientTickets: 'id=3',
  getTransactionDetails: 'id=2',
  getInvoicesPDF: 'invoices[]=3',
  getAffiliates: '',
  setOrderReferrer: 'id=1013&referral=1',
  sendMessage: 'client_id=1&subject=Planned%20maintenance&body=Your%20server%20reboots%20on%20Sunday%20at%2002:00%20CET.',
  sendMobileClientNotify: 'client_id=1&subject=Invoice%20paid&body=Thank%20you%20for%20your%20payment.',
  sendMobileStaffNotify: 'subject=Node%20down&body=vps-ams-2%20stopped%20answering%20pings.',
  addLanguageLines: 'target=user&lines[cart][promo_banner]=Free%20migration%20this%20month&lines[cart][promo_terms]=Annual%20plans%20only',
};
