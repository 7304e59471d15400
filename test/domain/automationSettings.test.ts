// Which settings a service, invoice or TLD gets: the product's record, else
// product "0", else billsim's defaults; then client "0" overrides, then the
// client's own.
import t from 'tap';
import { type Automation, automationFor, invoiceAutomation, tldAutomation } from '../../src/domain/automationSettings.js';
import { domainLine, hostingLine, type WorldRows, world } from '../helpers/world.js';

/** billsim's defaults as the rules read them, written out so a changed default is noticed. */
const DEFAULTS: Automation = {
  invoiceDays: 14,
  suspend: true,
  suspendDays: 5,
  terminate: true,
  terminateDays: 30,
  terminateCancelInvoices: true,
  cancelUnpaidOrders: true,
  cancelUnpaidOrdersDays: 14,
  lateFee: true,
  lateFeeType: 'fixed',
  lateFeeAmount: '5.00',
  lateFeeDays: 3,
  lateFeeSeparateInvoice: false,
  unpaidReminderDays: 3,
  overdueReminderDays: [1, 7, 14],
  reminders: true,
  autoApplyCredit: true,
};

const cases: { name: string; rows: WorldRows; expect: Automation }[] = [
  { name: 'no records: billsim defaults (credit applied automatically)', rows: {}, expect: DEFAULTS },
  {
    name: 'the product "0" record for a product without its own',
    rows: { product_automation: [{ product_id: '0', suspend_days: '8', overdue_reminder_days: ['0', '2'] }] },
    expect: { ...DEFAULTS, suspendDays: 8, overdueReminderDays: [2], autoApplyCredit: true },
  },
  {
    name: 'the product\'s own record wins over product "0"',
    rows: {
      product_automation: [
        { product_id: '0', suspend_days: '8' },
        { product_id: '2', suspend_days: '9', late_fee_type: 'percent', late_fee_amount: '10.00', late_fee_separate_invoice: '1' },
      ],
    },
    expect: { ...DEFAULTS, suspendDays: 9, lateFeeType: 'percent', lateFeeAmount: '10.00', lateFeeSeparateInvoice: true },
  },
  {
    name: 'a client "0" record replaces the default overrides (no auto_apply_credit: off)',
    rows: { client_automation: [{ client_id: '0', suspend_days: '2' }] },
    expect: { ...DEFAULTS, suspendDays: 2, autoApplyCredit: false },
  },
  {
    name: 'the client\'s own overrides win over client "0"',
    rows: {
      client_automation: [
        { client_id: '0', suspend_days: '2', late_fee: '0', auto_apply_credit: '1' },
        { client_id: '1', suspend_days: '20', reminders: '0', auto_apply_credit: '0' },
      ],
    },
    expect: { ...DEFAULTS, suspendDays: 20, lateFee: false, reminders: false, autoApplyCredit: false },
  },
  {
    name: 'every field a client may override, over the product record',
    rows: {
      product_automation: [{ product_id: '2' }],
      client_automation: [
        {
          client_id: '1',
          invoice_days: '7',
          suspend: '0',
          suspend_days: '11',
          terminate: '0',
          terminate_days: '60',
          late_fee: '0',
          late_fee_days: '9',
          reminders: '0',
          auto_apply_credit: '0',
        },
      ],
    },
    expect: {
      ...DEFAULTS,
      invoiceDays: 7,
      suspend: false,
      suspendDays: 11,
      terminate: false,
      terminateDays: 60,
      lateFee: false,
      lateFeeDays: 9,
      reminders: false,
      autoApplyCredit: false,
    },
  },
  {
    name: "another client's overrides do not apply",
    rows: { client_automation: [{ client_id: '0' }, { client_id: '3', suspend_days: '20' }] },
    expect: { ...DEFAULTS, autoApplyCredit: false },
  },
];

for (const c of cases) {
  t.test(`settings of product 2 for client 1: ${c.name}`, async (t) => {
    t.strictSame(automationFor(world(c.rows), '2', '1'), c.expect);
  });
}

t.test('an invoice takes the settings of the product its first service or domain line bills', async (t) => {
  const w = world({
    clients: [{}],
    services: [{ product_id: '2' }],
    domains: [{ tld_id: '3' }],
    product_automation: [
      { product_id: '2', suspend_days: '2' },
      { product_id: '3', suspend_days: '3' },
    ],
    invoices: [{ items: [hostingLine('1')] }, { items: [domainLine('1')] }, { items: [hostingLine('9'), domainLine('1')] }, {}],
  });
  const suspendDays = (id: string) => invoiceAutomation(w, w.get('invoices', id)!).suspendDays;
  t.equal(suspendDays('1'), 2, 'a service line: its product');
  t.equal(suspendDays('2'), 3, "a domain line: its TLD's product");
  t.equal(suspendDays('3'), 3, 'a line whose service is gone is skipped');
  t.equal(suspendDays('4'), 5, 'no lines: the defaults');
});

const tldCases: { name: string; rows: WorldRows; expect: ReturnType<typeof tldAutomation> }[] = [
  {
    name: 'no records: billsim defaults',
    rows: {},
    expect: { invoiceDays: 30, graceDays: 30, redemptionDays: 30, autoRenewOnPayment: true },
  },
  {
    name: 'the tld "0" record',
    rows: { tld_automation: [{ tld_id: '0', grace_days: '12', auto_renew_on_payment: '0' }] },
    expect: { invoiceDays: 30, graceDays: 12, redemptionDays: 30, autoRenewOnPayment: false },
  },
  {
    name: 'the TLD\'s own record wins over tld "0"',
    rows: {
      tld_automation: [
        { tld_id: '0', grace_days: '12' },
        { tld_id: '20', invoice_days: '45', grace_days: '40', redemption_days: '0' },
      ],
    },
    expect: { invoiceDays: 45, graceDays: 40, redemptionDays: 0, autoRenewOnPayment: true },
  },
];

for (const c of tldCases) {
  t.test(`settings of TLD 20: ${c.name}`, async (t) => {
    t.strictSame(tldAutomation(world(c.rows), '20'), c.expect);
  });
}
