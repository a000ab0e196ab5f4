import { baselineBand, downsampleMinMax } from '../../core/charts/index.js';
import { tokenizeLine, WILDCARD } from '../../core/signals/index.js';

/**
 * One metric series (a name and label set) of an entity in a range, as its chart draws it:
 * min/max-downsampled per pixel column (core/charts downsampleMinMax, exactly) with the band
 * of its points before the baseline's end (baselineBand, exactly). The store computes both:
 * ClickHouse in SQL, so only the drawn points leave the engine.
 */
/** The period a series' baseline band is computed from: from inclusive (may be -Infinity), until exclusive. */
export interface BandPeriod {
  from: number;
  until: number;
}

export interface MetricSeries {
  name: string;
  /** The label set as stored (JSON text; '' without labels). */
  labels: string;
  /** The unit of the series' first point. */
  unit: string | null;
  /** Points of the series in the range. */
  points: number;
  x: number[];
  y: number[];
  band: { low: number; high: number } | null;
}

/** Log lines per chart bucket: all of them, and those of each template asked for. */
export interface LogCounts {
  all: number[];
  /** One row per template asked for, in the order asked. */
  byTemplate: number[][];
}

/**
 * The metric series of points in (time, line) order, in the order each series first appears:
 * the SQLite store's, which reads its rows in the process (ClickHouse computes the same in SQL).
 */
export function metricSeriesOf(
  points: readonly { name: string; labels: string; unit: string | null; time: number; value: number }[],
  columns: number,
  band: BandPeriod,
): MetricSeries[] {
  const series = new Map<string, { name: string; labels: string; unit: string | null; x: number[]; y: number[] }>();
  for (const p of points) {
    const key = `${p.name}\u0000${p.labels}`;
    let s = series.get(key);
    if (!s) series.set(key, (s = { name: p.name, labels: p.labels, unit: p.unit, x: [], y: [] }));
    s.x.push(p.time);
    s.y.push(p.value);
  }
  return [...series.values()].map((s) => ({
    name: s.name,
    labels: s.labels,
    unit: s.unit,
    points: s.x.length,
    ...downsampleMinMax(s.x, s.y, columns),
    band: baselineBand(s.x, s.y, band.until, band.from),
  }));
}

/**
 * Lines whose bodies are equal once every digit 1–9 is read as 1 (0 stays: `0x` starts a hex
 * mask) are masked alike by core/signals' tokenizer: each of its patterns treats the digits
 * 1–9 as one class, so the same spans are masked and tokens differ only in the digits 1–9 no
 * mask covered. The stores count lines per such class and bucket (ClickHouse in SQL, SQLite in
 * its C code); one example per class then decides the class's template, and only a class
 * whose match depends on an unmasked digit (`pod-2` against a template saying `pod-1`) is
 * counted per body. The counts are those of matching every line, as the charts did.
 */
export interface LineClass {
  /** The class key (classKey of its bodies), or the body for a class counted per body. */
  key: string;
  example: string;
  /** Bucket and lines in it. */
  counts: readonly (readonly [number, number])[];
}

const NONZERO_DIGIT = /[1-9]/;
const NONZERO_DIGITS = /[1-9]/g;
/** A text's class key: digits 1–9 read as 1 (what the stores' SQL does to a body). */
export const classKey = (text: string): string => text.replace(NONZERO_DIGITS, '1');

/** Template index a line matches (the first drawn that does), or -1: the charts' rule. */
export function matchTemplate(templates: readonly (readonly string[])[], tokens: readonly string[]): number {
  return templates.findIndex((t) => t.length === tokens.length && t.every((w, i) => w === WILDCARD || w === tokens[i]));
}

const UNDECIDED = -2;

/** matchTemplate for every line of a class, from one example; UNDECIDED when an unmasked digit decides. */
function matchClass(templates: readonly (readonly string[])[], tokens: readonly string[]): number {
  for (let k = 0; k < templates.length; k++) {
    const t = templates[k] as readonly string[];
    if (t.length !== tokens.length) continue;
    let outcome: 'match' | 'mismatch' | 'depends' = 'match';
    for (let i = 0; i < t.length && outcome !== 'mismatch'; i++) {
      const w = t[i] as string;
      const token = tokens[i] as string;
      if (w === WILDCARD) continue;
      // A digit 1–9 no mask covered may differ between the class's lines: equal here is not equal in all.
      if (!NONZERO_DIGIT.test(token)) outcome = w === token ? outcome : 'mismatch';
      else outcome = classKey(w) === classKey(token) ? 'depends' : 'mismatch';
    }
    if (outcome === 'match') return k;
    if (outcome === 'depends') return UNDECIDED;
  }
  return -1;
}

/**
 * Lines per bucket, all and per template (template texts as the signals hold them, tokens
 * joined by spaces), from the store's line classes; `bodies` counts the lines of the classes
 * given per body, for the classes one example cannot decide.
 */
export function countTemplateLines(
  templates: readonly string[],
  bucketCount: number,
  classes: readonly LineClass[],
  bodies: (keys: readonly string[]) => readonly LineClass[],
): LogCounts {
  const drawn = templates.map((t) => t.split(' '));
  const all = new Array<number>(bucketCount).fill(0);
  const byTemplate = drawn.map(() => new Array<number>(bucketCount).fill(0));
  const add = (row: number[], counts: LineClass['counts']): void => {
    for (const [b, n] of counts) row[b] = (row[b] as number) + n;
  };
  const undecided: string[] = [];
  for (const c of classes) {
    add(all, c.counts);
    if (drawn.length === 0) continue;
    const k = matchClass(drawn, tokenizeLine(c.example));
    if (k === UNDECIDED) undecided.push(c.key);
    else if (k >= 0) add(byTemplate[k] as number[], c.counts);
  }
  if (undecided.length > 0) {
    for (const body of bodies(undecided)) {
      const k = matchTemplate(drawn, tokenizeLine(body.example));
      if (k >= 0) add(byTemplate[k] as number[], body.counts);
    }
  }
  return { all, byTemplate };
}
