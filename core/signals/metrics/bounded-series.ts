/**
 * A time series that never holds more than `cap` points: when full it drops every other
 * point and from then on keeps only every second (fourth, …) arriving point. Uniform
 * thinning keeps the shape of the distribution, needs no randomness, and is deterministic
 * for a given input order.
 */
export class BoundedSeries {
  readonly times: number[] = [];
  readonly values: number[] = [];
  private stride = 1;
  private seen = 0;

  constructor(private readonly cap: number) {}

  push(time: number, value: number): void {
    const keep = this.seen % this.stride === 0;
    this.seen += 1;
    if (!keep) return;
    this.times.push(time);
    this.values.push(value);
    if (this.values.length >= this.cap) this.halve();
  }

  get length(): number {
    return this.values.length;
  }

  private halve(): void {
    let j = 0;
    for (let i = 0; i < this.values.length; i += 2) {
      this.times[j] = this.times[i] ?? 0;
      this.values[j] = this.values[i] ?? 0;
      j += 1;
    }
    this.times.length = j;
    this.values.length = j;
    this.stride *= 2;
  }
}
