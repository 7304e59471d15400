// The /__billsim control routes in the OpenAPI document: one tag, request and
// response schemas for each route. They are billsim's own routes, not the
// emulated API's: JSON in, JSON out, real 4xx statuses with { error }.
import type { Schema } from './openapi-schemas.js';
import { SESSION_HEADER } from './endpoint.js';

const PREFIX = '/__billsim';
const ref = (name: string) => ({ $ref: `#/components/schemas/control_${name}` });

export const CONTROL_TAG = {
  name: 'Test control',
  description: [
    "billsim's own routes for tests: reset, snapshots, faults, the clock, the request journal and the stored state.",
    `Each acts on the session named by the \`${SESSION_HEADER}\` header (default: "default").`,
    'Errors are `{ "error": "..." }` with a 4xx status (503 when a data file cannot be saved); a known path asked with',
    'another method answers 405 with an `Allow` header. With `--control-token`, every route but health needs',
    '`Authorization: Bearer <token>`.',
  ].join(' '),
};

const text = (description: string, extra: Schema = {}): Schema => ({ type: 'string', description, ...extra });
const whole = (description: string, extra: Schema = {}): Schema => ({ type: 'integer', description, ...extra });
const object = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({
  type: 'object',
  required,
  properties,
  additionalProperties: false,
});

const FAULT: Record<string, Schema> = {
  call: text('The API call to fail, or "*" for every call.'),
  error: { type: 'array', items: { type: 'string' }, minItems: 1, description: 'Answer these error messages.' },
  status: whole('Answer this HTTP status.', { minimum: 100, maximum: 599 }),
  delayMs: whole('Wait this long before answering.', { minimum: 0, maximum: 60000 }),
  times: whole('Fail this many requests, then stop (default: until removed).', { minimum: 1 }),
};

/** Schemas of the control bodies, as components named control_<Name>. */
export function controlComponents(): Record<string, Schema> {
  const callCount = whole('', { minimum: 0 });
  const components: Record<string, Schema> = {
    Error: object({ error: text('What was wrong and what to send instead.') }),
    Health: object({
      status: { const: 'ok' },
      version: text('The billsim version.'),
      sessions: whole('Sessions held now.', { minimum: 0 }),
    }),
    Reset: object({ reset: { type: 'array', items: { type: 'string' }, description: 'The sessions put back to the seed.' } }),
    SessionSummary: object({
      name: text('The session name.'),
      createdAt: text('When it was created (ISO 8601).', { format: 'date-time' }),
      requests: whole('Entries in its request journal.', { minimum: 0 }),
      snapshots: { type: 'array', items: { type: 'string' }, description: 'Its snapshot names.' },
    }),
    Sessions: object({ sessions: { type: 'array', items: ref('SessionSummary') } }),
    Deleted: object({ deleted: text('The name deleted.'), session: text('The session it belonged to.') }, ['deleted']),
    SnapshotSaved: object({
      saved: text('The snapshot name.'),
      session: text('The session.'),
      savedAt: text('The session clock when saved.'),
    }),
    SnapshotRestored: object({ restored: text('The snapshot name.'), session: text('The session.') }),
    Snapshots: object({ snapshots: { type: 'array', items: object({ name: text('The snapshot name.'), savedAt: text('When.') }) } }),
    JournalEntry: object({
      time: text('The session clock when the call was answered ("YYYY-MM-DD HH:MM:SS").'),
      call: text('The call name as sent.'),
      params: {
        type: 'object',
        description: 'The parameters, with api_key, passwords, card data, tokens and the content of attachments redacted.',
      },
      success: { type: 'boolean' },
      error: { type: 'array', items: { type: 'string' }, description: 'The error messages answered (empty on success).' },
      durationMs: { type: 'number', minimum: 0 },
      answer: text('The JSON text the client received, cut after 16,384 characters.'),
    }),
    Requests: object({ requests: { type: 'array', items: ref('JournalEntry'), description: 'Newest first.' } }),
    Emails: object({
      emails: { type: 'array', items: { $ref: '#/components/schemas/resources_email' }, description: 'Newest first.' },
    }),
    Cleared: object({ cleared: { const: true } }),
    Coverage: object({
      calls: {
        type: 'object',
        description: 'Per call name: requests, successes and errors in this session.',
        additionalProperties: object({ requests: callCount, successes: callCount, errors: callCount }),
      },
      unexercised: { type: 'array', items: { type: 'string' }, description: 'The calls never requested in this session.' },
    }),
    FaultSpec: object(FAULT, ['call']),
    Fault: object(
      {
        id: whole('The fault id.'),
        ...FAULT,
        remaining: { type: ['integer', 'null'], description: 'Requests it still fails; null: until removed.' },
      },
      ['id', 'call', 'remaining'],
    ),
    Faults: object({ faults: { type: 'array', items: ref('Fault') } }),
    ClockChange: {
      type: 'object',
      description:
        'Give one of now, advanceSeconds and advanceDays, each with or without frozen; or frozen alone. The daily automation runs once for each midnight the clock passes.',
      properties: {
        now: text('Jump to this moment, UTC.', {
          pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$',
          examples: ['2026-12-01 09:00:00'],
        }),
        advanceSeconds: whole('Move by this many seconds (negative to go back).', { examples: [86400] }),
        advanceDays: whole('Move on by this many days, running the daily automation for each.', {
          minimum: 1,
          maximum: 36525,
          examples: [30],
        }),
        frozen: { type: 'boolean', description: 'true: stop at the (new) moment; false: run on from it with real time.' },
      },
      additionalProperties: false,
    },
    Clock: object({
      now: text('The session clock, UTC ("YYYY-MM-DD HH:MM:SS").'),
      server_time: whole('The same moment in Unix seconds, as server_time in API answers.'),
      frozen: { type: 'boolean', description: 'Whether the clock stands still.' },
    }),
    AutomationSummary: object({
      days: whole('Daily runs done by this change.', { minimum: 0 }),
      actions: {
        type: 'object',
        description: 'How many of each action those runs did (invoice_created, reminder_sent, service_suspended, ...).',
        additionalProperties: whole('', { minimum: 1 }),
      },
    }),
    ClockSet: object({
      now: text('The session clock, UTC ("YYYY-MM-DD HH:MM:SS").'),
      server_time: whole('The same moment in Unix seconds, as server_time in API answers.'),
      frozen: { type: 'boolean', description: 'Whether the clock stands still.' },
      automation: ref('AutomationSummary'),
    }),
    AutomationEntry: object({
      id: text('The entry id.'),
      day: text('The day the automation ran for (YYYY-MM-DD).'),
      action: text(
        'invoice_created, credit_applied, reminder_sent, late_fee_added, service_suspended, service_terminated, invoice_cancelled, order_cancelled, domain_expired, domain_redemption, domain_released or transfer_completed.',
      ),
      reason: text('Why, in words ("invoice #12 unpaid 5 days past due").'),
      records: { type: 'object', description: 'Ids of the records touched, by field name.', additionalProperties: { type: 'string' } },
    }),
    Automation: object({
      enabled: { type: 'boolean', description: 'Whether the daily automation runs in this session.' },
      last_run: text('The last day it ran for (or the day the session started on, before any run).'),
      entries: { type: 'array', items: ref('AutomationEntry'), description: 'The automation log, newest first (at most 1000).' },
    }),
    AutomationChange: object({ enabled: { type: 'boolean', description: 'false: the clock passes midnight without the automation.' } }),
    Collections: object({
      collections: { type: 'array', items: object({ name: text('The collection.'), rows: whole('Its records.', { minimum: 0 }) }) },
    }),
    Rows: {
      type: 'object',
      description: 'The collection name, holding its records in wire shape; with page or perpage, also sorter.',
      properties: {
        sorter: object({
          perpage: whole('Records per page.'),
          totalpages: whole('Pages in all.'),
          sorterrecords: whole('Records in all (matching field and value when given).'),
          sorterpage: whole('The next page to ask for.'),
        }),
      },
      additionalProperties: { type: 'array', items: { type: 'object' } },
    },
    Record: { type: 'object', description: 'One stored record in wire shape.' },
  };
  return Object.fromEntries(Object.entries(components).map(([name, schema]) => [`control_${name}`, schema]));
}

const ERRORS: Record<number, string> = {
  400: 'The request was not what the route takes: the message says what to send.',
  401: 'Started with --control-token and the Authorization: Bearer header was missing or wrong.',
  404: 'No such session, snapshot, collection or record.',
  409: 'The session already holds as many as allowed (50 snapshots, 100 faults).',
  415: 'A body that is not JSON: send a JSON object with Content-Type: application/json.',
  503: 'The change could not be saved to the data file (--data), so it was not applied.',
};

interface Route {
  summary: string;
  description?: string;
  ok: Schema;
  status?: number;
  errors?: number[];
  body?: Schema;
  /** A body that succeeds at once in the docs page's "Try it out". */
  example?: unknown;
  query?: Schema[];
  open?: boolean;
  /** Acts on a session picked by the header. */
  session?: boolean;
}

function operation(id: string, route: Route): Schema {
  const parameters: Schema[] = [...(route.query ?? [])];
  if (route.session !== false) parameters.push({ $ref: '#/components/parameters/session' });
  const responses: Schema = {
    [route.status ?? 200]: { description: route.summary, content: { 'application/json': { schema: route.ok } } },
  };
  for (const status of [...(route.errors ?? []), ...(route.open ? [] : [401])].sort()) {
    responses[status] = { description: ERRORS[status], content: { 'application/json': { schema: ref('Error') } } };
  }
  const out: Schema = { operationId: id, tags: [CONTROL_TAG.name], summary: route.summary, parameters, responses };
  if (route.description) out.description = route.description;
  if (route.body) out.requestBody = { required: true, content: { 'application/json': { schema: route.body, example: route.example } } };
  // The token is needed only when the server was started with one.
  out.security = route.open ? [] : [{}, { controlToken: [] }];
  return out;
}

const pathName = (name: string, description: string, example: string): Schema => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});
const SNAPSHOT = pathName('name', 'The snapshot name (1-64 characters).', 'before');

/** The control routes by path, as src/http/control.ts serves them. */
export function controlPaths(): Record<string, Schema> {
  const paths: Record<string, Record<string, Schema>> = {
    '/health': {
      get: operation('controlHealth', {
        summary: 'Is billsim up: its version and the number of sessions',
        ok: ref('Health'),
        open: true,
        session: false,
      }),
    },
    '/reset': {
      post: operation('controlReset', {
        summary: "Put the session's state, journal, faults and clock back to the seed",
        query: [
          {
            name: 'all',
            in: 'query',
            required: false,
            description: 'true or 1: every session',
            schema: { type: 'string', enum: ['1', 'true'] },
          },
        ],
        ok: ref('Reset'),
        errors: [400, 503],
      }),
    },
    '/sessions': { get: operation('controlSessions', { summary: 'The sessions held now', ok: ref('Sessions'), session: false }) },
    '/sessions/{name}': {
      delete: operation('controlDeleteSession', {
        summary: 'Drop a session; its next request starts from the seed',
        description: 'The default session cannot be deleted: reset it instead.',
        query: [pathName('name', 'The session name.', 'worker-1')],
        ok: ref('Deleted'),
        errors: [400, 404],
        session: false,
      }),
    },
    '/snapshots': { get: operation('controlSnapshots', { summary: "The session's snapshots", ok: ref('Snapshots'), errors: [400] }) },
    '/snapshots/{name}': {
      post: operation('controlSaveSnapshot', {
        summary: "Save the session's whole state under a name (at most 50 per session)",
        query: [SNAPSHOT],
        ok: ref('SnapshotSaved'),
        errors: [400, 409],
      }),
      delete: operation('controlDeleteSnapshot', {
        summary: 'Delete a snapshot',
        query: [SNAPSHOT],
        ok: ref('Deleted'),
        errors: [400, 404],
      }),
    },
    '/snapshots/{name}/restore': {
      post: operation('controlRestoreSnapshot', {
        summary: "Put the session's state back to a snapshot",
        query: [SNAPSHOT],
        ok: ref('SnapshotRestored'),
        errors: [400, 404, 503],
      }),
    },
    '/requests': {
      get: operation('controlRequests', {
        summary: 'The request journal, newest first (at most 1000 per session)',
        query: [
          { name: 'call', in: 'query', required: false, description: 'Only this call.', schema: { type: 'string' } },
          { name: 'limit', in: 'query', required: false, description: 'At most this many.', schema: { type: 'integer', minimum: 1 } },
        ],
        ok: ref('Requests'),
        errors: [400],
      }),
      delete: operation('controlClearRequests', { summary: 'Empty the request journal', ok: ref('Cleared'), errors: [400] }),
    },
    '/emails': {
      get: operation('controlEmails', {
        summary: 'The outbox: the e-mails billsim would have sent, newest first (at most 1000 per session)',
        query: [
          {
            name: 'to',
            in: 'query',
            required: false,
            description: 'Only those to this address (any letter case).',
            schema: { type: 'string' },
          },
        ],
        ok: ref('Emails'),
        errors: [400],
      }),
      delete: operation('controlClearEmails', { summary: 'Empty the outbox', ok: ref('Cleared'), errors: [400, 503] }),
    },
    '/coverage': {
      get: operation('controlCoverage', {
        summary: 'Per call: requests, successes, errors; and the calls never run',
        ok: ref('Coverage'),
        errors: [400],
      }),
    },
    '/faults': {
      post: operation('controlAddFault', {
        summary: 'Make the next requests of a call fail, answer a status or wait',
        body: ref('FaultSpec'),
        example: { call: 'getInvoiceDetails', error: ['Database unavailable'], times: 1 },
        ok: ref('Fault'),
        status: 201,
        errors: [400, 409, 415],
      }),
      get: operation('controlFaults', { summary: "The session's faults", ok: ref('Faults'), errors: [400] }),
      delete: operation('controlClearFaults', { summary: 'Remove every fault', ok: ref('Cleared'), errors: [400] }),
    },
    '/faults/{id}': {
      delete: operation('controlDeleteFault', {
        summary: 'Remove one fault',
        query: [pathName('id', 'The fault id, as GET /__billsim/faults lists it.', '1')],
        ok: ref('Deleted'),
        errors: [400, 404],
      }),
    },
    '/clock': {
      get: operation('controlClock', { summary: 'The session clock', ok: ref('Clock'), errors: [400] }),
      post: operation('controlSetClock', {
        summary: 'Set, advance, freeze or unfreeze the session clock',
        description: 'server_time and every date a mutation writes come from this clock.',
        body: ref('ClockChange'),
        example: { advanceDays: 30 },
        ok: ref('ClockSet'),
        errors: [400, 415, 503],
      }),
    },
    '/automation': {
      get: operation('controlAutomation', {
        summary: 'What the daily billing automation did, newest first, and whether it runs',
        query: [
          {
            name: 'limit',
            in: 'query',
            required: false,
            description: 'At most this many entries.',
            schema: { type: 'integer', minimum: 1, maximum: 1000 },
          },
        ],
        ok: ref('Automation'),
        errors: [400, 503],
      }),
      post: operation('controlSetAutomation', {
        summary: 'Turn the daily billing automation on or off for the session',
        body: ref('AutomationChange'),
        example: { enabled: false },
        ok: ref('Automation'),
        errors: [400, 415],
      }),
    },
    '/state': {
      get: operation('controlCollections', { summary: 'The collections and their record counts', ok: ref('Collections'), errors: [400] }),
    },
    '/state/{collection}': {
      get: operation('controlRows', {
        summary: "A collection's stored records, all or a page",
        description:
          'Without page and perpage: every record, in stored order. With either: one page, newest first, and a sorter as the API lists have. ' +
          'field and value keep the records whose field equals value (a page of them when paged): accounts with order_id 1022 are the services of order 1022.',
        query: [
          pathName('collection', 'A collection name, as GET /__billsim/state lists them.', 'invoices'),
          { name: 'page', in: 'query', required: false, description: 'The page, from 0.', schema: { type: 'integer', minimum: 0 } },
          {
            name: 'perpage',
            in: 'query',
            required: false,
            description: 'Records per page (default 25).',
            schema: { type: 'integer', minimum: 1, maximum: 1000 },
          },
          {
            name: 'field',
            in: 'query',
            required: false,
            description: 'A field of the records, such as client_id.',
            schema: { type: 'string' },
          },
          { name: 'value', in: 'query', required: false, description: 'The text that field must equal.', schema: { type: 'string' } },
        ],
        ok: ref('Rows'),
        errors: [400, 404],
      }),
    },
    '/state/{collection}/{id}': {
      get: operation('controlRecord', {
        summary: 'One stored record',
        query: [pathName('collection', 'A collection name.', 'invoices'), pathName('id', 'The record id.', '1')],
        ok: ref('Record'),
        errors: [400, 404],
      }),
    },
  };
  return Object.fromEntries(Object.entries(paths).map(([path, item]) => [`${PREFIX}${path}`, item]));
}
