// Which calls an API key may run (its api_access record's `calls`, all when
// empty): the rule the endpoint applies to every request and getAPIMethods
// answers with.
import type { ApiAccess } from '../generated/wire.js';

export function callAllowed(access: ApiAccess, call: string): boolean {
  return access.calls.length === 0 || access.calls.includes(call);
}

/** The calls a key may run: its own list as stored (each once), or for a key without one, every call billsim simulates in alphabetical order. */
export function allowedCalls(access: ApiAccess, simulated: readonly string[]): string[] {
  if (access.calls.length > 0) return [...new Set(access.calls)];
  const key = (call: string) => call.toLowerCase();
  return [...simulated].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
