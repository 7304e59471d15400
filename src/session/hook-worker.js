// @ts-check
// The thread that sends webhook deliveries (started by hook-client.ts with the
// first one): the POST, its wait for the receiver and the answer's reading run
// here, so an API answer never queues behind them on the main thread. It only
// sends what it is told and says what came back; which delivery goes when, the
// retries and what is kept stay with the session. Plain JavaScript, because a
// worker is started from a file that Node runs as it is, from src and dist
// alike. undici's Client, one per sender and receiver (scheme, host and port):
// a webhook's deliveries go one at a time, so one kept-alive connection each.
import { parentPort } from 'node:worker_threads';
import { Client, errors } from 'undici';

/** @typedef {{ timeoutMs: number, ca?: string | string[] }} Options */
/**
 * @typedef {{ type: 'open', owner: number, options: Options }
 *   | { type: 'post', id: number, owner: number, origin: string, path: string, headers: Record<string, string>, body: string }
 *   | { type: 'abort', owner: number }
 *   | { type: 'close', owner: number }} Message
 */

/** Each sender's options and its connections, by origin. */
const owners = new Map(/** @type {Array<[number, { options: Options, clients: Map<string, Client> }]>} */ ([]));
/** Requests not yet answered, by id, with their sender's number, so that a sender's can be stopped. */
const running = new Map(/** @type {Array<[number, { owner: number, abort: AbortController }]>} */ ([]));

/**
 * Why an attempt got no answer, as the delivery's attempt shows it.
 * @param {unknown} error
 * @param {number} timeoutMs
 */
function why(error, timeoutMs) {
  if (
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  ) {
    return `no answer within ${timeoutMs} ms`;
  }
  if (error instanceof errors.RequestAbortedError) return 'stopped';
  const { code, message, cause } = /** @type {{ code?: unknown, message?: string, cause?: { code?: unknown, message?: string } }} */ (
    error ?? {}
  );
  // undici wraps a socket's own error (ECONNREFUSED, a TLS refusal): its code says the most.
  const root = typeof cause?.code === 'string' ? cause : { code, message };
  const named = typeof root.code === 'string' && !root.code.startsWith('UND_ERR');
  return named ? `${root.code}: ${root.message}` : String(message ?? error);
}

/**
 * @param {{ options: Options, clients: Map<string, Client> }} owner
 * @param {string} origin
 */
function client({ options, clients }, origin) {
  let found = clients.get(origin);
  if (!found || found.closed || found.destroyed) {
    found = new Client(origin, {
      pipelining: 1,
      connect: { timeout: options.timeoutMs, ...(options.ca && { ca: options.ca }) },
    });
    clients.set(origin, found);
  }
  return found;
}

/** @param {Extract<Message, { type: 'post' }>} message */
async function post({ id, owner, origin, path, headers, body }) {
  const sender = owners.get(owner);
  if (!sender) return parentPort?.postMessage({ id, error: 'stopped' });
  const { timeoutMs } = sender.options;
  const abort = new AbortController();
  running.set(id, { owner, abort });
  try {
    const answer = await client(sender, origin).request({
      method: 'POST',
      path,
      headers,
      body,
      signal: abort.signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    await answer.body.dump();
    parentPort?.postMessage({ id, status: answer.statusCode });
  } catch (error) {
    // A stopped attempt is refused however undici words it (the signal's own reason, or its own error).
    parentPort?.postMessage({ id, error: abort.signal.aborted ? 'stopped' : why(error, timeoutMs) });
  } finally {
    running.delete(id);
  }
}

parentPort?.on('message', (/** @type {Message} */ message) => {
  if (message.type === 'post') void post(message);
  else if (message.type === 'abort') {
    for (const one of running.values()) if (one.owner === message.owner) one.abort.abort();
  } else if (message.type === 'open') owners.set(message.owner, { options: message.options, clients: new Map() });
  else if (message.type === 'close') {
    for (const found of owners.get(message.owner)?.clients.values() ?? []) void found.destroy().catch(() => undefined);
    owners.delete(message.owner);
  }
});
