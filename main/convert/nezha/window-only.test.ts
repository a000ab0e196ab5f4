import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readBundleStrict } from '../test-helpers.js';
import { convertNezha, type ConvertNezhaOptions } from './convert.js';
import { copySlice, removeSliceCopies, scratchDir } from './test-fixtures.js';

/**
 * `eog convert nezha --no-incident-time` (the "window only" way of the accuracy protocol): no
 * incident time in the bundles and no baseline chosen with the fault list. The slice's day
 * 2023-01-30 has its fault-free capture at 11:39, incidents at 11:51:46 and 11:59:21, and
 * metrics from 11:39:52 to 12:25.
 */
const DAY = 'rca_data/2023-01-30';
const FAULT_LIST = `${DAY}/2023-01-30-fault_list.json.gz`;
const ms = (t: unknown): number => (typeof t === 'number' ? t : Date.parse(String(t)));
const MINUTE = 60_000;

async function convert(root: string, options: ConvertNezhaOptions = {}) {
  const out = scratchDir();
  const result = await convertNezha(root, out, options);
  return { ...result, names: result.bundles.map((b) => basename(b)), bundle: (name: string) => readBundleStrict(join(out, name)) };
}

/** A copy of the slice whose fault list gains a fault at 11:45 (no telemetry files of its own): it becomes f01. */
function sliceWithExtraFault(): string {
  const root = copySlice();
  const file = join(root, FAULT_LIST);
  const list = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as Record<string, unknown[]>;
  list['11']?.push({
    inject_time: '2023-01-30 11:45:00',
    inject_timestamp: '0',
    inject_pod: 'ts-station-service-7f4f5f6f77-hp2zq',
    inject_type: 'cpu_contention',
  });
  writeFileSync(file, gzipSync(JSON.stringify(list)));
  return root;
}

/** What an investigation reads of a bundle, without its name (the extra fault renumbers the others). */
function contents(bundle: ReturnType<typeof readBundleStrict>): unknown {
  const { manifest, records, topology } = bundle;
  return { window: manifest.window, baseline: manifest.baseline, metricBaseline: manifest.metricBaseline, records, topology };
}

afterAll(removeSliceCopies);

describe('eog convert nezha --no-incident-time', () => {
  it('writes no incident time and keeps the window, the fault-free capture as baseline and the answer only in ground_truth.yaml', async () => {
    const root = copySlice();
    const given = await convert(root);
    const withheld = await convert(root, { incidentTime: false });
    expect(withheld.names).toEqual(given.names);
    for (const name of withheld.names) {
      const a = given.bundle(name);
      const b = withheld.bundle(name);
      expect(a.manifest.incidentTime).toBeDefined();
      expect(b.manifest.incidentTime).toBeUndefined();
      expect(b.manifest.source?.incidentTime).toMatch(/^withheld \(--no-incident-time\)/);
      expect(b.manifest.window).toEqual(a.manifest.window);
      expect(b.manifest.baseline).toEqual(a.manifest.baseline);
      expect(b.records.spans).toEqual(a.records.spans);
      expect(b.records.logs).toEqual(a.records.logs);
      // The metrics' normal is the fault-free capture itself, not the minutes around it the fault list calls clean.
      const baseline = b.manifest.baseline as { start: string; end: string };
      const metricBaseline = b.manifest.source?.metricBaseline as { start: string; end: string };
      expect(ms(metricBaseline.start)).toBeGreaterThanOrEqual(ms(baseline.start) - MINUTE);
      expect(ms(metricBaseline.end)).toBeLessThanOrEqual(ms(baseline.end) + MINUTE);
      const window = b.manifest.window as { start: string; end: string };
      for (const m of b.records.metrics) {
        const t = ms(m.time);
        const inWindow = t >= ms(window.start) - 10 * MINUTE && t <= ms(window.end) + MINUTE;
        expect(inWindow || (t >= ms(metricBaseline.start) && t <= ms(metricBaseline.end))).toBe(true);
      }
      expect(readFileSync(join(withheld.bundles[withheld.names.indexOf(name)] ?? '', 'ground_truth.yaml'), 'utf8')).toContain(
        'root_cause: true',
      );
    }
    // With the time given, the clean minutes around the capture are the metrics' normal: more of them.
    const f02 = (w: typeof given) => w.bundle('2023-01-30-f02').records.metrics.length;
    expect(f02(withheld)).toBeLessThan(f02(given));
  });

  it('cuts nothing with the fault list: another fault in the list leaves every other bundle as it was', async () => {
    const plain = await convert(copySlice(), { incidentTime: false });
    const extra = await convert(sliceWithExtraFault(), { incidentTime: false });
    expect(extra.names).toEqual(['2023-01-30-f01', '2023-01-30-f02', '2023-01-30-f03']);
    expect(contents(extra.bundle('2023-01-30-f02'))).toEqual(contents(plain.bundle('2023-01-30-f01')));
    expect(contents(extra.bundle('2023-01-30-f03'))).toEqual(contents(plain.bundle('2023-01-30-f02')));
    // With the time given the same fault moves the metrics' clean minutes, so this test can tell.
    const given = await convert(copySlice());
    const givenExtra = await convert(sliceWithExtraFault());
    expect(contents(givenExtra.bundle('2023-01-30-f03'))).not.toEqual(contents(given.bundle('2023-01-30-f02')));
  });

  it('a day without a fault-free capture: no baseline at all, nothing before the first incident cut away, and a warning', async () => {
    const root = copySlice();
    rmSync(join(root, 'construct_data/2023-01-30/trace'), { recursive: true });
    const { names, warnings, bundle } = await convert(root, { incidentTime: false });
    expect(names).toEqual(['2023-01-30-f01', '2023-01-30-f02']);
    expect(warnings).toEqual([
      {
        file: 'construct_data/2023-01-30/trace',
        message: expect.stringMatching(/^no baseline trace files, and the incident times are withheld \(--no-incident-time\)/),
      },
    ]);
    const firstIncident = Date.parse('2023-01-30T11:51:46Z');
    for (const name of names) {
      const { manifest } = bundle(name);
      expect(manifest.incidentTime).toBeUndefined();
      expect(manifest.baseline).toBeUndefined();
      expect(manifest.metricBaseline).toBeUndefined();
      expect(manifest.source?.baselinePeriod).toBeUndefined();
    }
    // Without fault-free traces the calls come from the window's, so the entry service still calls others.
    const calls = (name: string) => bundle(name).topology.edges.filter((e) => e.relation === 'calls');
    expect(calls('2023-01-30-f01').length).toBeGreaterThan(5);
    // The first file holds the minute before the incident: it stays in the window (time given, it is the baseline).
    const f01 = bundle('2023-01-30-f01');
    expect(ms((f01.manifest.window as { start: string }).start)).toBeLessThan(firstIncident - 30_000);
    expect(f01.records.spans.filter((s) => ms(s.start) < firstIncident).length).toBeGreaterThan(500);
  });
});
