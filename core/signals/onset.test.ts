import { describe, expect, it } from 'vitest';
import { binomialLlr, earlierOnset, firstStep, type OnsetBucket } from './onset.js';

const MIN = 60_000;
/** Minutes 0..59 with `calls` each; `errorsAt(m)` and `slowAt(m)` errors and slow calls. */
function minutes(calls: number, errorsAt: (m: number) => number, slowAt: (m: number) => number = () => 0): OnsetBucket[] {
  return Array.from({ length: 60 }, (_, m) => ({ start: m * MIN, calls, errors: errorsAt(m), slow: slowAt(m) }));
}
/** The onset of minutes 0..59: the first 30 are the baseline, the window starts at 30. */
function onsetOf(buckets: OnsetBucket[], given: number, earliest = 30 * MIN): ReturnType<typeof earlierOnset> {
  return earlierOnset(
    buckets.filter((b) => b.start < 30 * MIN),
    buckets.filter((b) => b.start >= 30 * MIN),
    given,
    earliest,
  );
}
// A steady baseline of about 1 % errors (1 in every minute, 2 every third minute).
const noise = (m: number): number => (m % 3 === 0 ? 2 : 1);

describe('the onset the alerted entities’ requests show', () => {
  it('finds an error share that stepped up 16 minutes before a late alert', () => {
    // Window from minute 30; the step at minute 43 (×3.5), so the onset at the end of that minute; the alert at minute 59.
    const buckets = minutes(115, (m) => (m >= 43 ? noise(m) + 3 : noise(m)));
    const shift = onsetOf(buckets, 59 * MIN);
    expect(shift).toMatchObject({ onset: 44 * MIN, given: 59 * MIN, signal: 'errors' });
    expect(shift?.rateBetween).toBeGreaterThan(2 * (shift?.rateBefore ?? 1));
  });

  it('places the onset where the step is: a step within the alert’s own delay is left alone, not pulled earlier', () => {
    expect(
      onsetOf(
        minutes(115, (m) => (m >= 52 ? noise(m) + 4 : noise(m))),
        59 * MIN,
      ),
    ).toMatchObject({ onset: 53 * MIN });
    // Three minutes before the alert: its `for:` delay, which the window absorbs.
    expect(
      onsetOf(
        minutes(115, (m) => (m >= 56 ? noise(m) + 6 : noise(m))),
        59 * MIN,
      ),
    ).toBeNull();
  });

  it('holds a noisy signal to its own minute-to-minute spread, and wants the step’s first minutes abnormal', () => {
    // Slow calls that swing between 5 and 25 a minute in the baseline: a rise to 20 is within their spread.
    const swinging = (m: number): number => (m % 2 === 0 ? 5 : 25);
    expect(
      onsetOf(
        minutes(100, noise, (m) => (m >= 40 ? 20 : swinging(m))),
        55 * MIN,
      ),
    ).toBeNull();
    // A rise at minute 50 only, with the minutes from 40 to 50 normal: not an onset at 40.
    const late = onsetOf(
      minutes(115, (m) => (m >= 50 ? noise(m) + 8 : noise(m))),
      58 * MIN,
    );
    expect(late?.onset).toBe(51 * MIN);
  });

  it('finds slow calls when the errors stay level', () => {
    const buckets = minutes(100, noise, (m) => (m >= 40 ? 30 : 10));
    expect(onsetOf(buckets, 55 * MIN)).toMatchObject({ onset: 41 * MIN, signal: 'slow calls' });
  });

  it('leaves the given time alone when nothing steps up before it, or the step is at it', () => {
    expect(onsetOf(minutes(115, noise), 59 * MIN)).toBeNull();
    expect(
      onsetOf(
        minutes(115, (m) => (m >= 50 ? 10 : noise(m))),
        50 * MIN,
      ),
    ).toBeNull();
  });

  it('never moves before the earliest time it is given, and wants more than a handful of events', () => {
    // Up since minute 20, in the baseline: the window shows no step of its own.
    expect(
      onsetOf(
        minutes(115, (m) => (m >= 20 ? 6 : noise(m))),
        59 * MIN,
      ),
    ).toBeNull();
    // A step at minute 35 with the earliest time at 40: the onset is not placed before 40.
    const capped = onsetOf(
      minutes(115, (m) => (m >= 35 ? 6 : noise(m))),
      59 * MIN,
      40 * MIN,
    );
    expect(capped?.onset).toBe(41 * MIN);
    // One error a minute in the two minutes before the alert, none before: too few to say anything.
    const thin = minutes(3, (m) => (m >= 57 ? 1 : 0));
    expect(onsetOf(thin, 59 * MIN)).toBeNull();
  });

  it('scores two equal rates at zero and two different ones above the χ² threshold', () => {
    expect(binomialLlr(10, 1000, 10, 1000)).toBeCloseTo(0, 9);
    expect(binomialLlr(10, 1000, 40, 1000)).toBeGreaterThan(10.83);
  });
});

describe('the onset when no time is given', () => {
  const baseline = (b: OnsetBucket[]): OnsetBucket[] => b.filter((x) => x.start < 30 * MIN);
  const window = (b: OnsetBucket[]): OnsetBucket[] => b.filter((x) => x.start >= 30 * MIN);

  it('is the start of the first minute the slow calls step up in, however close to the window’s end', () => {
    // A 4-minute window (minutes 30..33) whose requests turn slow at minute 31: no alert, no given time.
    const buckets = minutes(200, noise, (m) => (m >= 31 ? 60 : 20)).filter((b) => b.start < 34 * MIN);
    const step = firstStep(baseline(buckets), window(buckets), 30 * MIN, 34 * MIN);
    expect(step).toMatchObject({ onset: 31 * MIN, signal: 'slow calls' });
  });

  it('finds none in a window as normal as its baseline, nor in a one-minute blip', () => {
    const flat = minutes(200, noise, () => 20);
    expect(firstStep(baseline(flat), window(flat), 30 * MIN, 60 * MIN)).toBeNull();
    const blip = minutes(200, noise, (m) => (m === 40 ? 90 : 20));
    expect(firstStep(baseline(blip), window(blip), 30 * MIN, 60 * MIN)).toBeNull();
  });

  it('never places the onset before the window’s start', () => {
    const early = minutes(200, (m) => (m >= 30 ? noise(m) + 20 : noise(m)));
    expect(firstStep(baseline(early), window(early), 30 * MIN, 60 * MIN)?.onset).toBe(30 * MIN);
  });
});
