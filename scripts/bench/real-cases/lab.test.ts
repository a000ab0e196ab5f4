/**
 * The lab in the accuracy protocol, on a tiny fake incident folder built here (no ../shared):
 * a capture of a few OTLP and Prometheus JSON lines, times.json and truth.json.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Diagnosis } from '../../../core/diagnosis/index.js';
import { expectedServices, loadGroundTruth, scoreCase } from '../../../main/bench/index.js';
import { buildProgram } from '../../../main/cli/program.js';
import { tempDir } from '../../../main/platform/testing/temp-dirs.js';
import { convertLab, labFaultOrder, listLabIncidents } from './lab.js';
import { BundlesMismatchError, NOT_STARTED, openSystems, runSystem } from './run-cases.js';
import { caseRows } from './summary.js';
import { readSplit, splitSystem } from './split.js';

const T0 = Date.parse('2026-12-07T16:40:00Z');
const at = (s: number): string => String((T0 + s * 1000) * 1_000_000);
const iso = (s: number): string => new Date(T0 + s * 1000).toISOString().replace('.000', '');
const INJECTED = 'planted text only truth.json holds';

const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
/** One OTLP request: the frontend serves it and calls cart, whose client span to redis fails from 10 minutes on. */
function traceLine(s: number, i: number): string {
  const trace = (s * 100 + i).toString(16).padStart(32, '0');
  const failing = s >= 600;
  const span = (id: string, parent: string, name: string, kind: number, start: number, end: number, extra: object[] = []) => ({
    traceId: trace,
    spanId: `${id}${(s * 100 + i).toString(16).padStart(14, '0')}`,
    parentSpanId: parent ? `${parent}${(s * 100 + i).toString(16).padStart(14, '0')}` : '',
    name,
    kind,
    startTimeUnixNano: at(s + start),
    endTimeUnixNano: at(s + end),
    attributes: extra,
    status: failing ? { code: 2, message: 'connect ECONNREFUSED' } : {},
  });
  const resource = (service: string) => ({ attributes: [attr('service.name', service), attr('service.instance.id', `${service}-1`)] });
  return JSON.stringify({
    resourceSpans: [
      { resource: resource('frontend'), scopeSpans: [{ spans: [span('aa', '', 'GET /cart', 2, 0, 0.05)] }] },
      {
        resource: resource('cart'),
        scopeSpans: [
          {
            spans: [
              span('bb', 'aa', 'GET /cart', 2, 0.01, 0.04),
              span('cc', 'bb', 'HGETALL', 3, 0.015, 0.02, [attr('db.system', 'redis'), attr('net.peer.name', 'redis')]),
            ],
          },
        ],
      },
    ],
  });
}

const matrix = (name: string, job: string, values: Array<[number, string]>) =>
  JSON.stringify({
    status: 'success',
    data: { resultType: 'matrix', result: [{ metric: { __name__: name, job, instance: '127.0.0.1:9121' }, values }] },
  });

/** A fake lab incident: redis stops at T0 + 10 min; the baseline is the first five minutes. */
function makeIncident(root: string, id: string, startOffset: number): void {
  const dir = path.join(root, id);
  mkdirSync(path.join(dir, 'capture', 'otlp'), { recursive: true });
  mkdirSync(path.join(dir, 'capture', 'prom'), { recursive: true });
  const lines: string[] = [];
  for (let s = 0; s < 900; s += 20) for (let i = 0; i < 3; i++) lines.push(traceLine(s, i));
  writeFileSync(path.join(dir, 'capture', 'otlp', 'traces.jsonl'), `${lines.join('\n')}\n`);
  const up: Array<[number, string]> = [];
  for (let s = 0; s < 900; s += 15) up.push([(T0 + s * 1000) / 1000, s >= 600 ? '0' : '1']);
  writeFileSync(path.join(dir, 'capture', 'prom', 'redis_up.json'), matrix('redis_up', 'redis', up));
  writeFileSync(
    path.join(dir, 'capture', 'prom', 'alerts.json'),
    JSON.stringify({
      status: 'success',
      data: { alerts: [{ labels: { alertname: 'RedisDown', job: 'redis', severity: 'critical' }, state: 'firing', activeAt: iso(615) }] },
    }),
  );
  writeFileSync(
    path.join(dir, 'times.json'),
    JSON.stringify({ incidentTime: iso(600), window: `${iso(540)}/${iso(840)}`, baseline: `${iso(0)}/${iso(300)}` }),
  );
  writeFileSync(
    path.join(dir, 'truth.json'),
    JSON.stringify({
      id,
      rootCause: { service: 'redis', entity: 'Service/redis' },
      faultType: 'dependency-down',
      injected: INJECTED,
      start: new Date(T0 + 600_000 + startOffset).toISOString(),
    }),
  );
}

/** Every file of a bundle as text (record files unzipped), ground_truth.yaml left out. */
function bundleText(bundle: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(bundle).sort()) {
    if (name === 'ground_truth.yaml') continue;
    const raw = readFileSync(path.join(bundle, name));
    out[name] = (name.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
  }
  return out;
}

let incidents = '';
beforeAll(() => {
  incidents = tempDir('eog-lab-incidents-');
  // Named against their injection order: the split must follow truth.json's start, not the names.
  makeIncident(incidents, 'lab-a', 3 * 3600_000);
  makeIncident(incidents, 'lab-b', 0);
  makeIncident(incidents, 'lab-c', 3600_000);
  mkdirSync(path.join(incidents, 'notes'));
});
afterEach(() => vi.restoreAllMocks());
const quiet = (): void => void vi.spyOn(process.stderr, 'write').mockImplementation(() => true);

describe('the lab incidents', () => {
  it('are the folders with a capture, times.json and truth.json, ordered for the split by truth.json start', () => {
    const found = listLabIncidents(incidents);
    expect(found.map((i) => i.id)).toEqual(['lab-a', 'lab-b', 'lab-c']);
    const split = splitSystem(labFaultOrder(found));
    expect(split.order.map((f) => f.case)).toEqual(['lab-b', 'lab-c', 'lab-a']);
    expect(split.val).toEqual(['lab-a']);
  });

  it('time given: converted exactly as `eog convert capture` converts them, with the answer only in ground_truth.yaml', async () => {
    quiet();
    const out = tempDir('eog-lab-out-');
    const bundles = convertLab(incidents, out, { timeGiven: true });
    expect(bundles.map((b) => path.basename(b))).toEqual(['lab-a', 'lab-b', 'lab-c']);
    const bundle = bundles[1] ?? '';
    const times = JSON.parse(readFileSync(path.join(incidents, 'lab-b', 'times.json'), 'utf8')) as Record<string, string>;
    const byCli = path.join(tempDir('eog-lab-cli-'), 'lab-b');
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await buildProgram().parseAsync([
      'node',
      'eog',
      'convert',
      'capture',
      path.join(incidents, 'lab-b', 'capture'),
      '--out',
      byCli,
      '--window',
      times.window ?? '',
      '--incident-time',
      times.incidentTime ?? '',
      '--baseline',
      times.baseline ?? '',
    ]);
    expect(bundleText(bundle)).toEqual(bundleText(byCli));
    const manifest = JSON.parse(readFileSync(path.join(bundle, 'snapshot.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({ incidentTime: times.incidentTime, baseline: { start: iso(0), end: iso(300) } });
    for (const text of Object.values(bundleText(bundle))) {
      expect(text).not.toContain(INJECTED);
      expect(text).not.toContain('dependency-down');
    }
    const gt = loadGroundTruth(bundle);
    expect(gt === null ? null : expectedServices(gt)).toEqual(['redis']);
    expect(gt?.faults.map((f) => f.mechanism)).toEqual(['dependency-down']);
  });

  it('window only: converted as `eog convert capture` with --window alone, so no incident time', async () => {
    quiet();
    const [bundle] = convertLab(incidents, tempDir('eog-lab-out-'), { timeGiven: false });
    const byCli = path.join(tempDir('eog-lab-cli-'), 'lab-a');
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const capture = path.join(incidents, 'lab-a', 'capture');
    await buildProgram().parseAsync(['node', 'eog', 'convert', 'capture', capture, '--out', byCli, '--window', `${iso(540)}/${iso(840)}`]);
    expect(bundleText(bundle ?? '')).toEqual(bundleText(byCli));
    const manifest = JSON.parse(readFileSync(path.join(bundle ?? '', 'snapshot.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.incidentTime).toBeUndefined();
    expect(manifest.window).toEqual({ start: iso(540), end: iso(840) });
  });
});

describe("the bench's scorer on the lab's truth", () => {
  // score.sh: a ranked entity's service is a Pod's name without its two hash parts, else the entity's last path part.
  const diagnosis = (frontier: string[], ranked: string[]): Diagnosis =>
    ({ frontier, ranking: ranked.map((entity, i) => ({ entity, score: 1 - i / 10 })) }) as unknown as Diagnosis;

  it('matches Service/redis by the service name, as score.sh does', () => {
    quiet();
    const [bundle] = convertLab(incidents, tempDir('eog-lab-out-'), { timeGiven: true });
    const gt = loadGroundTruth(bundle ?? '');
    if (gt === null) throw new Error('no ground truth written');
    expect(scoreCase(gt, diagnosis(['Service/redis'], ['Service/redis'])).rank).toBe(1);
    const second = scoreCase(gt, diagnosis(['Service/cart'], ['Service/cart', 'Service/checkout', 'Service/redis']));
    expect(second.rankedServices).toEqual(['cart', 'checkout', 'redis']);
    expect(second.rank).toBe(3);
    expect(scoreCase(gt, diagnosis([], ['shop/Pod/redis-5d8f7c9b4-x2x9q'])).rank).toBe(1);
    expect(scoreCase(gt, diagnosis([], ['Service/redis-exporter'])).rank).toBeNull();
  });
});

describe('the lab through the protocol scripts', () => {
  it('converts the incidents folder on the fly, each way, and scores each case by its truth', async () => {
    quiet();
    for (const timeGiven of [true, false]) {
      const { systems, cleanup } = await openSystems([{ system: 'lab', root: incidents }], { timeGiven });
      try {
        expect(systems.map((s) => [s.system, s.bundles.map((b) => path.basename(b))])).toEqual([['lab', ['lab-a', 'lab-b', 'lab-c']]]);
        const results = await runSystem({ system: 'lab', bundles: systems[0]?.bundles.slice(0, 1) ?? [] }, readSplit());
        expect(results).toHaveLength(1);
        // The fake ids are not in split.json.
        expect(results[0]).toMatchObject({ system: 'lab', case: 'lab-a', part: null, expected: ['redis'], faultType: 'dependency-down' });
        expect(results[0]?.rank).toEqual(expect.any(Number));
      } finally {
        cleanup();
      }
    }
  }, 60_000);

  it('counts a case the investigation cannot start on (no alert, no entry point) as a miss, and goes on', async () => {
    quiet();
    const root = tempDir('eog-lab-bare-incidents-');
    makeIncident(root, 'lab-x', 0);
    // Only a metric of one service: nothing alerts and nothing calls anything.
    rmSync(path.join(root, 'lab-x', 'capture', 'otlp'), { recursive: true });
    rmSync(path.join(root, 'lab-x', 'capture', 'prom', 'alerts.json'));
    makeIncident(root, 'lab-y', 1000);
    const { systems, cleanup } = await openSystems([{ system: 'lab', root }], { timeGiven: false });
    try {
      const [x, y] = await runSystem({ system: 'lab', bundles: systems[0]?.bundles ?? [] }, readSplit());
      expect(x).toMatchObject({ case: 'lab-x', outcome: NOT_STARTED, rank: null, ac1: false, expected: ['redis'] });
      expect(caseRows([x].filter((c) => c !== undefined))[0]?.[6]).toBe('not started');
      expect(y).toMatchObject({ case: 'lab-y', expected: ['redis'] });
      expect(y?.outcome).not.toBe(NOT_STARTED);
    } finally {
      cleanup();
    }
  }, 60_000);

  it('refuses bundles converted the other way, or without a ground truth', async () => {
    quiet();
    const windowOnly = tempDir('eog-lab-out-');
    convertLab(incidents, windowOnly, { timeGiven: false });
    await expect(openSystems([{ system: 'lab', bundles: windowOnly }])).rejects.toThrow(/has no incidentTime: .*add --no-time/);
    const { systems, cleanup } = await openSystems([{ system: 'lab', bundles: windowOnly }], { timeGiven: false });
    cleanup();
    expect(systems[0]?.bundles).toHaveLength(3);
    const bare = path.join(tempDir('eog-lab-bare-'), 'lab-b');
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    await buildProgram().parseAsync(['node', 'eog', 'convert', 'capture', path.join(incidents, 'lab-b', 'capture'), '--out', bare]);
    await expect(openSystems([{ system: 'lab', bundles: path.dirname(bare) }], { timeGiven: false })).rejects.toThrow(BundlesMismatchError);
  });
});
