/** A rate limit as installations configure the User API's: so many requests in a period of seconds. */
export interface RateLimitSpec {
  requests: number;
  seconds: number;
}

/** Windows kept at once at most: beyond it the oldest window's counts are forgotten (a window resets them anyway). */
const MAX_KEYS = 100_000;

/**
 * Counts each caller's requests in fixed windows of real time (the limit
 * protects the server, so it does not follow a session's clock). A caller is a
 * client (a contact counts as its client) or, before a login, an address.
 */
export class RateLimit {
  private window = -1;
  private readonly counts = new Map<string, number>();

  constructor(
    readonly spec: RateLimitSpec,
    private readonly realNow: () => number = Date.now,
  ) {}

  /** Counts a request of `caller` in `session`: undefined when it may go on, else the seconds until the window ends. */
  take(session: string, caller: string): number | undefined {
    const periodMs = this.spec.seconds * 1000;
    const now = this.realNow();
    const window = Math.floor(now / periodMs);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const key = `${session}\0${caller}`;
    const count = (this.counts.get(key) ?? 0) + 1;
    if (count > this.spec.requests) return Math.max(1, Math.ceil(((window + 1) * periodMs - now) / 1000));
    if (this.counts.size >= MAX_KEYS && !this.counts.has(key)) this.counts.clear();
    this.counts.set(key, count);
    return undefined;
  }
}
