import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { CREDENTIALS, api, assertSuccess, build, sameEverywhere } from '../../helpers/app.js';
import { refusals } from '../../helpers/refusals.js';

const CALL = 'getClientCreditLog';

function world(app: FastifyInstance) {
  return app.billsim.sessions.get('default').world;
}

/** What every staff entry on client 5's log shares: no transaction, admin 1, Emma Laurent's names, EUR. */
const BY_ADMIN_FOR_EMMA = {
  transaction_id: '0',
  admin_id: '1',
  admin_name: 'admin',
  firstname: 'Emma',
  lastname: 'Laurent',
  currency_id: '1',
  transid: '',
};

t.test("getClientCreditLog lists a client's credit changes newest first, in the published entry shape", async (t) => {
  const app = await build(t);
  const body = await sameEverywhere(t, app, CALL, { id: '5' });
  t.strictSame(assertSuccess(t, body, CALL), {
    log: [
      {
        id: '3',
        date: '2026-09-20 14:19:48',
        client_id: '5',
        in: '0.00',
        out: '5.00',
        balance: '0.00',
        description: 'Credit applied to invoice',
        invoice_id: '5',
        ...BY_ADMIN_FOR_EMMA,
        data_edit: {
          id: '3',
          date: '20/09/2026',
          client_id: '5',
          in: '0.00',
          out: '5.00',
          balance: '0.00',
          description: 'Credit applied to invoice',
          transaction_id: '0',
          invoice_id: '5',
        },
      },
      {
        id: '2',
        date: '2026-09-12 11:03:27',
        client_id: '5',
        in: '5.00',
        out: '0.00',
        balance: '5.00',
        description: 'Credit added by staff: goodwill for the September maintenance window',
        invoice_id: '0',
        ...BY_ADMIN_FOR_EMMA,
        data_edit: {
          id: '2',
          date: '12/09/2026',
          client_id: '5',
          in: '5.00',
          out: '0.00',
          balance: '5.00',
          description: 'Credit added by staff: goodwill for the September maintenance window',
          transaction_id: '0',
          invoice_id: '0',
        },
      },
    ],
    sorter: { perpage: 25, totalpages: 1, sorterrecords: 2, sorterpage: 1 },
  });
  const raw = await app.inject({ method: 'GET', url: `/admin/api.php?${new URLSearchParams({ call: CALL, id: '5', ...CREDENTIALS })}` });
  t.ok(raw.body.startsWith('{"success":true,"log":[{"id":"3","date":'), 'opens as the published sample does');
  t.match(raw.body, /\],"sorter":\{[^}]*\},"call":"getClientCreditLog","server_time":\d+\}$/, 'sorter after log, then the envelope');

  const other = assertSuccess(t, await api(app, CALL, { id: '6' }), CALL).log as Array<Record<string, unknown>>;
  t.strictSame(
    other.map((e) => [e.id, e.admin_id, e.admin_name, e.balance]),
    [['1', '2', 'mkovacs', '25.00']],
    "the admin's username is joined in",
  );
});

t.test('getClientCreditLog: no entries, a contact, an automation entry', async (t) => {
  const app = await build(t);
  const empty = { log: [], sorter: { perpage: 25, totalpages: 0, sorterrecords: 0, sorterpage: 1 } };
  t.strictSame(assertSuccess(t, await api(app, CALL, { id: '1' }), CALL), empty, 'a client whose credit never changed');
  t.strictSame(assertSuccess(t, await api(app, CALL, { id: '10' }), CALL), empty, 'a contact holds no credit of its own');

  const w = world(app);
  w.transaction(() =>
    w.insert('credit_log', {
      ...w.get('credit_log', '1')!,
      id: '4',
      date: '2026-11-01 03:00:00',
      in: '5.00',
      balance: '30.00',
      description: 'Overpayment of invoice #6',
      admin_id: '0',
    }),
  );
  const log = assertSuccess(t, await api(app, CALL, { id: '6' }), CALL).log as Array<Record<string, unknown>>;
  t.strictSame(
    log.map((e) => [e.id, e.admin_id, e.admin_name]),
    [
      ['4', '0', ''],
      ['1', '2', 'mkovacs'],
    ],
    "billsim's own automation (admin 0) has no username",
  );
});

t.test('getClientCreditLog pages 25 entries at a time', async (t) => {
  const app = await build(t);
  for (let n = 1; n <= 27; n++)
    assertSuccess(t, await api(app, 'addClientCredit', { client_id: '4', amount: String(n) }), 'addClientCredit');
  const first = assertSuccess(t, await api(app, CALL, { id: '4' }), CALL);
  const log = first.log as Array<{ id: string; in: string; balance: string }>;
  t.equal(log.length, 25);
  t.strictSame([log[0].id, log[0].in, log[0].balance], ['31', '27.00', '378.00'], 'the newest entry carries the balance now');
  t.strictSame(first.sorter, { perpage: 25, totalpages: 2, sorterrecords: 27, sorterpage: 1 });

  const second = assertSuccess(t, await api(app, CALL, { id: '4', page: '1' }), CALL);
  t.strictSame(
    (second.log as Array<{ id: string; in: string; balance: string }>).map((e) => [e.id, e.in, e.balance]),
    [
      ['6', '2.00', '3.00'],
      ['5', '1.00', '1.00'],
    ],
  );
  t.strictSame(second.sorter, { perpage: 25, totalpages: 2, sorterrecords: 27, sorterpage: 2 });
  const small = assertSuccess(t, await api(app, CALL, { id: '4', perpage: '2', page: '3' }), CALL);
  t.strictSame(
    (small.log as Array<{ id: string }>).map((e) => e.id),
    ['25', '24'],
  );
  t.strictSame(assertSuccess(t, await api(app, CALL, { id: '4', page: '9' }), CALL).log, [], 'past the last page');
});

refusals('getClientCreditLog errors', CALL, [
  [{}, 'Parameter id is required'],
  [{ id: 'emma' }, 'Parameter id must be a positive whole number id, such as 1'],
  [{ id: '5', page: '-1' }, 'Parameter page must be a page number counted from 0'],
  [{ id: '99' }, 'Client 99 not found'],
]);
