// What looks like the name of an API call: the names a stub may answer
// (schemas/control/stub_spec.json says the same; a test compares) and the
// only names the proxy forwards. Every published call is one.

export const CALL_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** The rule in words, for messages. */
export const CALL_NAME_RULE = 'a letter, then up to 63 letters, digits or _';

export function looksLikeCall(name: string): boolean {
  return CALL_NAME.test(name);
}
