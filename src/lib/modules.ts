/** A module whose default export is one entry of a registry (an operation, a door route). */
export type EntryModule<T> = () => Promise<{ default: T }>;

/**
 * A registry whose entries are imported on first use, not at start: importing
 * every call's module (and what each imports) was most of start-up
 * (bench/README.md, "Start-up back under 400 ms"). Names are known at once.
 */
export class LazyRegistry<T> {
  readonly names: readonly string[];
  readonly #modules: Readonly<Record<string, EntryModule<T>>>;
  readonly #loaded = new Map<string, T | Promise<T>>();

  constructor(modules: Readonly<Record<string, EntryModule<T>>>) {
    this.#modules = modules;
    this.names = Object.keys(modules);
  }

  has(name: string): boolean {
    return Object.hasOwn(this.#modules, name);
  }

  /** The entry, once its module is imported (at once after the first time); undefined for a name not registered. */
  get(name: string): T | Promise<T> | undefined {
    const found = this.#loaded.get(name);
    if (found !== undefined || !this.has(name)) return found;
    const loading = this.#modules[name]().then((module) => {
      this.#loaded.set(name, module.default);
      return module.default;
    });
    this.#loaded.set(name, loading);
    return loading;
  }

  /** The entry when its module is imported already, else undefined (nothing is imported). */
  loaded(name: string): T | undefined {
    const found = this.#loaded.get(name);
    return found instanceof Promise ? undefined : found;
  }

  /** Every entry by name, all imported (for generators, tests and tools that walk the whole registry). */
  async all(): Promise<Record<string, T>> {
    const entries = await Promise.all(this.names.map(async (name) => [name, (await this.get(name)) as T] as const));
    return Object.fromEntries(entries);
  }
}
