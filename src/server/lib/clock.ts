/** Time is injected: services read ctx.clock.now(); tests move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests (and the e2e clock endpoint) can move forward. */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  private fixed: Date | null;
  constructor(start?: Date) {
    this.fixed = start ?? null;
  }
  now(): Date {
    const base = this.fixed ? this.fixed.getTime() : Date.now();
    return new Date(base + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  set(date: Date): void {
    this.fixed = date;
    this.offsetMs = 0;
  }
}
