// How deep a parsed JSON value nests. JSON.parse takes any depth, but every
// recursive walk after it (String() of a list, JSON.stringify, a validator)
// runs out of stack on a few thousand levels; an answer from outside is
// measured first, without recursion, so no answer can exhaust the stack.

/** Levels of nesting an answer from outside may have: far more than any API answer holds, few enough to walk it safely. */
export const MAX_ANSWER_DEPTH = 64;

/** Whether `value` holds lists or objects nested more than `max` levels (a flat object is 1). */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [at, depth] = stack.pop()!;
    if (typeof at !== 'object' || at === null) continue;
    if (depth > max) return true;
    for (const child of Array.isArray(at) ? at : Object.values(at)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
