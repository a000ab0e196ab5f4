import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEntityId } from '../../core/model/ids.js';
import { matchEntity, parseGroundTruth } from '../../core/scoring/index.js';
import { GenerateOptionError } from './errors.js';
import { faultTypes, parseFaultType, UnknownFaultError, type FaultType } from './faults.js';
import { generateIncident, type GeneratedIncident } from './generate.js';
import { readBundle, type ReadBundle } from './test-support.js';

const root = mkdtempSync(join(tmpdir(), 'eog-generate-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const bytesOf = (dir: string): Map<string, string> =>
  new Map(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(join(dir, f)).toString('base64')]),
  );

describe('determinism', () => {
  it('writes byte-identical bundles for the same seed, gzip included', async () => {
    for (const gzip of [false, true]) {
      const a = await generateIncident(join(root, `det-a-${gzip}`), { fault: 'code_error', seed: 42, services: 8, gzip });
      const b = await generateIncident(join(root, `det-b-${gzip}`), { fault: 'code_error', seed: 42, services: 8, gzip });
      expect(a.records).toEqual(b.records);
      expect(bytesOf(a.dir)).toEqual(bytesOf(b.dir));
    }
  });

  it('writes byte-identical autoscaler_limit bundles for the same seed, and autoscalers only in them', async () => {
    const a = await generateIncident(join(root, 'hpa-a'), { fault: 'autoscaler_limit', seed: 42, services: 8 });
    const b = await generateIncident(join(root, 'hpa-b'), { fault: 'autoscaler_limit', seed: 42, services: 8 });
    expect(bytesOf(a.dir)).toEqual(bytesOf(b.dir));
    expect(readFileSync(join(a.dir, 'topology.json'), 'utf8')).toContain('HorizontalPodAutoscaler');
    const other = await generateIncident(join(root, 'hpa-other'), { fault: 'code_error', seed: 42, services: 8 });
    expect(readFileSync(join(other.dir, 'topology.json'), 'utf8')).not.toContain('HorizontalPodAutoscaler');
  });

  it('writes a different incident for a different seed', async () => {
    const a = await generateIncident(join(root, 'seed-1'), { fault: 'code_error', seed: 1, services: 8 });
    const b = await generateIncident(join(root, 'seed-2'), { fault: 'code_error', seed: 2, services: 8 });
    expect(readFileSync(join(a.dir, 'spans.jsonl'), 'utf8')).not.toEqual(readFileSync(join(b.dir, 'spans.jsonl'), 'utf8'));
  });
});

describe.each(faultTypes)('a %s bundle', (fault) => {
  let incident: GeneratedIncident;
  let bundle: ReadBundle;
  beforeAll(async () => {
    incident = await generateIncident(join(root, fault), { fault, seed: 11, services: 12 });
    bundle = readBundle(incident.dir);
  });

  it('is valid line by line and every record names a topology entity', () => {
    expect(bundle.records.spans.length).toBe(incident.records.spans);
    expect(bundle.records.logs.length).toBeGreaterThan(1000);
    expect(bundle.records.metrics.length).toBeGreaterThan(1000);
    const ids = new Set(bundle.topology.entities.map((e) => e.id));
    for (const e of bundle.topology.edges) expect(ids.has(e.source) && ids.has(e.target)).toBe(true);
    for (const kind of ['alerts', 'events', 'logs', 'metrics', 'spans', 'changes'] as const) {
      const unknown = bundle.records[kind].map((r) => r.entity).filter((e) => !ids.has(e));
      expect(unknown, kind).toEqual([]);
    }
    expect(bundle.manifest.source).toMatchObject({ kind: 'generated', seed: 11 });
    // Only ground_truth.yaml may say what was injected.
    const readable = JSON.stringify({ source: bundle.manifest.source, description: bundle.manifest.description });
    expect(readable).not.toContain(fault);
    expect(readable).not.toContain(fault.replace(/_/g, ' '));
  });

  it('has ground truth that names the injected entity as root cause, with its service as an alias (an autoscaler stands alone)', () => {
    const gt = parseGroundTruth(readFileSync(join(incident.dir, 'ground_truth.yaml'), 'utf8'));
    const match = matchEntity(gt, incident.rootCause);
    expect(match?.isRootCause).toBe(true);
    const service =
      bundle.serviceOfPod.get(incident.rootCause) ??
      `${parseEntityId(incident.rootCause).namespace}/Service/${parseEntityId(incident.rootCause).name.replace(/-(config|flags)$/, '')}`;
    expect(matchEntity(gt, service)?.isRootCause ?? false).toBe(fault !== 'autoscaler_limit');
    // An unrelated entity (the monitoring service) is not a root cause.
    expect(matchEntity(gt, 'monitoring/Service/prometheus')?.isRootCause ?? false).toBe(false);
  });

  it('names the root cause nowhere in snapshot.json', () => {
    const text = readFileSync(join(incident.dir, 'snapshot.json'), 'utf8');
    expect(text).not.toContain(parseEntityId(incident.rootCause).name);
    expect(text).not.toContain(incident.rootCause);
  });

  it('fires a golden-signal alert after the onset, plus the unrelated noise', () => {
    const onset = Date.parse(incident.onset);
    const golden = bundle.records.alerts.filter((a) => a.name === 'HighRequestLatency' || a.name === 'HighErrorRate');
    expect(golden.length).toBeGreaterThan(0);
    for (const a of golden) expect(Date.parse(String(a.startsAt))).toBeGreaterThan(onset);
    expect(bundle.manifest.incidentTime).toBe(golden.map((a) => String(a.startsAt)).sort()[0]);
    expect(bundle.records.alerts.map((a) => a.name)).toEqual(expect.arrayContaining(['Watchdog', 'TLSCertificateExpiringSoon']));
  });

  it('carries noise in the baseline as in the window: flapping pod, old changes', () => {
    const windowStart = Date.parse(String(bundle.manifest.window?.start));
    const backOff = bundle.records.events.filter((e) => e.reason === 'BackOff').map((e) => Date.parse(String(e.time)));
    expect(backOff.some((t) => t < windowStart)).toBe(true);
    expect(backOff.some((t) => t >= windowStart)).toBe(true);
    const old = bundle.records.changes.filter(
      (c) => Date.parse(String(c.time)) < Date.parse(String(bundle.manifest.baseline?.start)) - 24 * 3_600_000,
    );
    expect(old.length).toBe(2);
    expect(old.map((c) => c.entity)).not.toContain(incident.rootCause);
  });
});

describe('options', () => {
  it('sizes the system from --entities', async () => {
    const r = await generateIncident(join(root, 'entities'), { fault: 'network_delay', seed: 3, entities: 300, rows: 120_000 });
    expect(r.entities).toBeGreaterThan(240);
    expect(r.entities).toBeLessThan(360);
    const rows = Object.values(r.records).reduce((a, b) => a + b, 0);
    expect(rows).toBeGreaterThan(90_000);
    expect(rows).toBeLessThan(150_000);
  });

  it('replaces an earlier generated bundle but never a folder of other files', async () => {
    const dir = join(root, 'replace');
    await generateIncident(dir, { fault: 'code_error', seed: 1, services: 3, requestsPerMinute: 5 });
    await expect(generateIncident(dir, { fault: 'network_delay', seed: 2, services: 3, requestsPerMinute: 5 })).resolves.toMatchObject({
      fault: 'network_delay',
    });
    const precious = join(root, 'precious');
    mkdirSync(precious);
    writeFileSync(join(precious, 'notes.txt'), 'keep me');
    await expect(generateIncident(precious, { fault: 'code_error', seed: 1, services: 3 })).rejects.toThrow(
      /--out must be a new or empty folder/,
    );
    expect(readFileSync(join(precious, 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it('rejects bad options with a message naming the option', async () => {
    await expect(generateIncident(join(root, 'bad'), { fault: 'code_error', seed: 1, services: 1 })).rejects.toThrow(GenerateOptionError);
    await expect(generateIncident(join(root, 'bad'), { fault: 'code_error', seed: -1 })).rejects.toThrow(/--seed/);
    await expect(generateIncident(join(root, 'bad'), { fault: 'code_error', seed: 1, services: 50, rows: 1000 })).rejects.toThrow(
      /--rows must be at least/,
    );
    expect(() => parseFaultType('disk-full')).toThrow(UnknownFaultError);
    await expect(generateIncident(join(root, 'unknown-fault'), { fault: 'pod_crash' as FaultType, seed: 1 })).rejects.toThrow(
      UnknownFaultError,
    );
    expect(parseFaultType('network-delay')).toBe('network_delay');
  });
});
