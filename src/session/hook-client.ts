// The HTTP client of a session's webhook deliveries. The sending itself runs
// on a thread of its own (hook-worker.js), one per process, started with the
// first delivery: a POST, its wait for the receiver and the answer's reading
// cost a few hundred µs of CPU, which on the main thread delayed the API's
// answers that came in meanwhile (1.28x the mean answer time at 1,000 calls a
// second, 1.62x at 2,000). Here each attempt is one message out and one back;
// the order, retries and what is kept stay with the session (webhooks.ts).
import { Worker } from 'node:worker_threads';
import { roomIn } from '../lib/bounded.js';

export interface HookClientOptions {
  /** Time-out of one attempt (ms): to connect, for the answer's head, and between parts of its body. */
  timeoutMs: number;
  /** Certificates trusted for https:// receivers besides Node's (NODE_EXTRA_CA_CERTS works too). */
  ca?: string | string[];
}

/** What the sending thread says of one attempt: the receiver's status, or why none came. */
type Reply = { id: number; status: number; error?: undefined } | { id: number; error: string };

interface Waiting {
  owner: number;
  resolve(status: number): void;
  reject(error: Error): void;
}

/** The sending thread, once started; none until the first delivery, as most servers have no webhook. */
let thread: Worker | undefined;
/** Senders whose options the current thread has been given. */
let opened = new Set<number>();
/** Attempts sent and not yet answered, by id. */
const waiting = new Map<number, Waiting>();
let nextId = 1;
let nextOwner = 1;

/** Takes an attempt off the waiting list; the thread keeps the process alive only while one is waiting. */
function settle(id: number): Waiting | undefined {
  const found = waiting.get(id);
  waiting.delete(id);
  if (waiting.size === 0) thread?.unref();
  return found;
}

function sendingThread(): Worker {
  if (thread) return thread;
  // The thread is plain JavaScript and needs none of the flags the process was started with, some of
  // which (--input-type, a loader for .ts) would stop it from starting at all.
  const started = new Worker(new URL('./hook-worker.js', import.meta.url), { execArgv: [] });
  started.on('message', (reply: Reply) => {
    const found = settle(reply.id);
    if (reply.error === undefined) found?.resolve(reply.status);
    else found?.reject(new Error(reply.error));
  });
  // A thread that stops fails what it was sending (each is tried again as any failed attempt); the next attempt starts another.
  const lost = (why: string) => {
    if (thread !== started) return;
    thread = undefined;
    opened = new Set();
    const failed = [...waiting.values()];
    waiting.clear();
    for (const one of failed) one.reject(new Error(`the sending thread stopped: ${why}`));
  };
  started.on('error', (error) => lost(error.message));
  started.on('exit', (code) => lost(`exit code ${code}`));
  started.unref();
  thread = started;
  return started;
}

export class HookClients {
  private readonly owner = nextOwner++;
  /** Each URL's origin and path, parsed once: a webhook's URL is sent to again and again. */
  private readonly targets = new Map<string, { origin: string; path: string }>();

  constructor(private readonly options: HookClientOptions) {}

  private target(url: string): { origin: string; path: string } {
    let found = this.targets.get(url);
    if (!found) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        throw new Error(`not a URL: ${url}`);
      }
      found = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
      // A session holds a few webhooks; a URL no longer used is forgotten with the rest now and then.
      roomIn(this.targets, 100).set(url, found);
    }
    return found;
  }

  /** POSTs `body` to the URL: the receiver's status once its answer has been read, or a rejection saying why none came. */
  post(url: string, headers: Record<string, string>, body: string): Promise<number> {
    let target: { origin: string; path: string };
    try {
      target = this.target(url);
    } catch (error) {
      return Promise.reject(error);
    }
    const sender = sendingThread();
    if (!opened.has(this.owner)) {
      sender.postMessage({ type: 'open', owner: this.owner, options: this.options });
      opened.add(this.owner);
    }
    const id = nextId++;
    return new Promise<number>((resolve, reject) => {
      waiting.set(id, { owner: this.owner, resolve, reject });
      sender.ref();
      sender.postMessage({ type: 'post', id, owner: this.owner, ...target, headers, body });
    });
  }

  /** Stops the attempts under way (each is refused as stopped); later ones are sent as usual. */
  stop(): void {
    const stopped = [...waiting].filter(([, one]) => one.owner === this.owner);
    if (stopped.length === 0) return;
    thread?.postMessage({ type: 'abort', owner: this.owner });
    for (const [id, one] of stopped) {
      settle(id);
      one.reject(new Error('stopped'));
    }
  }

  /** Stops the attempts under way and closes every connection (the session is stopping: nothing more is sent). */
  close(): void {
    this.stop();
    if (opened.delete(this.owner)) thread?.postMessage({ type: 'close', owner: this.owner });
  }
}
