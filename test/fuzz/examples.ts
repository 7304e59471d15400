// Requests known to succeed against the bundled fixtures, as wire pairs. The
// fuzzers bend them one parameter at a time, which reaches the operations'
// own rules far more often than parameters generated from nothing.
import fc from 'fast-check';
import type { Pair } from './support.js';

export const EXAMPLES: Record<string, Pair[][]> = {
  addOrder: [
    [
      ['client_id', '1'],
      ['product', '1'],
      ['cycle', 'm'],
      ['domain_name', 'shop.example.com'],
      ['invoice_generate', '1'],
    ],
    [
      ['client_id', '3'],
      ['product', '8'],
      ['cycle', 'q'],
      ['domain_action', 'register'],
      ['domain_sld', 'fuzzshop'],
      ['domain_tld', '.net'],
      ['domain_period', '2'],
      ['invoice_generate', '1'],
      ['confirm', '1'],
    ],
    [
      ['client_id', '2'],
      ['domain_action', 'transfer'],
      ['domain_sld', 'moved-here'],
      ['domain_tld', '22'],
      ['domain_eppcode', 'X-1'],
      ['invoice_generate', '1'],
    ],
  ],
  setOrderActive: [[['id', '1018']], [['id', '1015']]],
  setOrderCancel: [[['id', '1018']], [['id', '1001']]],
  setOrderFraud: [[['id', '1018']], [['id', '1017']]],
  setOrderPending: [[['id', '1017']], [['id', '1015']]],
  setOrderReferrer: [
    [
      ['id', '1013'],
      ['referral', '1'],
    ],
    [
      ['id', '1018'],
      ['referral', '2'],
    ],
  ],
  getAffiliates: [
    [
      ['page', '0'],
      ['perpage', '2'],
    ],
  ],
  getTransactionDetails: [[['id', '2']]],
  getInvoicesPDF: [
    [
      ['invoices[]', '3'],
      ['invoices[]', '12'],
    ],
    [
      ['client_id', '1'],
      ['from', '2026-01-01'],
      ['to', '2026-12-31'],
    ],
  ],
  setOrderStatus: [
    [
      ['id', '1001'],
      ['status', 'Pending'],
    ],
  ],
  deleteOrder: [[['id', '1018']], [['id', '1004']]],
  domainRegister: [[['id', '8']]],
  domainTransfer: [[['id', '9']], [['id', '5']]],
  domainRenew: [[['id', '1']], [['id', '2']], [['id', '6']]],
  domainEPP: [[['id', '1']], [['id', '3']]],
  domainDelete: [[['id', '1']], [['id', '7']]],
  domainDeleteHB: [[['id', '8']], [['id', '2']]],
  accountCreate: [[['id', '10']]],
  accountSuspend: [[['id', '1']], [['id', '2']]],
  accountUnsuspend: [[['id', '5']]],
  accountTerminate: [[['id', '2']], [['id', '5']]],
  changeAccountPackage: [
    [
      ['id', '1'],
      ['product_id', '3'],
      ['recalculate', '1'],
    ],
    [
      ['id', '7'],
      ['product_id', '10'],
    ],
  ],
  editAccountDetails: [
    [
      ['id', '1'],
      ['product_id', '3'],
      ['next_due', '2027-01-14'],
      ['total', '16.00'],
      ['status', 'Suspended'],
    ],
    [
      ['id', '3'],
      ['payment_module', '2'],
      ['date_created', '2026-02-11'],
    ],
  ],
  getProductUpgrades: [[['id', '8']], [['id', '1']]],
  orderConfigUpgrade: [
    [
      ['id', '2'],
      ['new[1]', '2'],
      ['new[2]', '2'],
    ],
    [
      ['id', '2'],
      ['new[2]', '8'],
      ['module', '2'],
    ],
  ],
  orderUpgrade: [
    [
      ['id', '1'],
      ['new', '3'],
      ['new_billing', 'm'],
    ],
    [
      ['id', '7'],
      ['new_billing', 'm'],
      ['module', '2'],
    ],
    [
      ['id', '2'],
      ['new', '9'],
      ['new_billing', 'a'],
    ],
  ],
  addAddonToAccount: [
    [
      ['account_id', '1'],
      ['addon_id', '1'],
      ['cycle', 'a'],
    ],
    [
      ['account_id', '1'],
      ['addon_id', '1'],
      ['invoice', 'true'],
    ],
    [
      ['account_id', '3'],
      ['addon_id', '5'],
      ['cycle', 'm'],
    ],
    [
      ['account_id', '7'],
      ['addon_id', '4'],
      ['invoice', 'true'],
      ['payment_module', '5'],
    ],
    [
      ['account_id', '8'],
      ['addon_id', '2'],
      ['payment_module', '5'],
    ],
  ],
  addClientContact: [
    [
      ['id', '1'],
      ['firstname', 'Ann'],
      ['lastname', 'Lee'],
      ['email', 'ann.lee@example.com'],
      ['password', 'pw-1'],
      ['password2', 'pw-1'],
    ],
    [
      ['id', '2'],
      ['firstname', 'Bo'],
      ['lastname', 'Ng'],
      ['email', 'bo@example.org'],
      ['password', 'x'],
      ['password2', 'x'],
      ['country', 'GB'],
      ['privileges[billing][payinvoice]', '1'],
      ['privileges[support][tickets]', '1'],
    ],
  ],
  addClientGuest: [
    [
      ['id', '1'],
      ['user_id', '2'],
    ],
    [
      ['id', '3'],
      ['user_id', '11'],
      ['status', 'Active'],
      ['notifyclient', '1'],
      ['privileges[billing][payinvoice]', '1'],
    ],
  ],
  editClientGuestPermissions: [
    [
      ['id', '1'],
      ['privileges[support][tickets]', '1'],
    ],
  ],
  setClientGuestStatus: [
    [
      ['id', '2'],
      ['status', 'Active'],
    ],
  ],
  removeClientGuest: [[['id', '1']]],
  addOrderDraftItem: [
    [
      ['id', '1'],
      ['prod_type', 'service'],
      ['product', '9'],
      ['cycle', 'm'],
      ['qty', '2'],
      ['addons[1][qty]', '1'],
      ['addons[4][cycle]', 'a'],
    ],
    [
      ['id', '3'],
      ['prod_type', 'service'],
      ['product', '16'],
      ['custom[12][34]', 'x'],
    ],
    [
      ['id', '2'],
      ['prod_type', 'domain'],
      ['domain_sld', 'example'],
      ['domain_tld', '20'],
      ['domain_action', 'Transfer'],
      ['domain_eppcode', 'abc'],
    ],
  ],
  addProduct: [
    [
      ['category_id', '7'],
      ['type', '1'],
      ['name', 'EU Basic'],
      ['m', '3.95'],
      ['a_setup', '5'],
    ],
    [
      ['category_id', '6'],
      ['type', '5'],
      ['name', 'Setup Help'],
      ['paytype', 'Once'],
      ['m1', '99'],
      ['upgrades[]', '17'],
    ],
  ],
  editProduct: [
    [
      ['id', '1'],
      ['name', 'Starter'],
      ['t', '120'],
      ['t_setup', '3'],
      ['visible', '-1'],
    ],
    [
      ['id', '12'],
      ['type', '3'],
      ['module', '5'],
      ['stock_usage', 'on'],
      ['qty', '4'],
    ],
    [
      ['id', '20'],
      ['description', 'The classic'],
    ],
  ],
  bulkAddProducts: [
    [
      ['products[0][copyof]', '1'],
      ['products[0][name]', 'Plan'],
    ],
    [
      ['products[0][copyof]', '1'],
      ['products[0][name]', 'Plan'],
      ['products[1][copyof]', '2'],
      ['products[1][name]', 'Plan'],
    ],
    [
      ['products[0][copyof]', '20'],
      ['products[0][name]', '.test'],
      ['products[0][periods][2][register]', '20'],
      ['products[0][periods][10][register]', '100'],
      ['products[0][periods][10][transfer]', '99.99'],
      ['products[0][periods][10][renew]', '0'],
    ],
    [
      ['products[5][copyof]', '3'],
      ['products[5][name]', 'Keyed'],
    ],
  ],
  convertOrderDraft: [
    [['id', '1']],
    [
      ['id', '2'],
      ['keep_draft', '1'],
      ['as_free', '1'],
      ['module', '3'],
    ],
    [
      ['id', '3'],
      ['ip', '198.51.100.7'],
    ],
  ],
  clearOrderDraftItems: [[['id', '1']], [['id', '3']]],
  removeOrderDraftDiscount: [[['id', '2']]],
  createOrderDraft: [
    [['client_id', '1']],
    [
      ['client_id', '5'],
      ['currency_id', '0'],
    ],
    [],
  ],
  bulkSetPrices: [
    [
      ['category_id', '4'],
      ['products[0][name]', '.com'],
      ['products[0][periods][1][register]', '11.95'],
      ['products[0][updatedomains]', '1'],
      ['products[1][name]', '.eu'],
      ['products[1][periods][6][register]', '50'],
      ['products[1][periods][6][transfer]', '50'],
      ['products[1][periods][6][renew]', '55'],
    ],
  ],
  domainSynch: [[['id', '1']], [['id', '7']]],
  addEstimate: [[['client_id', '1']], [['client_id', '2']]],
  addEstimateLine: [
    [
      ['id', '1'],
      ['description', 'Load testing'],
      ['amount', '50.00'],
      ['qty', '2'],
      ['taxed', '1'],
      ['tax_rate', '10'],
    ],
  ],
  deleteEstimate: [[['id', '4']]],
  sendEstimate: [[['id', '1']], [['id', '3']]],
  setEstimateStatus: [
    [
      ['id', '2'],
      ['status', 'Accepted'],
    ],
    [
      ['id', '3'],
      ['status', 'Invoiced'],
    ],
  ],
  convertEstimateToInvoice: [[['id', '2']], [['id', '1']]],
  editEstimateDetails: [
    [
      ['id', '4'],
      ['status', 'Draft'],
      ['date_created', '2026-11-19'],
      ['date_expires', '2026-12-19'],
    ],
    [
      ['id', '1'],
      ['taxrate', '20'],
      ['credit', '5.50'],
      ['newitem[0][description]', 'Extra'],
      ['newitem[0][amount]', '12.30'],
      ['newitem[0][qty]', '2'],
    ],
    [
      ['id', '2'],
      ['item[3][qty]', '1.5'],
      ['item[4][remove]', '1'],
      ['item[5][taxed]', '1'],
      ['taxrate2', '7.5'],
    ],
    [
      ['id', '3'],
      ['currency_id', '1'],
      ['item[6][amount]', '-4.05'],
      ['newitem[][description]', 'Discount'],
      ['newitem[][amount]', '-1'],
    ],
  ],
  editOrderDraft: [
    [
      ['id', '1'],
      ['module', '3'],
      ['confirm', '0'],
    ],
    [
      ['id', '2'],
      ['client_id', '5'],
      ['invoice_generate', '1'],
    ],
  ],
  editOrderDraftItem: [
    [
      ['id', '1'],
      ['service', '1'],
      ['qty', '2'],
    ],
    [
      ['id', '1'],
      ['service', '1'],
      ['product', '7'],
      ['cycle', 's'],
    ],
    [
      ['id', '1'],
      ['service', '2'],
      ['host', 'example.net'],
      ['custom[12][34]', 'Debian'],
    ],
    [
      ['id', '2'],
      ['domain', '1'],
      ['action', 'Register'],
    ],
    [
      ['id', '1'],
      ['domain', '1'],
      ['period', '3'],
    ],
  ],
  removeOrderDraft: [[['id', '1']], [['id', '3']]],
  removeOrderDraftItem: [
    [
      ['id', '1'],
      ['service', '1'],
    ],
    [
      ['id', '1'],
      ['domain', '1'],
    ],
    [
      ['id', '2'],
      ['domain', '2'],
    ],
  ],
  tokenizeClientCard: [
    [
      ['client_id', '1'],
      ['gateway_id', '1'],
      ['token', 'tok_abc'],
    ],
    [
      ['client_id', '1'],
      ['gateway_id', '1'],
      ['token', 'tok_abc'],
      ['lastfour', '4242'],
      ['expdate', '0830'],
    ],
  ],
  getOtherPopularProducts: [
    [
      ['product_ids[]', '1'],
      ['product_ids[]', '2'],
    ],
    [
      ['product_ids[0]', '9'],
      ['client_id', '1'],
      ['limit', '3'],
      ['exclude_cat[]', '2'],
    ],
  ],
  verifyAdminLogin: [
    [
      ['username', 'admin'],
      ['password', 'billsim-admin'],
    ],
    [
      ['username', 'mkovacs'],
      ['password', 'billing-desk-2026'],
    ],
  ],
  getClientDraftOrders: [
    [['client_id', '1']],
    [
      ['client_id', '5'],
      ['page', '0'],
      ['perpage', '1'],
    ],
  ],
  getClientAccounts: [
    [
      ['id', '1'],
      ['status[]', 'Active'],
      ['status[]', 'Pending'],
      ['page', '0'],
      ['perpage', '2'],
    ],
  ],
  getInvoices: [
    [
      ['list', 'unpaid'],
      ['client_id', '1'],
      ['perpage', '2'],
      ['page', '1'],
    ],
  ],
  getDomains: [
    [
      ['list', 'pending'],
      ['perpage', '2'],
    ],
    [
      ['filter[name]', '.com'],
      ['filter[module]', 'Enom'],
      ['filter[status]', 'Active'],
      ['filter[client_name]', 'morgan'],
      ['filter[brand_id]', '1'],
      ['page', '0'],
    ],
  ],
  domainCheck: [[['domain', 'google.com']], [['domain', 'Fresh-Name.io']]],
  getTransactions: [
    [
      ['client_id', '1'],
      ['filter[module]', 'Stripe'],
      ['perpage', '5'],
    ],
  ],
  addClientCredit: [
    [
      ['client_id', '6'],
      ['amount', '10.50'],
      ['description', 'Refund'],
    ],
    [
      ['client_id', '2'],
      ['amount', '3'],
    ],
  ],
  addClientCreditCard: [
    [
      ['id', '4'],
      ['cardnum', '4242424242424242'],
      ['cardtype', 'Visa'],
      ['expiryyear', '29'],
      ['expirymonth', '08'],
    ],
    [
      ['id', '7'],
      ['cardnum', '4000000000009995'],
      ['cardtype', 'Visa'],
      ['expiryyear', '2030'],
      ['expirymonth', '1'],
      ['token', 'tok_1'],
      ['token_gateway_id', '2'],
    ],
  ],
  editClientCreditCard: [
    [
      ['id', '1'],
      ['cardnum', '5555555555554444'],
      ['cardtype', 'MasterCard'],
      ['expiryyear', '31'],
      ['expirymonth', '02'],
    ],
    [
      ['id', '7'],
      ['card_id', '5'],
      ['cardnum', '4000000000000069'],
      ['cardtype', 'Visa'],
      ['expiryyear', '30'],
      ['expirymonth', '12'],
    ],
  ],
  getClientEmails: [
    [['id', '1']],
    [
      ['id', '2'],
      ['filter[rel_type]', 'invoice'],
      ['page', '0'],
      ['perpage', '5'],
    ],
  ],
  getClientFiles: [[['client_id', '1']], [['client_id', '3']]],
  addClientFile: [
    [
      ['client_id', '1'],
      ['data', 'aGVsbG8='],
      ['name', 'Hello'],
      ['filename', 'hello.txt'],
    ],
    [
      ['client_id', '2'],
      ['data', 'JVBERi0xLjQK'],
      ['name', 'Quote'],
      ['filename', 'quote.pdf'],
      ['admin_only', '1'],
      ['services[]', '3'],
    ],
  ],
  deleteClientFile: [
    [
      ['client_id', '1'],
      ['file_id', '1'],
    ],
    [
      ['client_id', '7'],
      ['file_id', '3'],
    ],
  ],
  getClientStats: [[['id', '1']], [['id', '3']]],
  getClientTransactions: [
    [['id', '2']],
    [
      ['id', '1'],
      ['filter[date]', '2026-11'],
      ['filterop[date]', '<'],
      ['perpage', '2'],
    ],
  ],
  getClientCreditLog: [
    [['id', '5']],
    [
      ['id', '6'],
      ['page', '0'],
    ],
  ],
  getClientInvoices: [
    [['id', '1']],
    [
      ['id', '2'],
      ['perpage', '1'],
      ['page', '1'],
    ],
  ],
  addCreditReceipt: [
    [
      ['client_id', '1'],
      ['amount', '50'],
    ],
    [
      ['client_id', '2'],
      ['amount', '0.99'],
    ],
  ],
  addInvoice: [[['client_id', '1']], [['client_id', '2']]],
  addInvoiceItem: [
    [
      ['id', '3'],
      ['line', 'Extra support hour'],
      ['price', '45.00'],
      ['qty', '1.5'],
      ['tax', '1'],
    ],
    [
      ['id', '12'],
      ['line', 'Discount'],
      ['price', '-10'],
      ['tax', '0'],
    ],
  ],
  editInvoiceDetails: [
    [
      ['id', '3'],
      ['credit', '1.00'],
      ['taxrate', '10'],
      ['duedate', '2026-11-30'],
    ],
    [
      ['id', '1'],
      ['date', '2026-11-08'],
      ['payment_module', '3'],
    ],
  ],
  setInvoiceStatus: [
    [
      ['id', '3'],
      ['status', 'Paid'],
    ],
    [
      ['id', '8'],
      ['status', 'Paid'],
    ],
    [
      ['id', '1'],
      ['status', 'Unpaid'],
    ],
    [
      ['id', '12'],
      ['status', 'Cancelled'],
    ],
  ],
  deleteInvoice: [[['id', '3']], [['id', '7']], [['id', '8']]],
  sendInvoice: [[['id', '3']], [['id', '1']]],
  applyInvoiceCredit: [
    [
      ['id', '12'],
      ['apply_credit', '15.00'],
    ],
    [
      ['id', '12'],
      ['apply_credit', '5'],
    ],
  ],
  addTransaction: [
    [
      ['client_id', '7'],
      ['invoice_id', '8'],
      ['in', '50.04'],
      ['module', '2'],
    ],
    [
      ['client_id', '2'],
      ['invoice_id', '12'],
      ['out', '10.00'],
      ['fee', '0.50'],
    ],
    [
      ['client_id', '3'],
      ['in', '12.50'],
      ['date', '2026-11-19 08:15:00'],
      ['trans_id', 'PAY-1'],
    ],
  ],
  addTicket: [
    [
      ['client_id', '1'],
      ['subject', 'Mailbox full'],
      ['body', 'Please raise the quota.'],
      ['asclient', '1'],
      ['attachments[usage.txt]', 'RGlzayB1c2FnZQ=='],
    ],
    [
      ['name', 'Mira Stein'],
      ['email', 'mira@stein.example'],
      ['dept_id', '3'],
      ['subject', 'Node.js hosting?'],
      ['body', 'Which plan runs Node 20?'],
      ['priority', '2'],
      ['request_type', 'Question'],
    ],
    [
      ['client_id', '4'],
      ['subject', 'Renewal quote'],
      ['body', 'Here is the quote.'],
      ['status', 'In-Progress'],
      ['owner_id', '2'],
      ['cc', 'studio@kowalski-foto.net'],
      ['notes', 'Agreed by phone.'],
    ],
  ],
  addTicketReply: [
    [
      ['id', '589245'],
      ['body', 'We found your transfer.'],
    ],
    [
      ['id', '814003'],
      ['body', 'The warning is back.'],
      ['type', 'Client'],
    ],
    [
      ['id', '251624'],
      ['body', 'Received.'],
      ['type', 'Client'],
      ['replier_id', '11'],
      ['status_change', 'Closed'],
      ['attachments[scan.pdf]', 'JVBERi0xLjQ='],
    ],
    [
      ['id', '139729'],
      ['body', 'See our reseller plans.'],
      ['replier_id', '2'],
      ['notify_client', '0'],
    ],
  ],
  setTicketStatus: [
    [
      ['id', '702108'],
      ['status', 'In-Progress'],
    ],
    [
      ['id', '814003'],
      ['status', 'Open'],
    ],
  ],
  getTickets: [
    [
      ['filter[list]', 'open'],
      ['dept', '3'],
    ],
    [
      ['list', 'answered'],
      ['filter[name]', 'keller'],
      ['filter[date]', '2026-11-02'],
      ['perpage', '2'],
    ],
  ],
  getTicketDetails: [[['id', '814003']], [['id', '702108']]],
  setTicketPriority: [
    [
      ['id', '926866'],
      ['priority', 'High'],
    ],
    [
      ['id', '814003'],
      ['priority', 'Low'],
    ],
  ],
  addTicketNotes: [
    [
      ['id', '926866'],
      ['notes', 'Reboot window agreed by phone.'],
    ],
  ],
  deleteTicket: [[['id', '477350']], [['id', '814003']]],
  getPredefinedReply: [[['id', '1']], [['id', '10']]],
  meteredAddUsage: [
    [
      ['account_id', '17'],
      ['variable', 'backup_storage'],
      ['qty', '75'],
    ],
    [
      ['account_id', '16'],
      ['variable', 'restore_transfer'],
      ['qty', '12.5'],
      ['charge', '3.20'],
      ['output', 'restore'],
      ['date_created', '2026-11-19 10:00:00'],
    ],
  ],
  getClientContact: [[['id', '10']], [['id', '11']]],
  meteredAddUsageBulk: [
    [
      ['account_id', '17'],
      ['variables[backup_storage][qty]', '75'],
      ['variables[restore_transfer][qty]', '3'],
    ],
    [
      ['account_id', '16'],
      ['variables[restore_transfer][qty]', '12.5'],
      ['variables[restore_transfer][charge]', '3.20'],
      ['variables[restore_transfer][date_created]', '2026-11-19 10:00:00'],
      ['variables[backup_storage][qty]', '0.25'],
      ['variables[backup_storage][output]', 'snapshot'],
    ],
  ],
  meteredGetUsage: [[['account_id', '17']], [['account_id', '4']]],
  meteredGetVariables: [[['product_id', '17']], [['product_id', '2']]],
  sendMessage: [
    [
      ['client_id', '1'],
      ['subject', 'Planned maintenance'],
      ['body', 'Sunday, 02:00 CET.'],
    ],
    [
      ['to', 'ops@example.com;cto@example.com'],
      ['template', '3'],
      ['html', '1'],
    ],
  ],
  sendMobileClientNotify: [
    [
      ['client_id', '2'],
      ['subject', 'Invoice paid'],
      ['body', 'Thank you.'],
    ],
  ],
  sendMobileStaffNotify: [
    [
      ['subject', 'Node down'],
      ['body', 'vps-ams-2 stopped answering.'],
      ['server_id', '1'],
    ],
  ],
  addLanguageLines: [
    [
      ['target', 'user'],
      ['lines[cart][promo]', 'Free migration'],
      ['lines[cart][terms]', 'Annual plans only'],
    ],
  ],
  getClientTickets: [
    [['id', '1']],
    [
      ['id', '3'],
      ['sort', 'ASC'],
      ['filter[status]', 'Client-Reply'],
      ['filter[date]', '2026-11-01'],
      ['filterop[date]', '>'],
    ],
  ],
};

/** One change to a good request: a value swapped, a pair dropped or repeated, a key bent. */
export function bent(example: Pair[], value: fc.Arbitrary<string>): fc.Arbitrary<Pair[]> {
  const at = fc.nat({ max: Math.max(0, example.length - 1) });
  const change: fc.Arbitrary<(pairs: Pair[]) => Pair[]> = fc.oneof(
    fc.tuple(at, value).map(
      ([i, v]) =>
        (pairs: Pair[]) =>
          pairs.map((p, j): Pair => (j === i ? [p[0], v] : p)),
    ),
    at.map((i) => (pairs: Pair[]) => pairs.filter((_, j) => j !== i)),
    at.map((i) => (pairs: Pair[]) => (pairs[i] ? [...pairs, pairs[i]] : pairs)),
    fc.tuple(at, fc.constantFrom('[]', '[0]', '[x]', '[__proto__]', '[1][2]')).map(
      ([i, suffix]) =>
        (pairs: Pair[]) =>
          pairs.map((p, j): Pair => (j === i ? [p[0] + suffix, p[1]] : p)),
    ),
    fc.tuple(at, fc.constantFrom('', '[', ']')).map(
      ([i, cut]) =>
        (pairs: Pair[]) =>
          pairs.map((p, j): Pair => (j === i ? [p[0].replace(/\[[^\]]*\]$/, cut), p[1]] : p)),
    ),
  );
  return fc.array(change, { minLength: 0, maxLength: 2 }).map((changes) => changes.reduce((pairs, f) => f(pairs), example));
}
