// What the session-control service is sent, checked the same way for both
// front ends (the /__billsim routes and createSimulator's handle): each input
// against its schema in schemas/control/, with the prebuilt validators, and by
// hand only what a schema cannot say well: one clock move at most, a date that
// exists, a call billsim simulates, a collection's fields. Every problem is
// named at once, in one message with "; " between them: unknown fields first,
// then each field in the schema's order, then the rules across fields.
import type { ErrorObject } from 'ajv';
import { parseDateTime } from '../lib/dates.js';
import { allSchemas, COLLECTIONS_ID, type ControlPart, controlRef, controlValidator, schemaAt } from '../schemas.js';
import type {
  AutomationChange,
  AutomationFilter,
  DeliveriesQuery,
  EmailFilter,
  WebhookSpec,
  FaultSpec,
  JournalFilter,
  StateQuery,
  StubSpec,
  StubsQuery,
  ClockChange as WireClockChange,
} from '../generated/wire.js';
import { COLLECTION_NAMES } from '../store/fixtures.js';
import type { CollectionName } from '../store/world.js';
import { type ClockMove, EARLIEST, LATEST } from './clock.js';
import { badInput, ControlError, quoted } from './control-error.js';
import { ENVELOPE_KEYS, keepCompiled, stubProblems } from './stubs.js';

/** A clock change as both front ends send it: in-process, `now` may be a Date. */
export type ClockChange = Omit<WireClockChange, 'now'> & { now?: string | Date };

type Fields = Record<string, unknown>;
type Schema = Record<string, unknown>;

/** One input of a control route, and how a refusal names it. */
interface Input {
  /** schemas/control/<route>.json */
  route: string;
  part: ControlPart;
  /** A field of it, in "Unknown <noun> field": clock, fault, filter. */
  noun: string;
  /** What to send when it is not an object at all: a clock change, a fault. */
  shape: string;
}

const CLOCK: Input = { route: 'setClock', part: 'body', noun: 'clock', shape: 'a clock change' };
const FAULT: Input = { route: 'addFault', part: 'body', noun: 'fault', shape: 'a fault' };
const AUTOMATION: Input = { route: 'setAutomation', part: 'body', noun: 'automation', shape: 'an automation change' };
const JOURNAL: Input = { route: 'requests', part: 'query', noun: 'filter', shape: 'a filter' };
const OUTBOX: Input = { route: 'emails', part: 'query', noun: 'filter', shape: 'a filter' };
const AUTOMATION_LOG: Input = { route: 'automation', part: 'query', noun: 'filter', shape: 'a filter' };
const STATE: Input = { route: 'rows', part: 'query', noun: 'state query', shape: 'a query' };
const RESET: Input = { route: 'reset', part: 'query', noun: 'reset query', shape: 'a query' };
const SNAPSHOT: Input = { route: 'saveSnapshot', part: 'params', noun: 'snapshot', shape: 'a snapshot name' };
const FAULT_ID: Input = { route: 'deleteFault', part: 'params', noun: 'fault', shape: 'a fault id' };
const STUB: Input = { route: 'addStub', part: 'body', noun: 'stub', shape: 'a stub' };
const STUB_ID: Input = { route: 'deleteStub', part: 'params', noun: 'stub', shape: 'a stub id' };
const STUBS_PAGE: Input = { route: 'stubs', part: 'query', noun: 'stubs query', shape: 'a query' };
const WEBHOOK: Input = { route: 'addWebhook', part: 'body', noun: 'webhook', shape: 'a webhook' };
const WEBHOOK_ID: Input = { route: 'deleteWebhook', part: 'params', noun: 'webhook', shape: 'a webhook id' };
const DELIVERIES: Input = { route: 'deliveries', part: 'query', noun: 'deliveries query', shape: 'a query' };
const DELIVERY_ID: Input = { route: 'redeliver', part: 'params', noun: 'delivery', shape: 'a delivery id' };
const SESSION: Input = { route: 'deleteSession', part: 'params', noun: 'session', shape: 'a session name' };

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

function schemaOf(input: Input): Schema {
  const schema = schemaAt(controlRef(input.route, input.part));
  if (!schema) throw new Error(`schemas/control/${input.route}.json has no ${input.part}`);
  return schema;
}

/** A value as a short JSON sample: { "call": "*", "times": 1 }. */
function sample(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sample).join(', ')}]`;
  if (!isFields(value)) return JSON.stringify(value);
  const entries = Object.entries(value).map(([key, v]) => `${JSON.stringify(key)}: ${sample(v)}`);
  return `{ ${entries.join(', ')} }`;
}

/** The field an error of the schema is about: the first step of its path (`/error/3` is about error). */
const fieldOf = (instancePath: string) =>
  decodeURIComponent(instancePath.split('/')[1] ?? '')
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');

/** "a", "a or b", "a, b or c" */
const either = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? ''));

/** What to send instead of something that is not an object: the schema's examples, or one made of its fields' examples. */
function shapeMessage(input: Input): string {
  const schema = schemaOf(input);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const examples = Array.isArray(schema.examples)
    ? schema.examples
    : [Object.fromEntries(Object.entries(properties).flatMap(([key, p]) => (Array.isArray(p.examples) ? [[key, p.examples[0]]] : [])))];
  return `Send ${input.shape} as ${input.part === 'body' ? 'a JSON object' : 'an object'}: ${either(examples.map(sample))}`;
}

/** The problems with one input, gathered, then answered as one bad-input error. */
class Problems {
  private readonly unknown: string[] = [];
  private readonly fields = new Map<string, string>();
  private readonly acrossFields: string[] = [];
  private readonly order: string[];

  constructor(
    private readonly input: Input,
    /** Rules made for this request, over the schema's (a collection's own fields). */
    private readonly rules: Record<string, string> = {},
  ) {
    this.order = Object.keys(schemaOf(input).properties ?? {});
  }

  /** A field's rule, which completes "<field> must be ...": its schema's description. */
  private rule(field: string): string {
    const described = schemaAt(`${controlRef(this.input.route, this.input.part)}/properties/${field}`)?.description;
    return this.rules[field] ?? String(described);
  }

  /** The field breaks its rule (`detail` says how, when the rule alone does not). The first problem of a field is the one named. */
  wrong(field: string, detail?: string): void {
    if (!this.fields.has(field)) this.fields.set(field, `${field} must be ${this.rule(field)}${detail ? `; ${detail}` : ''}`);
  }

  /** A rule across fields, named after those of single fields. */
  across(message: string): void {
    this.acrossFields.push(message);
  }

  fromSchema(errors: readonly ErrorObject[]): void {
    for (const { keyword, params, instancePath } of errors) {
      if (keyword === 'additionalProperties') this.unknown.push(String(params.additionalProperty));
      else if (keyword === 'required') this.wrong(String(params.missingProperty), 'it is missing');
      else if (keyword === 'dependencies') this.wrong(String(params.missingProperty));
      else this.wrong(fieldOf(instancePath));
    }
  }

  /** Throws the bad-input error naming every problem, if there is any. */
  answer(): void {
    const { unknown, fields, order } = this;
    const problems: string[] = [];
    if (unknown.length > 0) {
      const s = unknown.length > 1 ? 's' : '';
      problems.push(`Unknown ${this.input.noun} field${s} ${unknown.map(quoted).join(', ')}: send only ${order.join(', ')}`);
    }
    for (const field of new Set([...order, ...fields.keys()])) {
      const message = fields.get(field);
      if (message !== undefined) problems.push(message);
    }
    problems.push(...this.acrossFields);
    if (problems.length > 0) throw badInput(problems.join('; '));
  }
}

interface Checks {
  rules?: Record<string, string>;
  /** What the schema cannot say, checked on the fields as the schema left them (query values made numbers). */
  more?: (fields: Fields, problems: Problems) => void;
}

/** The input checked against its schema and `more`: a copy of its fields, or a bad-input error naming every problem. */
function checked(input: Input, value: unknown, { rules, more }: Checks = {}): Fields {
  if (!isFields(value)) throw badInput(shapeMessage(input));
  const fields = { ...value };
  const problems = new Problems(input, rules);
  const validate = controlValidator(input.route, input.part);
  if (!validate(fields)) problems.fromSchema(validate.errors ?? []);
  more?.(fields, problems);
  problems.answer();
  return fields;
}

/** The fields given (not undefined), in the order of `keys`. */
function given<T>(fields: Fields, keys: readonly string[]): T {
  return Object.fromEntries(keys.filter((key) => fields[key] !== undefined).map((key) => [key, fields[key]])) as T;
}

/** A limit a control schema states (`keyword` of the node at `ref`), for the code that keeps it. */
function limit(ref: string, keyword: 'maximum' | 'maxItems'): number {
  const value = schemaAt(ref)?.[keyword];
  if (typeof value !== 'number') throw new Error(`${ref} states no ${keyword}`);
  return value;
}

const most = (route: string, list: string) => limit(`${controlRef(route, 'answers')}/properties/200/properties/${list}`, 'maxItems');

/**
 * Per session. A snapshot holds a copy of every collection's row list (about
 * 10 MB at a million invoices), and every request checks the fault list, so
 * neither may grow without end: the lists' maxItems in their schemas.
 */
export const MAX_SNAPSHOTS = most('snapshots', 'snapshots');
export const MAX_FAULTS = most('faults', 'faults');
/** Every request of a stubbed call looks through its stubs. */
export const MAX_STUBS = most('stubs', 'stubs');
/** Stubs a page lists unless the query says: the example its schema gives. */
const STUBS_PER_PAGE = (() => {
  const ref = `${controlRef('stubs', 'query')}/properties/limit`;
  const [example] = (schemaAt(ref)?.examples ?? []) as unknown[];
  if (typeof example !== 'number') throw new Error(`${ref} gives no example`);
  return example;
})();
/** The most whole days one clock change moves on by. */
export const MAX_ADVANCE_DAYS = limit(`${controlRef('setClock', 'body')}/properties/advanceDays`, 'maximum');

// ---------------------------------------------------------------- clock

const MOVES = ['now', 'advanceSeconds', 'advanceDays'];

/** A clock change from either front end, checked whole: `now` as a moment of the clock's range. */
export function clockChangeOf(value: unknown): ClockMove {
  // JSON has no dates: an in-process Date is checked here, the rest against the schema.
  const date = isFields(value) && value.now instanceof Date ? value.now : undefined;
  let moment: Date | undefined;
  const fields = checked(CLOCK, date ? { ...(value as Fields), now: undefined } : value, {
    more: (fields, problems) => {
      const moves = MOVES.filter((key) => (key === 'now' ? (date ?? fields.now) : fields[key]) !== undefined);
      if (moves.length > 1) problems.across('Give only one of now, advanceSeconds and advanceDays');
      if (moves.length === 0 && fields.frozen === undefined) {
        problems.across('Give now ("YYYY-MM-DD HH:MM:SS"), advanceSeconds or advanceDays (a whole number), and/or frozen (true or false)');
      }
      if (date === undefined && typeof fields.now !== 'string') return;
      moment = date ?? parseDateTime(fields.now as string);
      const ms = moment?.getTime() ?? Number.NaN;
      if (!(ms >= EARLIEST && ms <= LATEST)) problems.wrong('now');
    },
  });
  return { ...given<ClockMove>(fields, ['advanceSeconds', 'advanceDays', 'frozen']), ...(moment ? { now: moment } : {}) };
}

// ---------------------------------------------------------------- faults

/** A fault definition from either front end; the call must be one billsim simulates (or "*"). */
export function faultSpecOf(value: unknown, calls: readonly string[]): FaultSpec {
  const fields = checked(FAULT, value, {
    more: (fields, problems) => {
      const { call } = fields;
      if (typeof call === 'string' && call !== '*' && !calls.includes(call)) problems.wrong('call', `${quoted(call)} is not one`);
      if (fields.error === undefined && fields.status === undefined && fields.delayMs === undefined) {
        problems.across(`${FAULT.shape} needs at least one of error, status or delayMs`);
      }
    },
  });
  const spec = given<FaultSpec>(fields, ['call', 'error', 'status', 'delayMs', 'times']);
  if (spec.error) spec.error = [...spec.error];
  return spec;
}

/** A fault's id, a number or its digits as a path gives them. */
export function faultIdOf(id: unknown): number {
  return checked(FAULT_ID, { id }).id as number;
}

// ---------------------------------------------------------------- stubs

const STUB_FIELDS = ['call', 'params', 'answer', 'error', 'status', 'delayMs', 'times', 'failure'];

/** A stub definition from either front end, its templates compiled to check them (and kept for the stored stub). */
export function stubSpecOf(value: unknown): StubSpec {
  let render: ReturnType<typeof stubProblems>['render'];
  const fields = checked(STUB, value, {
    more: (fields, problems) => {
      const { answer, error, failure, params } = fields;
      if (answer !== undefined && error !== undefined) problems.across('Give answer or error, not both');
      if (failure !== undefined && failure !== 'slow' && (answer !== undefined || error !== undefined)) {
        problems.across(`A ${String(failure)} failure sends no answer: give answer or error only with no failure or the slow one`);
      }
      if (failure === 'slow' && fields.delayMs === undefined) problems.wrong('delayMs', 'the slow failure drips the body over it');
      if (failure === 'reset' && fields.status !== undefined) {
        problems.across('A reset failure closes the connection before any status is sent: leave status out, or choose another failure');
      }
      if (isFields(answer)) {
        const taken = ENVELOPE_KEYS.filter((key) => Object.hasOwn(answer, key));
        if (taken.length > 0) problems.wrong('answer', `${taken.join(', ')} ${taken.length > 1 ? 'are' : 'is'} billsim's to write`);
      }
      const checkedStub = stubProblems({
        call: '',
        ...(isFields(params) && { params: params as StubSpec['params'] }),
        ...(isFields(answer) && { answer }),
      });
      for (const problem of checkedStub.problems) problems.across(problem);
      render = checkedStub.render;
    },
  });
  const spec = structuredClone(given<StubSpec>(fields, STUB_FIELDS));
  if (spec.answer && render) keepCompiled(spec.answer, render);
  return spec;
}

/** Which page of stubs to list: after an id, at most limit of them. */
export function stubsQueryOf(query: unknown = {}): Required<StubsQuery> {
  const { after = 0, limit = STUBS_PER_PAGE } = given<StubsQuery>(checked(STUBS_PAGE, query), ['after', 'limit']);
  return { after, limit };
}

/** A stub's id, a number or its digits as a path gives them. */
export function stubIdOf(id: unknown): number {
  return checked(STUB_ID, { id }).id as number;
}

// ---------------------------------------------------------------- snapshots, sessions

export function snapshotName(name: unknown): string {
  return checked(SNAPSHOT, { name }).name as string;
}

export function sessionNameOf(name: unknown): string {
  return checked(SESSION, { name }).name as string;
}

/** Whether a reset's query asks for every session. */
export function resetsAll(query: unknown = {}): boolean {
  return checked(RESET, query).all !== undefined;
}

// ---------------------------------------------------------------- journal, outbox, automation

export function journalFilterOf(filter: unknown = {}): JournalFilter {
  return given(checked(JOURNAL, filter), ['call', 'limit']);
}

export function emailFilterOf(filter: unknown = {}): EmailFilter {
  return given(checked(OUTBOX, filter), ['to']);
}

export function automationFilterOf(filter: unknown = {}): AutomationFilter {
  return given(checked(AUTOMATION_LOG, filter), ['limit']);
}

export function automationChangeOf(change: unknown): AutomationChange {
  return given(checked(AUTOMATION, change), ['enabled']);
}

// ---------------------------------------------------------------- webhooks

/** Whether a text is an http:// or https:// URL with a host. */
function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A webhook from either front end; its events must be ones billsim raises (`events`: the catalogue's names). */
export function webhookSpecOf(value: unknown, events: readonly string[]): WebhookSpec {
  const fields = checked(WEBHOOK, value, {
    more: (fields, problems) => {
      if (typeof fields.url === 'string' && !isWebUrl(fields.url)) problems.wrong('url');
      if (!Array.isArray(fields.events)) return;
      const unknown = fields.events.filter((name) => typeof name === 'string' && !events.includes(name));
      if (unknown.length > 0)
        problems.wrong(
          'events',
          `${unknown.map((name) => quoted(String(name))).join(', ')} is not one billsim raises (${events.join(', ')})`,
        );
    },
  });
  const spec = given<WebhookSpec>(fields, ['url', 'secret', 'events', 'contentType', 'timestamp']);
  if (spec.events) spec.events = [...spec.events];
  return spec;
}

/** A webhook's id, a number or its digits as a path gives them. */
export function webhookIdOf(id: unknown): number {
  return checked(WEBHOOK_ID, { id }).id as number;
}

/** A delivery's id, a number or its digits as a path gives them. */
export function deliveryIdOf(id: unknown): number {
  return checked(DELIVERY_ID, { id }).id as number;
}

export function deliveriesQueryOf(query: unknown = {}): DeliveriesQuery {
  return given(checked(DELIVERIES, query), ['wait', 'event', 'state', 'limit']);
}

// ---------------------------------------------------------------- state

/** A collection billsim keeps, or a not-found error listing them. */
export function collectionName(value: unknown): CollectionName {
  if (typeof value !== 'string' || !(COLLECTION_NAMES as string[]).includes(value)) {
    throw new ControlError('not-found', `Unknown collection ${quoted(String(value))}; known: ${COLLECTION_NAMES.join(', ')}`);
  }
  return value as CollectionName;
}

/** The fields a collection's records have, from its resource schema. */
export function collectionFields(collection: CollectionName): string[] {
  const schemas = allSchemas();
  const byId = (id: string) =>
    schemas.find((schema) => schema.$id === id) as { properties?: Record<string, { items?: { $ref?: string } }> };
  const file = byId(COLLECTIONS_ID).properties?.[collection]?.items?.$ref ?? '';
  return Object.keys(byId(new URL(file, COLLECTIONS_ID).href)?.properties ?? {});
}

/** A query of a collection's records: a page, and a field with the value it must equal; the field one the records have. */
export function stateQueryOf(collection: CollectionName, query: unknown = {}): StateQuery {
  const fields = collectionFields(collection);
  const field = isFields(query) && typeof query.field === 'string' ? query.field : 'that field';
  const rules = { field: `one field of ${collection} (${fields.join(', ')}), sent with value`, value: `the text ${field} should equal` };
  const checkedQuery = checked(STATE, query, {
    rules,
    more: (sent, problems) => {
      if (typeof sent.field === 'string' && !fields.includes(sent.field)) problems.wrong('field');
    },
  });
  return given(checkedQuery, ['page', 'perpage', 'field', 'value']);
}
