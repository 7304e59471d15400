// Flags and dates as clients send them, on every call that takes one: the
// calls and parameters come from a walk of the schemas (src/schema-forms.ts),
// so a new call is covered as soon as its schema is written.
import t from 'tap';
import { api, apiJson, assertSuccess, build, ENCODINGS, storeJson, type WireParams } from '../helpers/app.js';
import { refusedWith } from '../helpers/refusals.js';
import { accountDetails, emails, read } from '../helpers/reads.js';
import {
  allSchemas,
  operationSchemaId,
  paramMessages,
  requestRef,
  requestValidator,
  schemaAt,
  strictValidator,
} from '../../src/schemas.js';
import { requestForms, type FormPlace } from '../../src/schema-forms.js';
import { PARAM_FORMS } from '../../src/generated/param-forms.js';
import { readParamForms } from '../../src/lib/param-forms.js';
import { callSections } from '../../src/schema-files.js';

const FORMS = requestForms();
const PLACES = Object.entries(FORMS).flatMap(([call, places]) => places.map((place) => ({ call, ...place })));

/** The sets keyed by the client need a key their schema takes: the first of its listed names, or a number. */
function sampleKey(containerRef: string): string {
  const names = schemaAt(`${containerRef}/propertyNames`);
  if (!names) return '0';
  const check = strictValidator(`${containerRef}/propertyNames`);
  const candidates = [...((names.enum as string[] | undefined) ?? []), '0', '1', 'a'];
  return candidates.find((key) => check(key)) ?? '0';
}

/** The request holding `value` at the place's path, and the JSON pointer of the value in it. */
function requestWith(place: FormPlace, value: unknown): { params: Record<string, unknown>; pointer: string } {
  const keys: string[] = [];
  let wildcard = 0;
  for (const key of place.path) {
    if (key !== '*') keys.push(key);
    else {
      const { kind, ref } = place.wildcards[wildcard++];
      keys.push(kind === 'items' ? '0' : sampleKey(ref));
    }
  }
  let built: unknown = value;
  wildcard = place.wildcards.length - 1;
  for (let i = place.path.length - 1; i >= 0; i--) {
    built = place.path[i] === '*' && place.wildcards[wildcard--].kind === 'items' ? [built] : { [keys[i]]: built };
  }
  return { params: built as Record<string, unknown>, pointer: `/${keys.join('/')}` };
}

function valueAt(params: unknown, pointer: string): unknown {
  let at = params;
  for (const key of pointer.split('/').slice(1)) at = (at as Record<string, unknown>)[key];
  return at;
}

/** What the request layer does: read the forms, then validate. Answers the value the call would get, and the messages about it. */
function through(call: string, place: FormPlace, value: unknown, read = true) {
  const { params, pointer } = requestWith(place, value);
  const input = read ? readParamForms(params, PARAM_FORMS[call] ?? []) : params;
  const sent = structuredClone(input);
  const check = requestValidator(call);
  check(input);
  const about = (check.errors ?? []).filter((e) => e.instancePath === pointer || e.instancePath.startsWith(`${pointer}/`));
  return { value: valueAt(input, pointer), messages: about.length > 0 ? paramMessages(about, sent) : [] };
}

const TRUE = ['true', 'TRUE', 'True', 'on', 'ON', 'yes', 'Yes', true, '1'];
const FALSE = ['false', 'FALSE', 'off', 'Off', 'no', 'NO', false, '0'];

/** ISO date-times and what a date and a date-time parameter get from them. */
const ISO: Array<[string, string, string]> = [
  ['2027-01-15T00:00:00', '2027-01-15', '2027-01-15 00:00:00'],
  ['2027-01-15T10:30:05Z', '2027-01-15', '2027-01-15 10:30:05'],
  ['2027-01-15T10:30:05.250Z', '2027-01-15', '2027-01-15 10:30:05'],
  ['2027-01-15T23:30:00-02:00', '2027-01-16', '2027-01-16 01:30:00'],
  ['2027-01-15T00:30:00+0100', '2027-01-14', '2027-01-14 23:30:00'],
  // The last moment a wire date shows (src/lib/dates.ts LAST_MOMENT): a moment past it is kept at it.
  ['9999-12-31T23:00:00-05:00', '9999-12-31', '9999-12-31 23:59:59'],
];
const GARBAGE: Record<FormPlace['form'], string[]> = {
  flag: ['maybe', '2', 'y', 'truee', ' on'],
  date: ['15/01/2027', '2027-01-15T25:00:00', '2027-02-30T00:00:00', '2027-01-15Tnoon', 'tomorrow'],
  datetime: ['15/01/2027 10:00', '2027-01-15T10:61:00', '2027-02-30T00:00:00', 'now'],
};

t.test('the walk finds the flags and dates the request layer reads, and every one the shared definitions name', async (t) => {
  const generated = Object.fromEntries(Object.entries(FORMS).map(([call, places]) => [call, places.map((p) => [p.path, p.form])]));
  t.strictSame(PARAM_FORMS, generated, 'src/generated/param-forms.ts is the walk of the schemas (npm run gen:types)');

  // An independent look: every parameter that names the shared flag, date or date-time definition is covered.
  const FORM_OF: Record<string, string> = { flag: 'flag', date: 'date', datetime: 'datetime' };
  const named: string[] = [];
  const look = (node: unknown, path: string[], call: string) => {
    if (typeof node !== 'object' || node === null) return;
    const { $ref, properties } = node as { $ref?: string; properties?: Record<string, unknown> };
    const def = $ref?.match(/common\/defs\.json#\/definitions\/(\w+)$/)?.[1];
    if (def && FORM_OF[def]) named.push(`${call} ${path.join('.')} ${FORM_OF[def]}`);
    for (const [key, child] of Object.entries(properties ?? {})) look(child, [...path, key], call);
  };
  for (const call of callSections().keys()) {
    const schema = allSchemas().find((s) => s.$id === operationSchemaId(call)) as { properties: { request: unknown } };
    look(schema.properties.request, [], call);
  }
  const found = new Set(PLACES.map((p) => `${p.call} ${p.path.join('.')} ${p.form}`));
  t.ok(named.length > 30, `${named.length} parameters name the shared definitions`);
  t.strictSame(
    named.filter((entry) => !found.has(entry)),
    [],
    'none is missed',
  );
  t.ok(schemaAt(requestRef('addOrder')), 'requests are found by reference');
  for (const [call, path, form] of [
    ['addOrder', 'domain_dns', 'flag'],
    ['editAccountDetails', 'next_due', 'date'],
    ['getTickets', 'filter.admin_read', 'flag'],
    ['getTransactions', 'filter.date', 'date'],
    ['meteredAddUsage', 'date_created', 'datetime'],
    ['editContactPermissions', 'privileges.billing.*', 'flag'],
  ]) {
    t.ok(found.has(`${call} ${path} ${form}`), `${call} ${path} is a ${form}`);
  }
  t.notOk(
    [...found].some((entry) => entry.startsWith('getDomains filter.brand_id')),
    'an id that is 0 or 1 is no flag (paramForm none)',
  );
  t.notOk(
    [...found].some((entry) => entry.startsWith('addInvoicePayment date')),
    'a date that takes the T form already is left to its call',
  );
  t.notOk(
    [...found].some((entry) => entry.startsWith('addOrder domain_tld')),
    'a text that may look like a date is no date',
  );
});

t.test('every flag of every call reads true, on and yes as 1 and false, off and no as 0', async (t) => {
  const flags = PLACES.filter((p) => p.form === 'flag');
  t.ok(flags.length > 40, `${flags.length} flags`);
  for (const place of flags) {
    const name = `${place.call} ${place.path.join('.')}`;
    for (const sent of TRUE) t.strictSame(through(place.call, place, sent), { value: '1', messages: [] }, `${name}=${sent}`);
    for (const sent of FALSE) t.strictSame(through(place.call, place, sent), { value: '0', messages: [] }, `${name}=${sent}`);
  }
});

t.test('every date and date-time of every call takes an ISO date-time, read in UTC', async (t) => {
  const dates = PLACES.filter((p) => p.form !== 'flag');
  t.ok(dates.length > 15, `${dates.length} dates and date-times`);
  for (const place of dates) {
    const name = `${place.call} ${place.path.join('.')}`;
    for (const [sent, date, datetime] of ISO) {
      const expected = place.form === 'date' ? date : datetime;
      t.strictSame(through(place.call, place, sent), { value: expected, messages: [] }, `${name}=${sent}`);
    }
    const plain = place.form === 'date' ? '2027-01-15' : '2027-01-15 10:00:00';
    t.strictSame(through(place.call, place, plain), { value: plain, messages: [] }, `${name}=${plain} as before`);
  }
});

t.test('a value in no form is still refused with the usual message', async (t) => {
  for (const place of PLACES) {
    for (const sent of GARBAGE[place.form]) {
      const name = `${place.call} ${place.path.join('.')}=${JSON.stringify(sent)}`;
      const read = through(place.call, place, sent);
      t.equal(read.value, sent, `${name} is left as sent`);
      t.equal(read.messages.length, 1, `${name} is refused`);
      t.strictSame(read.messages, through(place.call, place, sent, false).messages, `${name}: the message without the reading`);
    }
  }
  // The words, for the shared definitions.
  t.strictSame(through('addOrder', placeOf('addOrder', 'domain_dns'), 'maybe').messages, ['Parameter domain_dns must be one of: 0, 1']);
  t.strictSame(through('editAccountDetails', placeOf('editAccountDetails', 'next_due'), '2027-01-15T25:00:00').messages, [
    'Parameter next_due must be a date as YYYY-MM-DD',
  ]);
});

function placeOf(call: string, path: string): FormPlace {
  return FORMS[call].find((p) => p.path.join('.') === path) as FormPlace;
}

// The n8n node's requests, end to end.

const ORDER: WireParams = { client_id: '1', product: '2', cycle: 'm', domain_name: 'shop.example.com' };

t.test('addOrder with domain_dns=true and the other flags as words orders as with 1s', async (t) => {
  const app = await build(t);
  const words = { ...ORDER, domain_dns: 'true', invoice_generate: 'true', confirm: 'yes', invoice_info: 'on', domain_email: 'false' };
  const ones = { ...ORDER, domain_dns: '1', invoice_generate: '1', confirm: '1', invoice_info: '1', domain_email: '0' };
  const byWords = assertSuccess(t, await api(app, 'addOrder', words, { session: 'words' }), 'addOrder');
  const byOnes = assertSuccess(t, await api(app, 'addOrder', ones, { session: 'ones' }), 'addOrder');
  t.strictSame(byWords, byOnes);
  t.equal(storeJson(app, 'words'), storeJson(app, 'ones'), 'the same world');
  const json = assertSuccess(
    t,
    await apiJson(app, 'addOrder', { ...ORDER, domain_dns: true, invoice_generate: true, confirm: true }),
    'addOrder',
  );
  t.match(json, { order_id: byWords.order_id });
  const details = (await read(t, app, 'getOrderDetails', { id: byWords.order_id as string }, 'words')).details as Record<string, unknown>;
  t.not(details.invoice_id, '0', 'invoice_generate=true made the invoice');
  t.strictSame(
    (await emails(app, 'words')).map((e) => e.template),
    (await emails(app, 'ones')).map((e) => e.template),
  );
  t.ok((await emails(app, 'words')).length >= 2, 'confirm=yes and invoice_info=on recorded their e-mails');
});

t.test('notify_client=false is 0, as the n8n node means it, and TRUE is 1', async (t) => {
  const app = await build(t);
  const ticket = { client_id: '3', subject: 'Staff ticket', body: 'x' };
  assertSuccess(t, await api(app, 'addTicket', { ...ticket, notify_client: 'false' }), 'addTicket');
  t.equal((await emails(app)).length, 0, 'false is not PHP-truthy here: no e-mail');
  assertSuccess(t, await api(app, 'addTicket', { ...ticket, notify_client: 'TRUE' }), 'addTicket');
  t.equal((await emails(app)).length, 1);
});

t.test('editAccountDetails takes next_due=2027-01-15T00:00:00 through every encoding and JSON', async (t) => {
  const app = await build(t);
  for (const via of ENCODINGS) {
    assertSuccess(
      t,
      await api(app, 'editAccountDetails', { id: '1', next_due: '2027-01-15T00:00:00' }, { via, session: via }),
      'editAccountDetails',
    );
    t.match(await accountDetails(t, app, '1', via), { next_due: '2027-01-15' }, via);
  }
  assertSuccess(t, await apiJson(app, 'editAccountDetails', { id: 1, next_due: '2027-03-01T09:00:00.000Z' }), 'editAccountDetails');
  t.match(await accountDetails(t, app, '1'), { next_due: '2027-03-01' }, 'a JSON body with an n8n dateTime');
});

t.test('filters read the same words: filter[admin_read]=yes lists what filter[admin_read]=1 does', async (t) => {
  const app = await build(t);
  const tickets = async (filter: WireParams) =>
    ((await read(t, app, 'getTickets', filter)).tickets as { ticket_number: string }[]).map((x) => x.ticket_number);
  t.strictSame(await tickets({ 'filter[admin_read]': 'yes', 'filter[date]': '2026-11-14T10:00:00' }), ['364487']);
  t.strictSame(await tickets({ 'filter[admin_read]': '1', 'filter[date]': '2026-11-14' }), ['364487']);
  t.strictSame(await tickets({ 'filter[admin_read]': 'No', 'filter[date]': '2026-11-19T23:59:59Z' }), ['139729', '702108']);
});

t.test('garbage flags and dates are refused end to end, changing nothing', async (t) => {
  const app = await build(t);
  await refusedWith(t, app, 'addOrder', [
    [{ ...ORDER, domain_dns: 'maybe' }, 'Parameter domain_dns must be one of: 0, 1'],
    [{ ...ORDER, invoice_generate: '' }, 'Parameter invoice_generate must be one of: 0, 1'],
  ]);
  await refusedWith(t, app, 'editAccountDetails', [
    [{ id: '1', next_due: '2027-01-15T25:00:00' }, 'Parameter next_due must be a date as YYYY-MM-DD'],
    [{ id: '1', next_due: '15/01/2027' }, 'Parameter next_due must be a date as YYYY-MM-DD'],
  ]);
});
