// A request's parameters the way the call reads them, for matching stubs
// (and recording them): flags and dates in the forms a PHP installation reads
// (src/lib/param-forms.ts), values coerced as the call's schema takes them
// ({"id": 5} is id "5"), and a list's page and page size filled in when the
// request names none, so `getClients` and `getClients&page=0` are one request.
// A call billsim does not simulate is read as it came. Nothing is refused
// here: the call's own validation does that.
import { readParamForms } from '../lib/param-forms.js';
import { pageDefaults } from '../lib/lists.js';
import { PARAM_FORMS } from '../generated/param-forms.js';
import { requestValidator, schemaAt, simulatedCalls } from '../schemas.js';
import { operationSchemaId } from '../schema-files.js';

type Params = Record<string, unknown>;

let simulated: Set<string> | undefined;

/** Whether the call's request schema takes a list's page and page size. */
function pages(call: string): boolean {
  const properties = schemaAt(`${operationSchemaId(call)}#/properties/request`)?.properties as Params | undefined;
  return properties !== undefined && Object.hasOwn(properties, 'page') && Object.hasOwn(properties, 'perpage');
}

/** `params` (the call's own, without credentials) as `call` reads them; the given object is not changed. */
export function readForm(call: string, params: Params): Params {
  simulated ??= new Set(simulatedCalls());
  if (!simulated.has(call)) return params;
  const input = structuredClone(readParamForms(params, PARAM_FORMS[call] ?? [])) as Params;
  // Coercion and defaults are what is wanted; whether the request is valid is the call's to say.
  requestValidator(call)(input);
  if (pages(call)) {
    const defaults = pageDefaults(call);
    input.page ??= defaults.page;
    input.perpage ??= defaults.perpage;
  }
  return input;
}
