/**
 * What went wrong with a session-control request, for both front ends: the
 * HTTP routes turn the kind into a status, the in-process handle throws it as
 * it is. The message says what to send instead.
 */
export type ControlErrorKind = 'bad-input' | 'not-found' | 'over-cap' | 'not-saved';

export class ControlError extends Error {
  constructor(
    readonly kind: ControlErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}

export const badInput = (message: string) => new ControlError('bad-input', message);

/** The input as a plain object of its own keys, or a bad-input error saying what to send. */
export function objectInput(value: unknown, expected: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || value instanceof Date) {
    throw badInput(`Send ${expected}`);
  }
  return value as Record<string, unknown>;
}

/** Client text quoted in a message, cut short: a name may be as long as the body limit allows. */
export function quoted(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}...` : text);
}

/** Refuses keys outside `known`, naming the first one and the keys that are read. */
export function onlyKeys(input: Record<string, unknown>, known: readonly string[], what: string): void {
  const unknown = Object.keys(input).find((key) => !known.includes(key));
  if (unknown !== undefined) throw badInput(`Unknown ${what} field ${quoted(unknown)}: send only ${known.join(', ')}`);
}

/** A whole number within [min, max] when given. */
export function optionalWhole(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw badInput(`${name} must be a whole number from ${min} to ${max}`);
  }
  return value;
}
