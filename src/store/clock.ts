/**
 * A session's clock. Runs with real time plus an offset, or stays frozen at a
 * set moment (the --now flag, or a test) until it is set or advanced again.
 */
export class Clock {
  private offsetMs = 0;
  private frozenAt: number | null;

  constructor(start?: Date) {
    this.frozenAt = start ? start.getTime() : null;
  }

  /** Back to how a new session starts: frozen at `start`, or real time. */
  reset(start?: Date): void {
    this.offsetMs = 0;
    this.frozenAt = start ? start.getTime() : null;
  }

  get frozen(): boolean {
    return this.frozenAt !== null;
  }

  now(): Date {
    return new Date(this.frozenAt ?? Date.now() + this.offsetMs);
  }

  set(date: Date): void {
    if (this.frozenAt !== null) this.frozenAt = date.getTime();
    else this.offsetMs = date.getTime() - Date.now();
  }

  advance(seconds: number): void {
    if (this.frozenAt !== null) this.frozenAt += seconds * 1000;
    else this.offsetMs += seconds * 1000;
  }
}
