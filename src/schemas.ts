import { createRequire } from 'node:module';
import type { Ajv, ErrorObject } from 'ajv';
import * as builtControlBodies from './generated/control-validators.js';
import * as builtControlUrl from './generated/control-url-validators.js';
import { collectionNames, requestNames, userApiNames } from './generated/validator-names.js';
import {
  allSchemas,
  collectionRef,
  type ControlPart,
  controlRef,
  controlValidatorName,
  makeAjv,
  makeControlAjv,
  operationSchemaId,
  requestRef,
  userApiRef,
} from './schema-files.js';
import { messages, shapeOf } from './errors.js';

export {
  allSchemas,
  callSections,
  collectionRef,
  COLLECTIONS_ID,
  type ControlPart,
  controlRef,
  controlSchemaId,
  operationSchemaId,
  requestRef,
  SCHEMA_BASE,
  type UserApiAuth,
  type UserApiRouteSchema,
  userApiRef,
  userApiRouteName,
  userApiRoutes,
  userApiSchemaId,
} from './schema-files.js';

/** What ajv's compiled and standalone validators have in common. */
export interface Validator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

// Validators compiled at build time (`npm run gen:types`), so neither the
// start-up nor a call's first request pays for ajv's compile. Anything not
// built ahead (results, other fragments) is compiled on first use. A call's,
// a route's or a collection's validator is its own module, loaded on its
// first use, so a start loads none of them.
let requestAjv: Ajv | undefined;
let strictAjv: Ajv | undefined;
const controlAjv: { body?: Ajv; url?: Ajv } = {};
const controlValidators = new Map(
  Object.entries({ ...(builtControlBodies as Record<string, Validator>), ...(builtControlUrl as Record<string, Validator>) }),
);
const requireBuilt = createRequire(import.meta.url);
const built = (folder: string, names: readonly string[]) => {
  const known = new Set(names);
  return (name: string | undefined): Validator | undefined =>
    name !== undefined && known.has(name) ? (requireBuilt(`./generated/${folder}/${name}.cjs`) as Validator) : undefined;
};
const builtRequest = built('requests', requestNames);
const builtUserApi = built('userapi', userApiNames);
const collectionOf = new Map(collectionNames.map((name) => [collectionRef(name), name]));
const builtCollection = built('collections', collectionNames);
const requestValidators = new Map<string, Validator>();
const strictValidators = new Map<string, Validator>();
const userApiValidators = new Map<string, Validator>();

/** Every call billsim simulates: one prebuilt request validator per call's schema. */
export function simulatedCalls(): string[] {
  return [...requestNames];
}

export function hasOperationSchema(call: string): boolean {
  return allSchemas().some((s) => s.$id === operationSchemaId(call));
}

function cached(validators: Map<string, Validator>, key: string, compile: () => Validator): Validator {
  let fn = validators.get(key);
  if (!fn) {
    fn = compile();
    validators.set(key, fn);
  }
  return fn;
}

/** Validator for a call's request parameters (with coercion and defaults). */
export function requestValidator(call: string): Validator {
  return cached(requestValidators, call, () => builtRequest(call) ?? (requestAjv ??= makeAjv(true)).compile({ $ref: requestRef(call) }));
}

/** Strict validator for any schema fragment (results, fixtures). */
export function strictValidator(ref: string): Validator {
  return cached(
    strictValidators,
    ref,
    () => builtCollection(collectionOf.get(ref)) ?? (strictAjv ??= makeAjv(false)).compile({ $ref: ref }),
  );
}

/** Validator for a User API route's input (query, body and path values merged), read as a call's request is. */
export function userApiInputValidator(name: string): Validator {
  return cached(
    userApiValidators,
    name,
    () => builtUserApi(name) ?? (requestAjv ??= makeAjv(true)).compile({ $ref: userApiRef(name, 'input') }),
  );
}

/** Strict validator for a User API route's answer (tests, drift). */
export function userApiAnswerValidator(name: string): Validator {
  return strictValidator(userApiRef(name, 'answer'));
}

export function resultValidator(call: string): Validator {
  return strictValidator(`${operationSchemaId(call)}#/properties/result`);
}

/** Validator for one input of a control route (schemas/control/<route>.json): every problem at once, path and query values coerced. */
export function controlValidator(route: string, part: ControlPart): Validator {
  const mode = part === 'body' ? 'body' : 'url';
  return cached(controlValidators, controlValidatorName(route, part), () =>
    (controlAjv[mode] ??= makeControlAjv(part)).compile({ $ref: controlRef(route, part) }),
  );
}

type JsonSchema = Record<string, unknown>;

/** A node of the schemas and the URL its relative $refs start from. */
interface At {
  node?: JsonSchema;
  base: string;
}

function walk(ref: string): At {
  const url = new URL(ref);
  const pointer = url.hash.replace(/^#/, '');
  url.hash = '';
  let at = deref(
    allSchemas().find((schema) => schema.$id === url.href),
    url.href,
  );
  for (const part of pointer.split('/').slice(1)) {
    if (!at.node) break;
    at = deref(at.node[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')], at.base);
  }
  return at;
}

/** The node, or what its $ref names with the $ref's siblings (such as a description) over the target's. */
function deref(node: unknown, base: string): At {
  if (typeof node !== 'object' || node === null) return { base };
  const { $ref, ...siblings } = node as JsonSchema;
  if (typeof $ref !== 'string') return { node: node as JsonSchema, base };
  const target = walk(new URL($ref, base).href);
  return { node: target.node && { ...target.node, ...siblings }, base: target.base };
}

/**
 * The schema a reference names (a schema's $id, then a JSON pointer into it),
 * following every $ref on the way; undefined when nothing is there.
 */
export function schemaAt(ref: string): JsonSchema | undefined {
  return walk(ref).node;
}

/**
 * The parameter an ajv error is about, as the client wrote it (`products[0][name]`).
 * `sent` is the request as it arrived: a single value that validation wrapped
 * into a list is named without the list index the client never wrote.
 */
function paramName(error: ErrorObject, sent: Record<string, unknown>): string {
  const pointer = error.instancePath.split('/').slice(1).map(decodeURIComponent);
  if (pointer.length === 2 && pointer[1] === '0' && !Array.isArray(sent[pointer[0]])) pointer.pop();
  if (error.keyword === 'required') pointer.push(String(error.params.missingProperty));
  if (pointer.length === 0) return 'set';
  return (
    pointer[0] +
    pointer
      .slice(1)
      .map((p) => `[${p}]`)
      .join('')
  );
}

/** The value a JSON pointer names in the request as sent. */
function valueAt(sent: Record<string, unknown>, pointer: string): unknown {
  let at: unknown = sent;
  for (const part of pointer.split('/').slice(1)) {
    if (typeof at !== 'object' || at === null) return at;
    at = (at as Record<string, unknown>)[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return at;
}

/** Turn one ajv error for a request into the catalogue's parameter message. */
export function paramMessage(error: ErrorObject, sent: Record<string, unknown> = {}): string {
  const name = paramName(error, sent);
  if (error.propertyName !== undefined && error.keyword === 'enum') {
    // A key out of a `propertyNames` list: name the key the client wrote, and the keys it may use instead.
    return messages.paramKeyUnknown(`${name}[${error.propertyName}]`, error.params.allowedValues as string[]);
  }
  if (error.keyword === 'required') return messages.paramRequired(name);
  if (error.keyword === 'enum') return messages.paramUnknownValue(name, error.params.allowedValues as string[]);
  if (error.keyword === 'additionalProperties') {
    return messages.paramInvalid(`${name}[${String(error.params.additionalProperty)}]`, 'absent: it is not a known key here');
  }
  const schema = error.parentSchema as { description?: string } | undefined;
  const expected = schema?.description ?? describeKeyword(error);
  // A list or an object where a text belongs says what it got (a text where a set belongs is told the set's shape already).
  if (error.keyword === 'type' && error.params.type === 'string')
    return messages.paramShape(name, expected, shapeOf(valueAt(sent, error.instancePath)));
  return messages.paramInvalid(name, expected);
}

/**
 * Every problem of a request at once, one message per parameter: the first
 * error about it or anything nested in it, which is the most specific one
 * (ajv reports a failed `anyOf` or `if` after its branches' errors). The
 * order is ajv's, the schema's, so the same on every run.
 */
export function paramMessages(errors: readonly ErrorObject[], sent: Record<string, unknown> = {}): string[] {
  return [...messagesByParam(errors, sent).values()];
}

/** The top-level parameters a request's errors are about (`items` for `items[0][name]`). */
export function refusedParams(errors: readonly ErrorObject[], sent: Record<string, unknown> = {}): Set<string> {
  return new Set(messagesByParam(errors, sent).keys());
}

function messagesByParam(errors: readonly ErrorObject[], sent: Record<string, unknown>): Map<string, string> {
  const byParam = new Map<string, string>();
  for (const error of errors) {
    const param = paramName(error, sent).replace(/\[.*$/, '');
    if (!byParam.has(param)) byParam.set(param, paramMessage(error, sent));
  }
  return byParam;
}

function describeKeyword(error: ErrorObject): string {
  switch (error.keyword) {
    case 'type':
      return `of type ${String(error.params.type)}`;
    case 'maxLength':
      return `at most ${String(error.params.limit)} characters long`;
    case 'minLength':
      return `at least ${String(error.params.limit)} characters long`;
    case 'maxItems':
      return `a list of at most ${String(error.params.limit)} entries`;
    case 'minItems':
      return `a list of at least ${String(error.params.limit)} entries`;
    default:
      return `valid (${error.message ?? error.keyword})`;
  }
}
