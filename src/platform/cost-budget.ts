// A budget of work per caller, in the memory of one process: the CPU it protects is that
// process's. A request takes its most possible cost before it runs and gives back what it did not
// use; a caller whose budget cannot cover the next request waits (429 + Retry-After). Requests at
// once each take their share first, so simultaneous ones cannot overdraw it.

const MAX_KEYS = 100_000;

export class CostBudget {
  private readonly buckets = new Map<string, { units: number; at: number }>();

  /** `perMinute` units a minute, at most `burst` saved up (never less than one request's most); perMinute 0: no limit. */
  constructor(private readonly perMinute: number, private readonly burst: number, private readonly now: () => number = Date.now) {}

  private bucket(key: string) {
    const now = this.now();
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size >= MAX_KEYS) this.buckets.delete(this.buckets.keys().next().value!);
      b = { units: this.burst, at: now };
      this.buckets.set(key, b);
    }
    b.units = Math.min(this.burst, b.units + ((now - b.at) * this.perMinute) / 60_000);
    b.at = now;
    return b;
  }

  /** What a request of `cost` takes: a cost above the burst takes the whole burst (else it could never run). */
  charge(cost: number): number {
    return this.perMinute <= 0 ? 0 : Math.max(0, Math.min(cost, this.burst));
  }

  /** Takes charge(cost) units: null when granted, else the seconds until they are there. */
  take(key: string, cost: number): number | null {
    const need = this.charge(cost);
    if (need === 0) return null;
    const b = this.bucket(key);
    if (b.units >= need) {
      b.units -= need;
      return null;
    }
    return ((need - b.units) * 60) / this.perMinute;
  }

  /** Gives back units taken and not used. */
  refund(key: string, units: number): void {
    if (this.perMinute <= 0 || units <= 0) return;
    const b = this.bucket(key);
    b.units = Math.min(this.burst, b.units + units);
  }
}
