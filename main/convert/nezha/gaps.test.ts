import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConversionWarning } from '../warnings.js';
import { readBundleStrict } from '../test-helpers.js';
import { convertNezha, type ConvertNezhaOptions } from './convert.js';
import { copySlice, removeSliceCopies, scratchDir } from './test-fixtures.js';

/**
 * Partial captures: each test takes one kind of piece away from a copy of the real slice
 * (day 2023-01-30: baseline at 11:39, incidents at 11:51:46 and 11:59:21, metrics all day)
 * and checks that every bundle that can be written is, with the gap named in the warnings
 * returned, and in the snapshot.json of the bundles it concerns.
 */
const DAY = 'rca_data/2023-01-30';

async function convertWithout(remove: readonly string[], options: ConvertNezhaOptions = {}) {
  const root = copySlice();
  for (const rel of remove) {
    expect(existsSync(join(root, rel)), `${rel} is in the slice`).toBe(true);
    rmSync(join(root, rel), { recursive: true });
  }
  const out = scratchDir();
  const seen: ConversionWarning[] = [];
  const result = await convertNezha(root, out, { ...options, onWarning: (w) => seen.push(w) });
  expect(seen).toEqual(result.warnings);
  const bundle = (name: string) => readBundleStrict(join(out, name));
  return { root, out, ...result, bundle, names: result.bundles.map((b) => basename(b)) };
}

/** Data rows of gzip CSV files whose fields hold no line breaks (trace files). */
function csvRows(root: string, rels: readonly string[]): number {
  return rels.reduce(
    (n, rel) =>
      n +
      gunzipSync(readFileSync(join(root, rel)))
        .toString('utf8')
        .trimEnd()
        .split('\n').length -
      1,
    0,
  );
}

const ms = (t: unknown): number => (typeof t === 'number' ? t : Date.parse(String(t)));
const files = (warnings: readonly ConversionWarning[] | undefined): (string | undefined)[] => (warnings ?? []).map((w) => w.file);

afterAll(removeSliceCopies);

describe('converting a partial Nezha capture', () => {
  it('a day without baseline traces: the baseline is the telemetry before the first incident, and the bundles say so', async () => {
    const { root, names, warnings, bundle } = await convertWithout([`construct_data/2023-01-30/trace`]);
    expect(names).toEqual(['2023-01-30-f01', '2023-01-30-f02']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ file: 'construct_data/2023-01-30/trace' });
    expect(warnings[0]?.message).toMatch(
      /^no baseline trace files: the baseline is the telemetry before the first incident of the day \(11:51:46 UTC\)/,
    );
    const firstIncident = Date.parse('2023-01-30T11:51:46Z');
    for (const name of names) {
      const { manifest, records } = bundle(name);
      expect(manifest.warnings).toEqual(warnings);
      expect(manifest.source?.baselinePeriod).toBe('derived: the telemetry before the first incident of the day');
      const baseline = manifest.baseline as { start: string; end: string };
      expect(ms(baseline.end)).toBeLessThan(firstIncident);
      expect(ms(baseline.end) - ms(baseline.start)).toBeGreaterThan(45_000);
      const inBaseline = records.spans.filter((s) => ms(s.start) <= ms(baseline.end));
      expect(inBaseline.length).toBeGreaterThan(500);
      expect(records.logs.filter((l) => ms(l.time) <= ms(baseline.end)).length).toBeGreaterThan(500);
      expect(manifest.source?.metricBaseline).toBeDefined();
    }
    // The first incident's files feed both periods: each of their spans is in the bundle once.
    const f01 = bundle('2023-01-30-f01');
    expect(f01.records.spans).toHaveLength(
      csvRows(
        root,
        ['11_51', '11_52', '11_53'].map((m) => `${DAY}/trace/${m}_trace.csv.gz`),
      ),
    );
    expect(ms((f01.manifest.window as { start: string }).start)).toBeGreaterThanOrEqual(firstIncident);
  });

  it('a day without a fault-free capture of its own: each bundle compares metrics with the clean minutes just before its incident', async () => {
    const { bundle } = await convertWithout([`construct_data/2023-01-30/trace`]);
    const f02 = bundle('2023-01-30-f02');
    const incident = ms(f02.manifest.incidentTime);
    const own = f02.manifest.metricBaseline as { start: string; end: string } | undefined;
    expect(own).toBeDefined();
    const [start, end] = [ms(own?.start), ms(own?.end)];
    expect(end).toBeLessThanOrEqual(incident);
    expect(start).toBeGreaterThan(incident - 30 * 60_000);
    const inside = f02.records.metrics.map((m) => ms(m.time)).filter((t) => t >= start && t <= end);
    expect(new Set(inside.map((t) => Math.floor(t / 60_000))).size).toBeGreaterThanOrEqual(5);
    // The first incident's minutes (11:51:46, its files and two minutes of recovery) are not normal: left out.
    const firstIncident = Date.parse('2023-01-30T11:51:46Z');
    expect(inside.filter((t) => t > firstIncident && t < Date.parse('2023-01-30T11:57:00Z'))).toEqual([]);
  });

  it('a day with a fault-free capture keeps it as the metrics’ baseline too', async () => {
    const { bundle } = await convertWithout([]);
    expect(bundle('2023-01-30-f02').manifest.metricBaseline).toBeUndefined();
  });

  it('a day without baseline logs: the bundles keep the baseline traces and say the logs are missing', async () => {
    const { names, warnings, bundle } = await convertWithout([`construct_data/2023-01-30/log`]);
    expect(names).toEqual(['2023-01-30-f01', '2023-01-30-f02']);
    expect(warnings).toEqual([{ file: 'construct_data/2023-01-30/log', message: expect.stringMatching(/^no baseline log files/) }]);
    const { manifest, records } = bundle('2023-01-30-f02');
    expect(manifest.warnings).toEqual(warnings);
    const baseline = manifest.baseline as { start: string; end: string };
    expect(records.logs.filter((l) => ms(l.time) <= ms(baseline.end))).toEqual([]);
    expect(records.spans.filter((s) => ms(s.start) <= ms(baseline.end)).length).toBeGreaterThan(500);
  });

  it('an incident minute without its log file: that bundle has the other minutes and names the file; the other bundle is untouched', async () => {
    const { names, warnings, bundle } = await convertWithout([`${DAY}/log/11_52_log.csv.gz`]);
    expect(names).toEqual(['2023-01-30-f01', '2023-01-30-f02']);
    expect(warnings).toEqual([
      { file: `${DAY}/log/11_52_log.csv.gz`, message: expect.stringMatching(/^missing: the window of 2023-01-30-f01 has no logs/) },
    ]);
    const f01 = bundle('2023-01-30-f01');
    expect(f01.manifest.warnings).toEqual(warnings);
    expect((f01.manifest.source?.inputs as { window: string[] }).window).toEqual([
      `${DAY}/trace/11_51_trace.csv.gz`,
      `${DAY}/trace/11_52_trace.csv.gz`,
      `${DAY}/trace/11_53_trace.csv.gz`,
      `${DAY}/log/11_51_log.csv.gz`,
      `${DAY}/log/11_53_log.csv.gz`,
    ]);
    // The 11_52 files hold 11:51:52–11:52:53: the logs have a hole there, the spans do not.
    const inHole = (t: unknown): boolean => ms(t) > Date.parse('2023-01-30T11:52:00Z') && ms(t) < Date.parse('2023-01-30T11:52:45Z');
    expect(f01.records.logs.filter((l) => inHole(l.time))).toEqual([]);
    expect(f01.records.spans.filter((s) => inHole(s.start)).length).toBeGreaterThan(100);
    expect(bundle('2023-01-30-f02').manifest.warnings).toBeUndefined();
  });

  it('an incident minute without its trace file: the bundle has the other minutes and names the file', async () => {
    const { names, warnings, bundle } = await convertWithout([`${DAY}/trace/12_00_trace.csv.gz`]);
    expect(names).toEqual(['2023-01-30-f01', '2023-01-30-f02']);
    expect(warnings).toEqual([
      { file: `${DAY}/trace/12_00_trace.csv.gz`, message: expect.stringMatching(/^missing: the window of 2023-01-30-f02 has no traces/) },
    ]);
    const f02 = bundle('2023-01-30-f02');
    expect(f02.manifest.warnings).toEqual(warnings);
    // The 12_00 files hold 11:59:52–12:00:53.
    const inHole = (t: unknown): boolean => ms(t) > Date.parse('2023-01-30T12:00:00Z') && ms(t) < Date.parse('2023-01-30T12:00:45Z');
    expect(f02.records.spans.filter((s) => inHole(s.start))).toEqual([]);
    expect(f02.records.logs.filter((l) => inHole(l.time)).length).toBeGreaterThan(100);
    expect(bundle('2023-01-30-f01').manifest.warnings).toBeUndefined();
  });

  it('an incident with no log or trace file at all: its bundle still carries the metrics, around the incident minute', async () => {
    const minutes = ['11_59', '12_00', '12_01'];
    const { names, warnings, bundle } = await convertWithout(
      minutes.flatMap((m) => [`${DAY}/log/${m}_log.csv.gz`, `${DAY}/trace/${m}_trace.csv.gz`]),
    );
    expect(names).toEqual(['2023-01-30-f01', '2023-01-30-f02']);
    expect(files(warnings).sort()).toEqual(minutes.flatMap((m) => [`${DAY}/log/${m}_log.csv.gz`, `${DAY}/trace/${m}_trace.csv.gz`]).sort());
    const f02 = bundle('2023-01-30-f02');
    expect(f02.manifest.window).toEqual({ start: '2023-01-30T11:59:00.000Z', end: '2023-01-30T12:02:00.000Z' });
    const window = (t: unknown): boolean => ms(t) >= Date.parse('2023-01-30T11:59:00Z') && ms(t) <= Date.parse('2023-01-30T12:03:00Z');
    expect(f02.records.metrics.filter((m) => window(m.time) && m.name === 'CpuUsageRate').length).toBeGreaterThan(40);
    expect(f02.records.spans.filter((s) => window(s.start))).toEqual([]);
  });

  it('an incident with nothing recorded at all: no bundle for it, a warning saying so, the others written', async () => {
    const minutes = ['11_59', '12_00', '12_01'];
    const { names, warnings } = await convertWithout([
      `${DAY}/metric`,
      ...minutes.flatMap((m) => [`${DAY}/log/${m}_log.csv.gz`, `${DAY}/trace/${m}_trace.csv.gz`]),
    ]);
    expect(names).toEqual(['2023-01-30-f01']);
    expect(warnings).toContainEqual({
      file: DAY,
      message: 'no logs, traces or metrics recorded for the window of 2023-01-30-f02: no bundle written for it',
    });
  });

  it('a day without metric files: the bundles carry traces and logs, and name the missing metrics', async () => {
    const { names, warnings, bundle } = await convertWithout([`${DAY}/metric`]);
    expect(names).toEqual(['2023-01-30-f01', '2023-01-30-f02']);
    expect(files(warnings)).toEqual([`${DAY}/metric`, `${DAY}/metric/front_service.csv.gz`]);
    const { manifest, records } = bundle('2023-01-30-f01');
    expect(manifest.warnings).toEqual(warnings);
    expect(records.metrics).toEqual([]);
    expect(records.spans.length).toBeGreaterThan(1000);
  });

  it('a day without the entry SLI file: pod metrics and trace alerts stay, front_service alerts cannot be made', async () => {
    const { names, warnings, bundle } = await convertWithout([`${DAY}/metric/front_service.csv.gz`]);
    expect(names).toEqual(['2023-01-30-f01', '2023-01-30-f02']);
    expect(warnings).toEqual([
      { file: `${DAY}/metric/front_service.csv.gz`, message: expect.stringMatching(/^missing: no entry-service SLI metrics/) },
    ]);
    for (const name of names) {
      const { records } = bundle(name);
      expect(records.alerts.filter((a) => (a.labels as Record<string, string> | undefined)?.source === 'front_service')).toEqual([]);
      expect(records.metrics.some((m) => m.name === 'CpuUsageRate')).toBe(true);
      expect(records.metrics.filter((m) => String(m.entity).includes('/Service/'))).toEqual([]);
    }
  });

  it('a day folder without a fault list: named in a warning, the other days converted', async () => {
    const root = copySlice();
    mkdirSync(join(root, 'rca_data', '2023-01-31', 'log'), { recursive: true });
    const out = scratchDir();
    const { bundles, warnings } = await convertNezha(root, out, { only: (f) => f.index === 1 });
    expect(bundles.map((b) => basename(b))).toEqual(['2023-01-30-f01']);
    expect(warnings).toEqual([{ file: 'rca_data/2023-01-31', message: expect.stringMatching(/^no 2023-01-31-fault_list\.json/) }]);
    expect(readBundleStrict(join(out, '2023-01-30-f01')).manifest.warnings).toBeUndefined();
  });

  it('a capture with no system marker: entities go to a neutral namespace, and the bundles say why', async () => {
    const { warnings, bundle } = await convertWithout(['construct_data/root_cause_ts.json'], { only: (f) => f.index === 1 });
    expect(warnings).toEqual([
      { file: 'construct_data', message: expect.stringMatching(/^no root_cause_<system>\.json marks the system; .*"nezha"/) },
    ]);
    const { manifest, topology } = bundle('2023-01-30-f01');
    expect(manifest.warnings).toEqual(warnings);
    expect(manifest.source).toMatchObject({ system: 'unknown system', namespace: 'nezha' });
    expect(topology.entities.filter((e) => e.kind === 'Pod').every((e) => e.namespace === 'nezha')).toBe(true);
  });
});
