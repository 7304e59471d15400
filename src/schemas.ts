import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { schemasDir } from './paths.js';
import { messages } from './errors.js';

export const SCHEMA_BASE = 'https://billsim.local/schemas/';

type JsonSchema = Record<string, unknown>;

function readSchemas(dir: string): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...readSchemas(full));
    else if (entry.name.endsWith('.json')) out.push(JSON.parse(fs.readFileSync(full, 'utf8')));
  }
  return out;
}

let loaded: JsonSchema[] | undefined;
export function allSchemas(): JsonSchema[] {
  loaded ??= readSchemas(schemasDir);
  return loaded;
}

function makeAjv(coerce: boolean): Ajv {
  // Requests arrive as strings (query/form) or JSON; coercion lets {"id": 1}
  // mean the same as id=1. Stored data and answers are checked without it,
  // so a number where the wire wants a string is caught.
  const ajv = new Ajv({
    strict: true,
    allErrors: false,
    verbose: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
  });
  ajv.addKeyword({ keyword: 'tsType' });
  for (const schema of allSchemas()) ajv.addSchema(schema);
  return ajv;
}

let requestAjv: Ajv | undefined;
let strictAjv: Ajv | undefined;
const cache = new Map<string, ValidateFunction>();

function compile(ajv: Ajv, ref: string, key: string): ValidateFunction {
  let fn = cache.get(key);
  if (!fn) {
    fn = ajv.compile({ $ref: ref });
    cache.set(key, fn);
  }
  return fn;
}

export function operationSchemaId(call: string): string {
  return `${SCHEMA_BASE}operations/${call}.json`;
}

export function hasOperationSchema(call: string): boolean {
  return allSchemas().some((s) => s.$id === operationSchemaId(call));
}

/** Validator for a call's request parameters (with coercion and defaults). */
export function requestValidator(call: string): ValidateFunction {
  requestAjv ??= makeAjv(true);
  return compile(requestAjv, `${operationSchemaId(call)}#/properties/request`, `req:${call}`);
}

/** Strict validator for any schema fragment (results, fixtures). */
export function strictValidator(ref: string): ValidateFunction {
  strictAjv ??= makeAjv(false);
  return compile(strictAjv, ref, `strict:${ref}`);
}

export function resultValidator(call: string): ValidateFunction {
  return strictValidator(`${operationSchemaId(call)}#/properties/result`);
}

/**
 * Turn the first ajv error for a request into the catalogue's parameter message.
 * `sent` is the request as it arrived: a single value that validation wrapped
 * into a list is named without the list index the client never wrote.
 */
export function paramMessage(error: ErrorObject, sent: Record<string, unknown> = {}): string {
  const pointer = error.instancePath.split('/').slice(1).map(decodeURIComponent);
  if (pointer.length === 2 && pointer[1] === '0' && !Array.isArray(sent[pointer[0]])) pointer.pop();
  if (error.keyword === 'required') pointer.push(String(error.params.missingProperty));
  const name = pointer.length === 0 ? 'set' : pointer[0] + pointer.slice(1).map((p) => `[${p}]`).join('');
  if (error.keyword === 'required') return messages.paramRequired(name);
  if (error.keyword === 'enum') return messages.paramUnknownValue(name, error.params.allowedValues as string[]);
  if (error.keyword === 'additionalProperties') {
    return messages.paramInvalid(`${name}[${String(error.params.additionalProperty)}]`, 'absent: it is not a known key here');
  }
  const schema = error.parentSchema as { description?: string } | undefined;
  const expected = schema?.description ?? describeKeyword(error);
  return messages.paramInvalid(name, expected);
}

function describeKeyword(error: ErrorObject): string {
  switch (error.keyword) {
    case 'type': return `of type ${String(error.params.type)}`;
    case 'maxLength': return `at most ${String(error.params.limit)} characters long`;
    case 'minLength': return `at least ${String(error.params.limit)} characters long`;
    case 'maxItems': return `a list of at most ${String(error.params.limit)} entries`;
    case 'minItems': return `a list of at least ${String(error.params.limit)} entries`;
    default: return `valid (${error.message ?? error.keyword})`;
  }
}
