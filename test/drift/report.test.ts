// The drift report as printed: text grouped by call, and the --json object.
import t from 'tap';
import { reportJson, reportText } from '../../src/cli/drift/report.js';
import type { DriftReport } from '../../src/cli/drift/run.js';

const against = new URL('https://billing.example.com/admin/api.php');

const report: DriftReport = {
  calls: [
    {
      call: 'getClients',
      status: 'drifted',
      params: {},
      differences: [
        { path: 'clients[0].phonenumber', kind: 'added', expected: 'absent', found: 'string', count: 25 },
        { path: 'clients[2].email', kind: 'missing', expected: 'present', found: 'absent', count: 1 },
        { path: 'clients[0].services', kind: 'type', expected: 'integer', found: 'string', count: 3 },
        { path: 'clients[0]', kind: 'order', expected: 'id, firstname, lastname', found: 'id, lastname, firstname', count: 25 },
      ],
    },
    {
      call: 'getClientDetails',
      status: 'drifted',
      params: { id: '9' },
      differences: [{ path: 'call', kind: 'envelope', expected: '"getClientDetails"', found: '"clientDetails"', count: 1 }],
    },
    {
      call: 'getNews',
      status: 'drifted',
      params: {},
      differences: [{ path: '', kind: 'answer', expected: "the API's JSON", found: 'an HTML page (HTTP 502)', count: 1 }],
    },
    { call: 'getCurrencies', status: 'ok', params: {}, differences: [] },
    { call: 'getInvoices', status: 'ok', params: {}, differences: [] },
    { call: 'verifyAdminLogin', status: 'not checked', reason: 'it needs a password (and a wrong one counts as a failed login)' },
    {
      call: 'meteredGetUsage',
      status: 'not checked',
      params: { account_id: '4' },
      reason: 'the installation refused it: no metered billing',
    },
  ],
  summary: { checked: 5, drifted: 3, notChecked: 2 },
};

t.test('text: drifted calls with a line per difference, then the calls without drift, then those not checked', async (t) => {
  t.equal(
    reportText(report, against),
    [
      'billsim drift against https://billing.example.com/admin/api.php',
      '',
      'getClients: 4 differences',
      "  added     clients[0].phonenumber (string): not in billsim's schema (25 times)",
      "  missing   clients[2].email: billsim's schema requires it",
      '  type      clients[0].services: string where billsim has integer (3 times)',
      "  order     clients[0]: id, lastname, firstname; billsim's order: id, firstname, lastname (25 times)",
      '',
      'getClientDetails (id=9): 1 difference',
      '  envelope  call: "clientDetails" where billsim has "getClientDetails"',
      '',
      'getNews: 1 difference',
      "  answer    the answer: an HTML page (HTTP 502) where billsim has the API's JSON",
      '',
      'No drift (2): getCurrencies, getInvoices',
      '',
      'Not checked (2):',
      '  verifyAdminLogin: it needs a password (and a wrong one counts as a failed login)',
      '  meteredGetUsage (account_id=4): the installation refused it: no metered billing',
      '',
      '5 checked, 3 drifted, 2 not checked.',
      '',
    ].join('\n'),
  );
});

t.test('text: a run cut short says the installation stopped answering', async (t) => {
  const cut: DriftReport = {
    calls: [{ call: 'getNews', status: 'not checked', params: {}, reason: 'no answer: x did not answer getNews within 500 ms' }],
    summary: { checked: 0, drifted: 0, notChecked: 1 },
    connectionError: 'x did not answer getNews within 500 ms',
  };
  t.match(
    reportText(cut, against),
    /\n0 checked, 0 drifted, 1 not checked\.\nThe installation stopped answering: x did not answer getNews within 500 ms\n$/,
  );
});

t.test('json: the address, whether anything drifted, the counts and every call', async (t) => {
  const json = reportJson(report, against);
  t.strictSame(Object.keys(json), ['against', 'drifted', 'summary', 'calls']);
  t.strictSame(json, { against: against.href, drifted: true, summary: report.summary, calls: report.calls });
  const quiet = reportJson({ calls: [], summary: { checked: 0, drifted: 0, notChecked: 0 } }, against);
  t.equal(quiet.drifted, false);
});
