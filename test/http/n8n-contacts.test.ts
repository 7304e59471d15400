// The n8n HostBill node's client-contact operations, sent exactly as the node
// sends them: every call a GET whose parameters its HTTP library turns into a
// query string with `qs` (so a JSON true becomes `=true` and nested objects
// become bracket keys), with a JSON content type header and no body.
import t, { type Test } from 'tap';
import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { CREDENTIALS, build, type Body } from '../helpers/app.js';

/** What the node's privileges collection sends: its `billing_emails` style names split into sections, values as toggled. */
function formatPrivileges(toggled: Record<string, boolean>): Record<string, Record<string, boolean>> {
  const out: Record<string, Record<string, boolean>> = {};
  for (const [name, value] of Object.entries(toggled)) {
    const [section, key] = name.split('_');
    out[section] ??= {};
    out[section][key] = value;
  }
  return out;
}

/** One node operation: credentials and call first, then the operation's parameters, as the node assembles them. */
async function node(t: Test, app: FastifyInstance, call: string, params: Record<string, unknown>): Promise<Body> {
  const query = qs.stringify({ ...CREDENTIALS, call, ...params });
  const response = await app.inject({
    method: 'GET',
    url: `/admin/api.php?${query}`,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
  });
  t.equal(response.statusCode, 200);
  return response.json() as Body;
}

t.test("the n8n node's contact operations succeed as it sends them, and the privileges read back", async (t) => {
  const app = await build(t);
  const create = {
    id: 1,
    firstname: 'Nina',
    lastname: 'Park',
    email: 'nina.park@morgan-design.com',
    password: 'Nina-Pass-2026',
    password2: 'Nina-Pass-2026',
    phonenumber: '+1.5125550177',
    city: 'Austin',
    privileges: formatPrivileges({ billing_emails: true, billing_payinvoice: true, billing_balance: true, support_tickets: true }),
  };
  t.match(qs.stringify(create.privileges, { encode: false }), 'billing[emails]=true', 'the flags go out as =true');
  const created = await node(t, app, 'addClientContact', create);
  t.match(created, { success: true, contact_id: '12' }, 'Client Contact: Create');

  // page 0 as a user sets it: the node's default page 1 is the second page, since pages count from 0.
  const granted = { billing: { emails: '1', payinvoice: '1', balance: '1' }, support: { tickets: '1' } };
  const listed = await node(t, app, 'getClientContacts', { id: 1, page: 0 });
  t.equal(listed.success, true, 'Client Contact: Get by Client');
  t.strictSame((listed.contacts as { id: string; privileges: unknown }[]).at(-1), {
    id: '12',
    firstname: 'Nina',
    lastname: 'Park',
    datecreated: '2026-11-20',
    email: 'nina.park@morgan-design.com',
    privileges: granted,
  });
  const details = await node(t, app, 'getClientDetails', { id: 12 });
  t.strictSame((details.client as { privileges: unknown }).privileges, granted, 'Client: Get shows them too');

  const update = {
    id: 12,
    lastname: 'Park-Lee',
    privileges: formatPrivileges({ billing_emails: true, billing_payinvoice: false, misc_editmain: true, support_closeticket: false }),
  };
  const updated = await node(t, app, 'setContactDetails', update);
  t.strictSame(updated.info, ['Client details updated'], 'Client Contact: Update');
  const after = (await node(t, app, 'getClientDetails', { id: 12 })).client as { lastname: string; privileges: unknown };
  t.equal(after.lastname, 'Park-Lee');
  t.strictSame(after.privileges, { billing: { emails: '1' }, misc: { editmain: '1' } }, 'a false toggle grants nothing');

  const deleted = await node(t, app, 'deleteClientContact', { client_id: '12', parent_id: '1' });
  t.strictSame(deleted.info, ['Contact has been deleted'], 'Client Contact: Delete');
  const left = await node(t, app, 'getClientContacts', { id: 1, page: 0 });
  t.strictSame(
    (left.contacts as { id: string }[]).map((c) => c.id),
    ['10'],
  );
});
