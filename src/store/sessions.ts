import { Clock } from './clock.js';
import { Seed, World } from './world.js';
import type { Adapter } from 'lowdb';
import type { Collections } from '../generated/wire.js';

export const DEFAULT_SESSION = 'default';
const NAME = /^[A-Za-z0-9._-]{1,64}$/;

export function isValidSessionName(name: string): boolean {
  return NAME.test(name);
}

export class Session {
  readonly world: World;
  readonly clock: Clock;
  constructor(readonly name: string, seed: Seed, start?: Date, adapter?: Adapter<Collections>) {
    this.world = new World(seed, adapter);
    this.clock = new Clock(start);
  }
}

export interface SessionOptions {
  /** Frozen start time for every new session's clock (the --now flag). */
  now?: Date;
  /** Where the default session keeps its committed state (lowdb adapter). */
  defaultAdapter?: Adapter<Collections>;
}

/** Isolated worlds by name, each created from the seed on first use. */
export class Sessions {
  private readonly map = new Map<string, Session>();

  constructor(readonly seed: Seed, private readonly options: SessionOptions = {}) {}

  get(name: string = DEFAULT_SESSION): Session {
    let session = this.map.get(name);
    if (!session) {
      const adapter = name === DEFAULT_SESSION ? this.options.defaultAdapter : undefined;
      session = new Session(name, this.seed, this.options.now, adapter);
      this.map.set(name, session);
    }
    return session;
  }

  names(): string[] {
    return [...this.map.keys()];
  }

  delete(name: string): boolean {
    return this.map.delete(name);
  }
}
