// What the import's parts pass each other.

export type Row = Record<string, unknown>;
export type Answer = Record<string, unknown>;

export interface Reader {
  /** The answer of a successful call, or undefined when the call was skipped. */
  read(call: string, params?: Record<string, string>): Promise<Answer | undefined>;
  /** Each skipped call once, with the installation's reason. */
  readonly skipped: Map<string, string>;
  /** The skipped calls whose answer was not the API's (an HTML page, text that is not JSON), not a refusal. */
  readonly misread: Set<string>;
  /** Requests answered so far. */
  readonly done: () => number;
  /** Calls answered with success so far. */
  readonly succeeded: () => number;
  /** Whether the walk reached the request cap (reads after it answer undefined, unsent). */
  readonly capped: () => boolean;
  /** What the walk noticed about the installation's answers and worked around, for the user. */
  readonly warnings: string[];
}
