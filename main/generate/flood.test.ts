import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GenerateOptionError } from './errors.js';
import { floodAlerts } from './flood.js';
import { generateIncident, type GeneratedIncident } from './generate.js';
import { readBundle } from './test-support.js';

const root = mkdtempSync(join(tmpdir(), 'eog-flood-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('alert flood', () => {
  let incident: GeneratedIncident;
  beforeAll(async () => {
    incident = await generateIncident(join(root, 'base'), { fault: 'config_change', seed: 3, services: 8 });
  });

  const flooded = (name: string, factor: number): string => {
    const dir = join(root, name);
    cpSync(incident.dir, dir, { recursive: true });
    floodAlerts(dir, { factor, seed: 3, rootCause: incident.rootCause, onset: Date.parse(incident.onset) });
    return dir;
  };

  it('adds about factor × the incident’s alerts, valid records sorted by start, and leaves the answer alone', () => {
    const dir = flooded('x10', 10);
    const before = readBundle(incident.dir).records.alerts.length;
    const after = readBundle(dir).records.alerts;
    expect(after.length).toBe(before * 10);
    const starts = after.map((a) => Date.parse(String(a.startsAt)));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(readFileSync(join(dir, 'ground_truth.yaml'), 'utf8')).toBe(readFileSync(join(incident.dir, 'ground_truth.yaml'), 'utf8'));
  });

  it('is deterministic for the same bundle, factor and seed', () => {
    expect(readFileSync(join(flooded('a', 25), 'alerts.jsonl'), 'utf8')).toBe(readFileSync(join(flooded('b', 25), 'alerts.jsonl'), 'utf8'));
  });

  it('cascades symptoms only after the onset and only on services that reach the root through calls', () => {
    const bundle = readBundle(flooded('x50', 50));
    const calls = bundle.topology.edges.filter((e) => e.relation === 'calls');
    const reaches = new Set<string>();
    // A config_change's root is a ConfigMap: its service is the one whose pods it configures.
    const pod = bundle.topology.edges.find((e) => e.relation === 'configures' && e.source === incident.rootCause)?.target ?? '';
    const queue = [bundle.serviceOfPod.get(pod) ?? ''];
    expect(queue[0]).toMatch(/\/Service\//);
    while (queue.length > 0) {
      const at = queue.shift() as string;
      if (reaches.has(at)) continue;
      reaches.add(at);
      queue.push(...calls.filter((e) => e.target === at).map((e) => e.source));
    }
    const cascade = bundle.records.alerts.filter((a) => ['UpstreamTimeouts', 'KubePodNotReady'].includes(a.name));
    expect(cascade.length).toBeGreaterThan(10);
    for (const a of cascade) {
      expect(Date.parse(String(a.startsAt))).toBeGreaterThanOrEqual(Date.parse(incident.onset));
      const service = bundle.serviceOfPod.get(a.entity) ?? a.entity.replace('/Deployment/', '/Service/');
      expect(reaches.has(service)).toBe(true);
    }
  });

  it('refuses a factor it cannot honour', () => {
    expect(() => floodAlerts(incident.dir, { factor: 0, seed: 1, rootCause: incident.rootCause, onset: 0 })).toThrow(GenerateOptionError);
  });
});
