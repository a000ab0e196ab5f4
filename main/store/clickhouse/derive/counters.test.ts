import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { histogramP95 } from '../../../convert/otlp/histogram.js';
import { ChdbRunner } from '../chdb-runner.js';
import { P95_ITEMS } from './counters.js';

const root = mkdtempSync(join(tmpdir(), 'eog-chdb-p95-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A seeded generator (mulberry32), so the random cases are the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Bucket layouts and counts at the edges of histogramP95, then random ones. */
function cases(): [number[], number[]][] {
  const edges: [number[], number[]][] = [
    [
      [10, 50, 100],
      [0, 10, 10, 0],
    ], // inside a bucket
    [
      [10, 50, 100],
      [0, 0, 0, 5],
    ], // only the overflow bucket: its lower bound
    [
      [10, 50, 100],
      [100, 0, 0, 1],
    ], // the rank lands in the first bucket, lower bound min(0, 10)
    [
      [10, 50, 100],
      [0, 0, 0, 0],
    ], // an empty delta: none
    [[], []], // no buckets at all: none
    [[], [7]], // only an overflow bucket without bounds: none
    [
      [-5, 0, 5],
      [1, 0, 0, 0],
    ], // a negative first bound
    [
      [-5, 0, 5],
      [0, 3, 0, 0],
    ],
    [
      [1, 2],
      [19, 1, 0],
    ], // the rank exactly at a bucket's running count
    [
      [1, 2],
      [0, 0, 20],
    ],
    [
      [0.001, 0.005, 0.01],
      [2, 0, 0, 0],
    ],
    [
      [10, 50, 100],
      [1e12, 3e12, 5e11, 7],
    ], // large counts
  ];
  const next = random(42);
  const out = [...edges];
  for (let i = 0; i < 300; i++) {
    const n = Math.floor(next() * 8);
    const bounds: number[] = [];
    let b = next() < 0.2 ? -next() * 100 : 0;
    for (let j = 0; j < n; j++) bounds.push((b += next() * 50 + 0.001));
    const counts = Array.from({ length: n + 1 }, () => (next() < 0.4 ? 0 : Math.floor(next() * 1000)));
    out.push([bounds, counts]);
  }
  return out;
}

describe('histogramP95 in SQL (the p95 of a Collector database histogram)', () => {
  it('answers what the converter answers, to the last bit, on the same buckets', async () => {
    const runner = await ChdbRunner.open(join(root, 'p95'));
    try {
      runner.exec('CREATE TABLE cases (i UInt32, bounds Array(Float64), counts Array(Float64)) ENGINE = Memory');
      const all = cases();
      runner.insert('cases', ['i', 'bounds', 'counts'], Buffer.from(`${all.map((c, i) => JSON.stringify([i, ...c])).join('\n')}\n`));
      const got = runner.rows(`SELECT i, ${P95_ITEMS} FROM cases ORDER BY i`).map((r) => r.p95);
      const want = all.map(([bounds, counts]) => histogramP95(bounds, counts));
      expect(want.filter((v) => v === null).length).toBeGreaterThan(2);
      expect(got).toEqual(want);
    } finally {
      runner.close();
    }
  });
});
