// The schema files under schemas/ and the ajv set-up that reads them. Kept
// apart from src/schemas.ts, which loads the prebuilt validators, so the
// generator that writes those validators never depends on them.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Ajv, Options } from 'ajv';
import { schemasDir } from './paths.js';

export const SCHEMA_BASE = 'https://billsim.local/schemas/';
export const COLLECTIONS_ID = `${SCHEMA_BASE}resources/collections.json`;

type JsonSchema = Record<string, unknown>;

function readSchemas(dir: string): JsonSchema[] {
  const out: JsonSchema[] = [];
  // Sorted, so the generated validators come out the same on every machine.
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
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

/** The two validation modes; `extra` adds options (the build uses it to emit code). */
export function makeAjv(coerce: boolean, extra: Options = {}): Ajv {
  // Requests arrive as strings (query/form) or JSON; coercion lets {"id": 1}
  // mean the same as id=1. Stored data and answers are checked without it,
  // so a number where the wire wants a string is caught.
  // ajv is loaded here, not at start-up (bench/README.md): the validators the server
  // needs are prebuilt, so it is only needed for other fragments (tests, tools).
  const { Ajv: AjvClass } = createRequire(import.meta.url)('ajv') as typeof import('ajv');
  const ajv = new AjvClass({
    strict: true,
    // A request's answer lists every problem at once; stored data stops at
    // the first, since its message names one record and field.
    allErrors: coerce,
    verbose: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
    ...extra,
  });
  ajv.addKeyword({ keyword: 'tsType' });
  // "paramForm": "none" marks a parameter whose 0/1 or date-like values are not flags or dates (src/schema-forms.ts).
  ajv.addKeyword({ keyword: 'paramForm' });
  // What a User API route's schema says of the route besides its input and answer (userApiRoutes below).
  for (const keyword of USERAPI_KEYWORDS) ajv.addKeyword({ keyword });
  for (const schema of allSchemas()) ajv.addSchema(schema);
  return ajv;
}

/** Reference to a call's request schema. */
export function requestRef(call: string): string {
  return `${operationSchemaId(call)}#/properties/request`;
}

/** Reference to one collection's schema (an array of its records). */
export function collectionRef(name: string): string {
  return `${COLLECTIONS_ID}#/properties/${name}`;
}

const OPERATIONS_BASE = `${SCHEMA_BASE}operations/`;
let sections: Map<string, string> | undefined;

/** Each call's section: the folder its schema sits in (schemas/operations/<section>/<call>.json). */
export function callSections(): ReadonlyMap<string, string> {
  if (!sections) {
    sections = new Map();
    for (const schema of allSchemas()) {
      const id = String(schema.$id);
      if (!id.startsWith(OPERATIONS_BASE)) continue;
      const [section, file] = id.slice(OPERATIONS_BASE.length).split('/');
      sections.set(file.slice(0, -'.json'.length), section);
    }
  }
  return sections;
}

export function operationSchemaId(call: string): string {
  return `${OPERATIONS_BASE}${callSections().get(call) ?? '(no section)'}/${call}.json`;
}

/** The parts of a control route a client sends: path values, query values and a JSON body. */
export type ControlPart = 'params' | 'query' | 'body';
const CONTROL_PARTS: readonly ControlPart[] = ['params', 'query', 'body'];
const CONTROL_BASE = `${SCHEMA_BASE}control/`;

/** The $id of a control route's schema (schemas/control/<route>.json). */
export function controlSchemaId(route: string): string {
  return `${CONTROL_BASE}${route}.json`;
}

/** Reference to one part of a control route's schema: an input, or `answers`. */
export function controlRef(route: string, part: ControlPart | 'answers'): string {
  return `${controlSchemaId(route)}#/properties/${part}`;
}

/** Every input a control route's schema describes, as [route, part], sorted by route. */
export function controlInputs(): [string, ControlPart][] {
  const out: [string, ControlPart][] = [];
  for (const schema of allSchemas()) {
    const id = String(schema.$id);
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    if (!id.startsWith(CONTROL_BASE) || !properties.answers) continue;
    const route = id.slice(CONTROL_BASE.length, -'.json'.length);
    for (const part of CONTROL_PARTS) if (properties[part]) out.push([route, part]);
  }
  return out;
}

/**
 * The ajv set-up of a control route's inputs: a JSON body is checked as sent;
 * path and query values, text over HTTP, become the numbers their schema asks
 * for (as the same values given in-process already are). Either way every
 * problem is reported, and nothing is filled in.
 */
export function makeControlAjv(part: ControlPart, extra: Options = {}): Ajv {
  return part === 'body' ? makeAjv(false, { allErrors: true, ...extra }) : makeAjv(true, { useDefaults: false, ...extra });
}

/** The name a control input's prebuilt validator is exported under. */
export function controlValidatorName(route: string, part: ControlPart): string {
  return `${route}_${part}`;
}

const USERAPI_BASE = `${SCHEMA_BASE}userapi/`;
const USERAPI_KEYWORDS = ['route', 'source', 'auth', 'privilege'] as const;

/**
 * Who may call a User API route: anyone (`none`), anyone with the caller known when a token is sent
 * (`optional`), a logged-in client or contact (`client`), or a login waiting for its second factor (`mfa`).
 */
export type UserApiAuth = 'none' | 'optional' | 'client' | 'mfa';

/** What a User API route's schema (schemas/userapi/<group>/<name>.json) says of the route. */
export interface UserApiRouteSchema {
  /** The method and path under /api, as the schema's `route` writes it: "GET /invoice/{id}". */
  route: string;
  /** The name the route goes by in the code, the generated types and the journal's coverage: "getInvoiceId". */
  name: string;
  group: string;
  method: string;
  /** The path under /api with its placeholders: "/invoice/{id}". */
  path: string;
  /** Where the answer's shape comes from: consumer-read, fixture or inferred. */
  source: string;
  auth: UserApiAuth;
  /** The contact privilege the route needs ("billing.payinvoice"); a main client has every one. */
  privilege?: string;
  description: string;
}

/** The name a route goes by: its method in lower case, then each path segment capitalised ("GET /invoice/{id}" -> "getInvoiceId"). */
export function userApiRouteName(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/[{}]/g, ''))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/));
  return method.toLowerCase() + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

let userApi: UserApiRouteSchema[] | undefined;

/** Every User API route a schema describes, in the order of their files. */
export function userApiRoutes(): readonly UserApiRouteSchema[] {
  if (!userApi) {
    userApi = [];
    // The door's own folder alone when the other schemas are not read yet: a start reads only these.
    for (const schema of loaded ?? readSchemas(path.join(schemasDir, 'userapi'))) {
      const id = String(schema.$id);
      if (!id.startsWith(USERAPI_BASE) || typeof schema.route !== 'string') continue;
      const [group, file] = id.slice(USERAPI_BASE.length).split('/');
      const route = String(schema.route);
      const [method, path] = route.split(' ');
      const name = file.slice(0, -'.json'.length);
      if (name !== userApiRouteName(method, path)) throw new Error(`${id}: a route ${route} is named ${userApiRouteName(method, path)}`);
      userApi.push({
        route,
        name,
        group,
        method,
        path,
        source: String(schema.source),
        auth: (schema.auth ?? 'client') as UserApiAuth,
        ...(typeof schema.privilege === 'string' && { privilege: schema.privilege }),
        description: String(schema.description ?? ''),
      });
    }
  }
  return userApi;
}

/** The $id of a User API route's schema. */
export function userApiSchemaId(name: string): string {
  const route = userApiRoutes().find((entry) => entry.name === name);
  return `${USERAPI_BASE}${route?.group ?? '(no group)'}/${name}.json`;
}

/** Reference to a User API route's input or answer. */
export function userApiRef(name: string, part: 'input' | 'answer'): string {
  return `${userApiSchemaId(name)}#/properties/${part}`;
}
