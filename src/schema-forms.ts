// Which request parameters of which calls are flags, dates or date-times, found
// by what their schemas accept rather than by how they are written: a
// parameter that takes "0" and "1" but not "2" is a flag (the shared flag
// definition, an inline enum, a filter's "^[01]?$"), one that takes
// 2026-01-15 but not 2026-01-15T00:00:00 a date, one that takes
// 2026-01-15 10:00:00 but not its T form a date-time. A parameter that already
// takes the T form reads it itself (addInvoicePayment's date) and is left out,
// as is one whose schema says `"paramForm": "none"` (an id that happens to be
// 0 or 1 is no flag).
// `npm run gen:types` writes the result to src/generated/param-forms.ts, which
// the request layer reads (src/lib/param-forms.ts); a new call is covered as
// soon as its schema is written.
import type { Ajv } from 'ajv';
import type { ParamForm, ParamPath } from './lib/param-forms.js';
import { allSchemas, callSections, makeAjv, requestRef } from './schema-files.js';

type JsonSchema = Record<string, unknown>;

/** One parameter in a form: where it is in the request, and the schema node that takes it. */
export interface FormPlace {
  path: ParamPath;
  form: ParamForm;
  /** The schema node ($id#pointer) of the value, for a test to check a value against it. */
  ref: string;
  /** For each "*" of the path, the node of the list (`items`) or of the set keyed by the client (`keys`) it stands in. */
  wildcards: readonly Wildcard[];
}

export interface Wildcard {
  kind: 'items' | 'keys';
  ref: string;
}

/** The values that tell the forms apart. */
const PROBES = {
  zero: '0',
  one: '1',
  two: '2',
  date: '2026-01-15',
  datetime: '2026-01-15 10:00:00',
  isoDate: '2026-01-15T00:00:00',
  isoDatetime: '2026-01-15T10:00:00',
  text: 'example',
} as const;

/** The form of the values a schema node takes, or undefined when it is none of them. */
function formOf(accepts: (value: string) => boolean): ParamForm | undefined {
  if (accepts(PROBES.zero) && accepts(PROBES.one) && !accepts(PROBES.two)) return 'flag';
  // A text such as a name or a label may look like a date too: a date's schema refuses plain words.
  if (accepts(PROBES.text)) return undefined;
  if (accepts(PROBES.datetime) && !accepts(PROBES.isoDatetime)) return 'datetime';
  if (accepts(PROBES.date) && !accepts(PROBES.isoDate)) return 'date';
  return undefined;
}

/** A JSON pointer's reference token. */
function token(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function nodeAt(ref: string): JsonSchema | undefined {
  const [id, pointer = ''] = ref.split('#');
  let node: unknown = allSchemas().find((schema) => schema.$id === id);
  for (const part of pointer.split('/').slice(1)) {
    node = (node as JsonSchema | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node as JsonSchema | undefined;
}

// One ajv for every node checked, and each node's form once: many parameters share a definition.
let ajv: Ajv | undefined;
const forms = new Map<string, ParamForm | undefined>();

function formAt(ref: string): ParamForm | undefined {
  if (!forms.has(ref)) {
    const check = (ajv ??= makeAjv(false)).compile({ $ref: ref });
    forms.set(
      ref,
      formOf((value) => check(value) === true),
    );
  }
  return forms.get(ref);
}

/** Walks a request schema from `ref`, noting each value in a form at its path. */
class Walker {
  readonly found: FormPlace[] = [];

  walk(ref: string, path: ParamPath, wildcards: readonly Wildcard[] = [], depth = 0): void {
    const node = nodeAt(ref);
    if (!node || depth > 16) return;
    if (typeof node.$ref === 'string') {
      const target = new URL(node.$ref, ref.split('#')[0]).href;
      this.walk(target.includes('#') ? target : `${target}#`, path, wildcards, depth + 1);
      return;
    }
    const at = (...parts: string[]) => `${ref}/${parts.map(token).join('/')}`;
    const next = depth + 1;
    const keyed = [...wildcards, { kind: 'keys', ref } as const];
    for (const key of Object.keys((node.properties ?? {}) as object)) this.walk(at('properties', key), [...path, key], wildcards, next);
    for (const key of Object.keys((node.patternProperties ?? {}) as object))
      this.walk(at('patternProperties', key), [...path, '*'], keyed, next);
    if (isSchema(node.additionalProperties)) this.walk(at('additionalProperties'), [...path, '*'], keyed, next);
    if (isSchema(node.items)) this.walk(at('items'), [...path, '*'], [...wildcards, { kind: 'items', ref }], next);
    for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
      const branches = node[keyword];
      const count = Array.isArray(branches) ? branches.length : 0;
      for (let i = 0; i < count; i++) this.walk(at(keyword, String(i)), path, wildcards, next);
    }
    for (const keyword of ['then', 'else'] as const) if (isSchema(node[keyword])) this.walk(at(keyword), path, wildcards, next);
    if (path.length > 0 && takesText(node) && node.paramForm !== 'none') this.note(ref, path, wildcards);
  }

  private note(ref: string, path: ParamPath, wildcards: readonly Wildcard[]): void {
    const form = formAt(ref);
    if (!form) return;
    const key = path.join('\u0000');
    if (!this.found.some((place) => place.path.join('\u0000') === key && place.form === form))
      this.found.push({ path, form, ref, wildcards });
  }
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A node that may take a text on its own: a string type, a list of values or a pattern. */
function takesText(node: JsonSchema): boolean {
  return node.type === 'string' || Array.isArray(node.enum) || typeof node.pattern === 'string';
}

/** Each call's parameters in a form, by call name (sorted), in the order of its schema; calls with none are left out. */
export function requestForms(): Record<string, FormPlace[]> {
  const out: Record<string, FormPlace[]> = {};
  for (const call of [...callSections().keys()].sort()) {
    const walker = new Walker();
    walker.walk(requestRef(call), []);
    if (walker.found.length > 0) out[call] = walker.found;
  }
  return out;
}
