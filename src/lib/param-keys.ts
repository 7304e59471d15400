// Parameter keys as the API reads them: `products[0][name]` is the value at
// params.products[0].name. A key that names an Object.prototype member
// (`__proto__`, `constructor`, `toString`, ...) is dropped from every request
// at any level, so that no parameter can reach a prototype; a stub that asked
// for one could never be met.

/** A key that would reach or shadow an Object.prototype member. */
export function isPrototypeKey(key: string): boolean {
  return Object.hasOwn(Object.prototype, key);
}

/** A name, then any number of [step]: no empty step, no stray bracket. */
const BRACKET_KEY = /^[^[\]]+(?:\[[^[\]]+\])*$/;

/** The steps of a bracket key ("a[b][0]" is a, b, 0); undefined when it is not one a request can carry. */
export function keySteps(key: string): string[] | undefined {
  if (!BRACKET_KEY.test(key)) return undefined;
  return key.replace(/\]/g, '').split('[');
}

/** Why no request can carry a value at `key`, or undefined when one can. */
export function unreachableKey(key: string): string | undefined {
  const steps = keySteps(key);
  if (!steps)
    return 'it is not a name followed by [steps], each with something between its brackets (send "items[0][qty]", not "items[][qty]")';
  const member = steps.find(isPrototypeKey);
  if (member !== undefined) return `"${member}" names a member of every object, and billsim drops such keys from every request`;
  return undefined;
}
