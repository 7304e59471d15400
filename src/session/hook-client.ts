// The HTTP client of a session's webhook deliveries: undici's Client, one per
// receiver (scheme, host and port), so a receiver's deliveries share one
// kept-alive connection, http:// and https:// alike. A webhook's deliveries go
// one at a time, so one connection is all a receiver is sent on. undici costs
// far less per request than node:http or fetch, and deliveries share the
// server's event loop with the API's answers. undici is loaded with the first
// delivery: it was a sixth of start-up's CPU, and most servers have no webhook.
import type { Client } from 'undici';

type Undici = typeof import('undici');
let undiciModule: Promise<Undici> | undefined;
const loadUndici = () => (undiciModule ??= import('undici'));

/** Why an attempt got no answer, as the delivery's attempt shows it. */
function why({ errors }: Undici, error: unknown, timeoutMs: number): Error {
  if (
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  ) {
    return new Error(`no answer within ${timeoutMs} ms`);
  }
  if (error instanceof errors.RequestAbortedError) return new Error('stopped');
  const { code, message, cause } = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  // undici wraps a socket's own error (ECONNREFUSED, a TLS refusal): its code says the most.
  const root = cause?.code ? cause : { code, message };
  return new Error(root.code && !root.code.startsWith('UND_ERR') ? `${root.code}: ${root.message}` : message);
}

export interface HookClientOptions {
  /** Time-out of one attempt (ms): to connect, for the answer's head, and between parts of its body. */
  timeoutMs: number;
  /** Certificates trusted for https:// receivers besides Node's (NODE_EXTRA_CA_CERTS works too). */
  ca?: string | string[];
}

export class HookClients {
  private readonly clients = new Map<string, Client>();

  constructor(private readonly options: HookClientOptions) {}

  private client({ Client }: Undici, origin: string): Client {
    let client = this.clients.get(origin);
    if (!client || client.closed || client.destroyed) {
      client = new Client(origin, {
        pipelining: 1,
        connect: { timeout: this.options.timeoutMs, ...(this.options.ca && { ca: this.options.ca }) },
      });
      this.clients.set(origin, client);
    }
    return client;
  }

  /** POSTs `body` to the URL: the receiver's status once its answer has been read, or a rejection saying why none came. */
  async post(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<number> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new Error(`not a URL: ${url}`);
    }
    const { timeoutMs } = this.options;
    const undici = await loadUndici();
    try {
      const answer = await this.client(undici, target.origin).request({
        method: 'POST',
        path: `${target.pathname}${target.search}`,
        headers,
        body,
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      await answer.body.dump();
      return answer.statusCode;
    } catch (error) {
      throw why(undici, error, timeoutMs);
    }
  }

  /** Closes every connection at once (the session is stopping: nothing more is sent). */
  close(): void {
    for (const client of this.clients.values()) void client.destroy().catch(() => undefined);
    this.clients.clear();
  }
}
