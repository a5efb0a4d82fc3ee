/** A fixed-window frame counter: at most `max` frames per `windowMs` from one client. */
export class FrameBudget {
  private windowStart = 0;
  private used = 0;
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  take(now: number): boolean {
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    this.used += 1;
    return this.used <= this.max;
  }
}
