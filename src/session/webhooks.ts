// A session's webhooks: the receivers told of the events its world raises
// (src/domain/events.ts), signed as HostBill's WebHooks plugin signs them.
// Events arrive here only once the mutation that raised them is committed; each
// subscribed webhook gets a delivery, sent off the request's path, one at a
// time per webhook in the order raised. An attempt that gets no answer within
// the time-out, or an answer outside 2xx, is tried again after a growing pause,
// a bounded number of times; then the delivery is kept as failed. Nothing is
// dropped silently: finished deliveries leave only to keep within the memory
// budget (oldest first), and pending ones never.
import { createHmac, randomBytes } from 'node:crypto';
import { HookClients } from './hook-client.js';
import { formatDateTime, unixTime } from '../lib/dates.js';
import { roomIn } from '../lib/bounded.js';
import type { Raised } from '../store/world.js';
import { type MemoryBudget, textBytes } from './memory.js';
import type { Delivery, DeliveryAttempt, RaisedEvent, Webhook } from '../generated/wire.js';

export type { Delivery, DeliveryAttempt, RaisedEvent, Webhook };
export type ContentType = Webhook['contentType'];

/** How deliveries are sent; tests shorten the pauses. */
export interface DeliveryOptions {
  /** Time-out of one attempt (ms). */
  timeoutMs: number;
  /** Attempts in all before a delivery is kept as failed. */
  attempts: number;
  /** Pause before the second attempt (ms); each later pause doubles. */
  backoffMs: number;
  /** Certificates trusted for https:// receivers besides Node's (tests trust a self-signed one). */
  ca?: string | string[];
}

export const DEFAULT_DELIVERY: DeliveryOptions = { timeoutMs: 5000, attempts: 5, backoffMs: 1000 };
/** Events a session remembers (session.events()), newest kept (the memory budget may keep fewer). */
export const MAX_EVENTS = 10_000;
/** Finished deliveries a session keeps, newest kept (the memory budget may keep fewer). */
export const MAX_FINISHED = 10_000;
/** Webhooks one session may hold. */
export const MAX_WEBHOOKS = 20;

/** HB-Signature: lowercase hex HMAC-SHA256 of the timestamp text followed by the body, keyed with the secret. */
export function signature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha256', secret).update(timestamp).update(body).digest('hex');
}

/** A new secret, shown once when a webhook is added without one. */
export function newSecret(): string {
  return randomBytes(24).toString('hex');
}

function formValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The body as the content type asks: JSON text, or a form whose nested values are written with brackets (PHP's way). */
export function bodyOf(payload: Record<string, unknown>, type: ContentType): string {
  if (type === 'json') return JSON.stringify(payload);
  const pairs: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    } else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(formValue(value))}`);
  };
  for (const [key, value] of Object.entries(payload)) add(key, value);
  return pairs.join('&');
}

/** Bytes a delivery is counted for in the memory budget: its body and URL, and its attempts. */
function deliveryBytes(d: Delivery): number {
  return 300 + d.body.length + d.url.length + 120 * d.attempts.length;
}

/** Bytes an event is counted for in the memory budget: its payload's JSON and its name and time. */
function eventBytes(e: RaisedEvent): number {
  return 120 + textBytes(JSON.stringify(e.payload));
}

/** What a data file keeps of a session's webhooks: the webhooks, and the deliveries not yet finished. */
export interface SavedWebhooks {
  next: { webhook: number; event: number; delivery: number };
  hooks: Webhook[];
  pending: Delivery[];
}

export interface WebhooksDeps {
  /** The session clock. */
  now: () => Date;
  /** The real time (ms). */
  realNow?: () => number;
  delivery?: Partial<DeliveryOptions>;
  budget?: MemoryBudget;
  /** Told when the webhooks or the pending deliveries changed (the session saves them with its data file). */
  changed?: () => void;
  /** Told the first time a webhook's URL is not on a loopback or private address. */
  publicUse?: (url: string) => void;
}

/** Whether a host is loopback or a private network's (IPv4 ranges, IPv6 local ones, localhost and .local names). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  return host === '::1' || host.startsWith('fc') || host.startsWith('fd') || host.startsWith('fe80:');
}

export class Webhooks {
  private hooks = new Map<number, Webhook>();
  /** Events kept, oldest first, by id: the oldest leaves in O(1) (a Map keeps insertion order). */
  private eventList = new Map<number, RaisedEvent>();
  /** Every delivery kept, oldest first, by id. */
  private byId = new Map<number, Delivery>();
  /** The finished ones (delivered or failed), in the order they finished: the first is the one to drop. */
  private finished = new Map<number, Delivery>();
  /** Deliveries waiting per webhook, in order, by id: the one sent leaves in O(1). */
  private queues = new Map<number, Map<number, Delivery>>();
  /** The send loop running per webhook, by the generation it belongs to. */
  private running = new Map<number, number>();
  private waiters: Array<() => void> = [];
  private next = { webhook: 1, event: 1, delivery: 1 };
  /** Moves on at every reset: a send loop of an earlier generation stops. */
  private generation = 0;
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly publicSeen = new Set<string>();
  /** URLs whose host has been looked at: a webhook's URL is parsed once, not at every attempt. */
  private readonly checkedUrls = new Set<string>();
  private readonly options: DeliveryOptions;
  private readonly realNow: () => number;
  private readonly clients: HookClients;

  constructor(private readonly deps: WebhooksDeps) {
    this.options = { ...DEFAULT_DELIVERY, ...deps.delivery };
    this.clients = new HookClients({ timeoutMs: this.options.timeoutMs, ca: this.options.ca });
    this.realNow = deps.realNow ?? Date.now;
  }

  get size(): number {
    return this.hooks.size;
  }

  /** The webhooks, oldest first. */
  all(): Webhook[] {
    return [...this.hooks.values()];
  }

  get(id: number): Webhook | undefined {
    return this.hooks.get(id);
  }

  add(spec: Omit<Webhook, 'id'>): Webhook {
    const hook: Webhook = { ...spec, events: [...spec.events], id: this.next.webhook++ };
    this.hooks.set(hook.id, hook);
    this.deps.changed?.();
    return hook;
  }

  /** Removes a webhook; its pending deliveries are kept as failed (nothing is dropped silently). */
  remove(id: number): boolean {
    if (!this.hooks.delete(id)) return false;
    for (const d of this.queues.get(id)?.values() ?? []) {
      if (d.state === 'pending') this.finish(d, 'failed', 'the webhook was removed');
    }
    this.queues.delete(id);
    this.deps.changed?.();
    this.wake();
    return true;
  }

  clear(): void {
    for (const id of [...this.hooks.keys()]) this.remove(id);
  }

  /** Events raised, oldest first. */
  events(): RaisedEvent[] {
    return [...this.eventList.values()];
  }

  /** Deliveries kept, oldest first. */
  deliveries(): Delivery[] {
    return [...this.byId.values()];
  }

  delivery(id: number): Delivery | undefined {
    return this.byId.get(id);
  }

  get pending(): number {
    let count = 0;
    for (const queue of this.queues.values()) count += queue.size;
    return count;
  }

  /** Whether any webhook is subscribed to one of these events (their deliveries are then saved with the mutation). */
  subscribed(raised: readonly Raised[]): boolean {
    for (const hook of this.hooks.values()) {
      if (hook.events.length === 0 || raised.some(({ event }) => hook.events.includes(event))) return true;
    }
    return false;
  }

  /**
   * Takes what a committed mutation raised: numbers and stamps each event, and
   * queues a delivery per webhook subscribed. Answers their ids. `saved`: the
   * mutation's write already held these deliveries (see saved()).
   */
  accept(raised: readonly Raised[], byDay: boolean, saved = false): number[] {
    const time = formatDateTime(this.deps.now());
    const ids: number[] = [];
    let queued = false;
    for (const { event, payload } of raised) {
      const stamped: RaisedEvent = { id: this.next.event++, event, time, byDay, payload };
      ids.push(stamped.id);
      this.remember(stamped);
      for (const hook of this.hooks.values()) {
        if (hook.events.length > 0 && !hook.events.includes(event)) continue;
        this.enqueue(hook, stamped);
        queued = true;
      }
    }
    if (queued && !saved) this.deps.changed?.();
    return ids;
  }

  /** Keeps an event for session.events(), within MAX_EVENTS and the memory budget (oldest first). */
  private remember(event: RaisedEvent): void {
    this.eventList.set(event.id, event);
    this.deps.budget?.add('events', event, eventBytes(event), () => this.eventList.delete(event.id));
    if (this.eventList.size > MAX_EVENTS) {
      const oldest = this.eventList.values().next().value as RaisedEvent;
      this.eventList.delete(oldest.id);
      this.deps.budget?.remove('events', oldest);
    }
  }

  private enqueue(hook: Webhook, event: RaisedEvent): void {
    const delivery = this.deliveryOf(hook, event, this.next.delivery++);
    this.keep(delivery);
    this.queue(delivery);
  }

  private deliveryOf(hook: Webhook, event: RaisedEvent, id: number): Delivery {
    return {
      id,
      webhook: hook.id,
      url: hook.url,
      event: event.event,
      eventId: event.id,
      contentType: hook.contentType,
      body: bodyOf(event.payload, hook.contentType),
      state: 'pending',
      attempts: [],
      createdAt: new Date(this.realNow()).toISOString(),
    };
  }

  private keep(delivery: Delivery): void {
    this.byId.set(delivery.id, delivery);
  }

  private queue(delivery: Delivery): void {
    const queue = this.queues.get(delivery.webhook) ?? new Map<number, Delivery>();
    queue.set(delivery.id, delivery);
    this.queues.set(delivery.webhook, queue);
    this.kick(delivery.webhook);
  }

  /** Sends a finished delivery again, as a new pending delivery of the same body at the end of its webhook's queue. */
  redeliver(id: number): Delivery | undefined {
    const old = this.byId.get(id);
    if (!old) return undefined;
    const hook = this.hooks.get(old.webhook);
    if (!hook) return undefined;
    const again: Delivery = {
      ...old,
      id: this.next.delivery++,
      url: hook.url,
      state: 'pending',
      attempts: [],
      createdAt: new Date(this.realNow()).toISOString(),
    };
    this.keep(again);
    this.queue(again);
    this.deps.changed?.();
    return again;
  }

  /** Resolves once no delivery is pending (at once when none is). */
  settled(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Resolves when no delivery is pending or after `ms`, whichever comes first; true when settled. */
  async settledWithin(ms: number): Promise<boolean> {
    if (this.pending === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    });
    const done = await Promise.race([this.settled().then(() => true as const), late]);
    clearTimeout(timer);
    return done;
  }

  private wake(): void {
    if (this.pending > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private kick(hookId: number): void {
    if (this.stopped || this.running.has(hookId)) return;
    const generation = this.generation;
    this.running.set(hookId, generation);
    void this.drain(hookId, generation).finally(() => {
      if (this.running.get(hookId) === generation) this.running.delete(hookId);
    });
  }

  /** Sends the webhook's queue in order, one delivery at a time, each with its retries. */
  private async drain(hookId: number, generation: number): Promise<void> {
    for (;;) {
      if (this.stopped || generation !== this.generation) return;
      const queue = this.queues.get(hookId);
      const delivery = queue?.values().next().value;
      if (!queue || !delivery) return;
      await this.send(delivery, generation);
      if (this.stopped || generation !== this.generation) return;
      queue.delete(delivery.id);
      if (queue.size === 0) this.queues.delete(hookId);
      this.wake();
    }
  }

  private async send(delivery: Delivery, generation: number): Promise<void> {
    while (delivery.state === 'pending') {
      const n = delivery.attempts.length;
      if (n > 0) await this.pause(this.options.backoffMs * 2 ** (n - 1));
      if (this.stopped || generation !== this.generation || delivery.state !== 'pending') return;
      const hook = this.hooks.get(delivery.webhook);
      if (!hook) return this.finish(delivery, 'failed', 'the webhook was removed');
      const attempt = await this.attempt(hook, delivery);
      if (this.stopped || generation !== this.generation || delivery.state !== 'pending') return;
      delivery.attempts.push(attempt);
      const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
      if (ok) this.finish(delivery, 'delivered');
      else if (delivery.attempts.length >= this.options.attempts) this.finish(delivery, 'failed');
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /** One POST with the plugin's headers, within the time-out. */
  private async attempt(hook: Webhook, delivery: Delivery): Promise<DeliveryAttempt> {
    const clock = hook.timestamp === 'session' ? this.deps.now().getTime() : this.realNow();
    const timestamp = String(unixTime(new Date(clock)));
    const started = this.realNow();
    const at = new Date(started).toISOString();
    this.notePublic(hook.url);
    const headers = {
      'content-type': hook.contentType === 'json' ? 'application/json' : 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(delivery.body)),
      'user-agent': 'billsim-webhooks',
      'hb-hook': String(hook.id),
      'hb-event': delivery.event,
      'hb-timestamp': timestamp,
      'hb-signature': signature(hook.secret, timestamp, delivery.body),
    };
    try {
      const status = await this.clients.post(hook.url, headers, delivery.body);
      const ms = this.realNow() - started;
      const ok = status >= 200 && status < 300;
      return { at, status, ms, ...(!ok && { error: `the receiver answered ${status}` }) };
    } catch (error) {
      return { at, status: null, error: (error as Error).message, ms: this.realNow() - started };
    }
  }

  private notePublic(url: string): void {
    if (this.checkedUrls.has(url)) return;
    // A session holds a few webhooks; URLs no longer used are forgotten with the rest now and then.
    roomIn(this.checkedUrls, 100).add(url);
    let host: string;
    try {
      host = new URL(url).hostname;
    } catch {
      return;
    }
    if (isPrivateHost(host) || this.publicSeen.has(host)) return;
    this.publicSeen.add(host);
    this.deps.publicUse?.(url);
  }

  private finish(delivery: Delivery, state: 'delivered' | 'failed', why?: string): void {
    delivery.state = state;
    if (why) delivery.attempts.push({ at: new Date(this.realNow()).toISOString(), status: null, error: why, ms: 0 });
    this.deps.changed?.();
    // Finished deliveries are kept within bounds: the oldest finished go first, pending ones never.
    this.deps.budget?.add('deliveries', delivery, deliveryBytes(delivery), () => this.forget(delivery));
    this.finished.set(delivery.id, delivery);
    if (this.finished.size > MAX_FINISHED) {
      const oldest = this.finished.values().next().value as Delivery;
      this.deps.budget?.remove('deliveries', oldest);
      this.forget(oldest);
    }
  }

  private forget(delivery: Delivery): void {
    this.byId.delete(delivery.id);
    this.finished.delete(delivery.id);
  }

  /** Back to `initial` webhooks with no events or deliveries (a session's reset). */
  reset(initial: readonly Omit<Webhook, 'id'>[]): void {
    this.generation++;
    this.cancelWaits();
    for (const d of this.finished.values()) this.deps.budget?.remove('deliveries', d);
    for (const e of this.eventList.values()) this.deps.budget?.remove('events', e);
    this.hooks.clear();
    this.eventList.clear();
    this.finished.clear();
    this.byId.clear();
    this.queues.clear();
    this.running.clear();
    this.next = { webhook: 1, event: 1, delivery: 1 };
    for (const spec of initial) this.add(spec);
    this.wake();
  }

  /** Stops sending (the server is closing): what is pending stays pending. */
  stop(): void {
    this.stopped = true;
    this.cancelWaits();
    this.clients.close();
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  private cancelWaits(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.clients.stop();
  }

  /**
   * What a data file keeps. `raising`: events a mutation raised and is about
   * to save, whose deliveries are kept as accept() will queue them (the same
   * ids), so the mutation's write holds them.
   */
  saved(raising: readonly Raised[] = []): SavedWebhooks {
    const pending = [...this.byId.values()].filter((d) => d.state === 'pending');
    const next = { ...this.next };
    for (const { event, payload } of raising) {
      const stamped: RaisedEvent = { id: next.event++, event, time: '', byDay: false, payload };
      for (const hook of this.hooks.values()) {
        if (hook.events.length > 0 && !hook.events.includes(event)) continue;
        pending.push(this.deliveryOf(hook, stamped, next.delivery++));
      }
    }
    return { next, hooks: this.all(), pending };
  }

  /** Takes back what a data file kept, and sends the pending deliveries. */
  load(saved: SavedWebhooks): void {
    this.next = { ...saved.next };
    this.hooks = new Map(saved.hooks.map((hook) => [hook.id, { ...hook }]));
    for (const delivery of saved.pending) {
      const copy = { ...delivery, attempts: [...delivery.attempts] };
      this.keep(copy);
      this.queue(copy);
    }
  }
}
