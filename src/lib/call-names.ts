// What looks like the name of an API call: the names a stub may answer
// besides the customer's door's routes (schemas/control/stub_spec.json says
// the same; a test compares) and the only names the proxy forwards. Every
// published call is one.

export const CALL_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** The rule in words, for messages. */
export const CALL_NAME_RULE = 'a letter, then up to 63 letters, digits or _';

export function looksLikeCall(name: string): boolean {
  return CALL_NAME.test(name);
}

/** A route of the customer's door as a stub names it: its method and its path under /api ("GET /api/service/{id}/vms"). */
export const DOOR_ROUTE = /^(GET|POST|PUT|DELETE) \/api(\/[^/\s?#]{1,128}){1,16}$/;

/** Every name a stub may answer: a call, or a route of the customer's door (the stub schema's pattern). */
export const STUB_CALL = new RegExp(`^(${CALL_NAME.source.slice(1, -1)}|${DOOR_ROUTE.source.slice(1, -1)})$`);
