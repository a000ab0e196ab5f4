import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { causalGraphView } from '../../core/causal/index.js';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import { fold, serialiseLedger, type LedgerEvent } from '../../core/ledger/index.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { readLedger, sampleBundle, useScratch } from './cli-test-support.js';
import { investigateSnapshot } from './investigate-snapshot.js';
import type { RunSettingsInput } from '../../core/ipc/index.js';

const scratch = useScratch();
let runs = 0;

async function investigate(settings: RunSettingsInput = {}): Promise<{ diagnosis: Diagnosis; events: LedgerEvent[] }> {
  runs += 1;
  const ledgerFile = path.join(scratch.dir(), `ledger-${runs}.sqlite`);
  const { diagnosis } = await investigateSnapshot(sampleBundle, { policy: createHeuristicPolicy(), ledgerFile, settings });
  return { diagnosis, events: readLedger(ledgerFile) };
}

/** A standalone knowledge with the default's types but no relation: every causal edge breaks it. */
function noRelations(): string {
  const file = path.join(scratch.dir(), 'no-relations.yaml');
  writeFileSync(
    file,
    `format: 1\nname: bare\nversion: '0'\nmode: replace\ntypes:\n  - id: latency\n    indicators: [{ source: trace, pattern: latency }, { source: alert, pattern: latency }]\n  - id: error_rate\n    indicators: [{ source: trace, pattern: error_rate }, { source: log, error: true }, { source: alert, pattern: error }]\n  - id: traffic_surge\n    indicators: [{ source: trace, pattern: call_rate }]\n`,
  );
  return file;
}

describe('the causal-graph layer on the sample (docs/causal-graph.md)', () => {
  it('is on by default: anomalies with their alerts, causal edges with rationales, metrics; the fold builds it', async () => {
    const { diagnosis, events } = await investigate();
    const graph = diagnosis.causal_graph;
    expect(graph).toBeDefined();
    if (!graph) return;
    expect(graph.knowledge.name).toBe('kubernetes-microservices');
    expect(graph.nodes).toContainEqual(
      expect.objectContaining({
        type: 'oom_killed',
        entity: 'shop/Service/database',
        alerts: [{ id: 'alert:3', name: 'KubeContainerOOMKilled' }],
      }),
    );
    expect(graph.nodes.flatMap((n) => n.alerts.map((a) => a.name)).sort()).toEqual([
      'HighErrorRate',
      'HighRequestLatency',
      'KubeContainerOOMKilled',
    ]);
    expect(graph.orphan_alerts).toEqual([]);
    expect(graph.edges.length).toBeGreaterThan(0);
    for (const edge of graph.edges) {
      expect(edge.rationale).not.toBe('');
      expect(edge.evidence.length).toBeGreaterThan(0);
      expect(edge.violation).toBeNull();
    }
    expect(graph.metrics.KC).toBe(1);
    expect(graph.metrics.score).toBeGreaterThan(0);
    // One source of truth: the view of the ledger's fold is the exported graph.
    expect(causalGraphView(fold(events))).toEqual(graph);
    // Every event the layer wrote parses and was applied in order.
    expect(events.some((e) => e.type === 'AnomalyCreated')).toBe(true);
  });

  it('writes the same ledger bytes every time', async () => {
    const a = await investigate();
    const b = await investigate();
    expect(serialiseLedger(a.events)).toBe(serialiseLedger(b.events));
  });

  it('records every rejected causality as a violation; with enforcement off the edge stays, flagged', async () => {
    const file = noRelations();
    const enforced = await investigate({ causalGraph: { files: [file] } });
    const g = enforced.diagnosis.causal_graph;
    expect(g?.knowledge.name).toBe('bare');
    expect(g?.edges).toEqual([]);
    const rejected = g?.violations.filter((v) => v.operation === 'add_causality') ?? [];
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected.every((v) => v.enforced && /no chain/.test(v.reason))).toBe(true);
    expect(g?.metrics.KC).toBe(0);

    const open = await investigate({ causalGraph: { files: [file], enforce: false } });
    const o = open.diagnosis.causal_graph;
    expect(o?.enforce).toBe(false);
    expect(o?.violations.filter((v) => v.operation === 'add_causality').every((v) => !v.enforced)).toBe(true);
    expect(o?.edges.length).toBeGreaterThan(0);
    expect(o?.edges.every((e) => e.violation !== null)).toBe(true);
    // Enforcement changes only the causal graph: the walk and its answer are the same.
    expect(open.diagnosis.frontier).toEqual(enforced.diagnosis.frontier);
  });

  it('is absent when turned off, and a bad knowledge file names its line', async () => {
    const off = await investigate({ causalGraph: { enabled: false } });
    expect(off.diagnosis.causal_graph).toBeUndefined();
    expect(off.events.some((e) => e.type === 'AnomalyCreated' || e.type === 'CausalViolation')).toBe(false);
    const bad = path.join(scratch.dir(), 'bad.yaml');
    writeFileSync(bad, "format: 1\nname: x\nversion: '1'\ntypes:\n  - id: Latency\n");
    await expect(investigate({ causalGraph: { files: [bad] } })).rejects.toThrow(/bad\.yaml:5: types\.0\.id/);
  });
});
