/**
 * What went wrong with a session-control request, for both front ends: the
 * HTTP routes turn the kind into a status, the in-process handle throws it as
 * it is. The message says what to send instead.
 */
export type ControlErrorKind = 'bad-input' | 'not-found' | 'gone' | 'over-cap' | 'not-saved';

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

/** Client text quoted in a message, cut short: a name may be as long as the body limit allows. */
export function quoted(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}...` : text);
}
