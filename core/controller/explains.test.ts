import { describe, expect, it } from 'vitest';
import type { Label } from '../model/index.js';
import { ControllerSettings, createState } from '../ledger/index.js';
import type { EvidenceRef, InvestigationState, NewLedgerEvent } from '../ledger/index.js';
import { explainsOf, isConcurrentFinding } from './explains.js';
import { computeFrontier } from './frontier.js';
import { Tick } from './tick.js';

const change = (id: string): EvidenceRef => ({ id, kind: 'change', extractor: 'raw', time: 1500, isFault: true });
type Alert = { id: string; name: string; entity: string; severity: string };

/** A finished walk: labels, E_S edges and the bootstrap's alerts and entry points. */
function stateOf(
  nodes: Record<string, [Label, number]>,
  edges: Array<[string, string]>,
  alerts: Alert[],
  entryPoints: string[] = [],
): InvestigationState {
  const tick = new Tick(createState());
  const emit = (event: NewLedgerEvent) => tick.emit(event);
  const bootstrap = { window: { start: 1000, end: 2000 }, incidentTime: 1600, alerts, ignoredAlerts: [], entryPoints };
  emit({
    type: 'InvestigationStarted',
    snapshotHash: 'h',
    settings: ControllerSettings.parse({}),
    policy: { name: 'p', model: null },
    bootstrap,
  });
  let evaluation = 0;
  for (const [node, [label, confidence]] of Object.entries(nodes)) {
    const refs = [change(`${node}-1`)];
    emit({ type: 'StepStarted', node, evaluation: ++evaluation });
    emit({ type: 'PacketBuilt', node, packetHash: 'h', tokenCount: 1, window: { start: 1000, end: 2000 }, evidence: refs });
    const belief = { label, confidence, evidence: refs.map((r) => r.id), summary: '' };
    emit({ type: 'BeliefSet', node, belief, previous: null, source: 'policy', reasoning: [] });
  }
  for (const [from, to] of edges)
    emit({ type: 'EdgeClaimed', from, to, by: to, evidence: [], condition: '', effect: '', isDiscovered: false });
  return tick.state;
}

// The worked example's shape: a flag ConfigMap behind the critical alerts at the entry, and a fresh deploy
// elsewhere that raised its own CPU and fired one warning (and, raw, scores higher).
const flashSale = (deployAlerts: Alert[]) =>
  stateOf(
    { flags: ['Origin', 0.86], frontend: ['Origin', 0.87], gateway: ['Symptom', 0.8], db: ['Symptom', 0.8], deploy: ['Origin', 0.91] },
    [
      ['flags', 'frontend'],
      ['frontend', 'gateway'],
      ['gateway', 'db'],
    ],
    [
      { id: 'a1', name: 'HighRequestLatency', entity: 'gateway', severity: 'critical' },
      { id: 'a2', name: 'HighErrorRate', entity: 'gateway', severity: 'warning' },
      { id: 'a3', name: 'KubeContainerOOMKilled', entity: 'db', severity: 'warning' },
      ...deployAlerts,
    ],
    ['frontend'],
  );
const cpuWarning: Alert = { id: 'a4', name: 'HighCPUUsage', entity: 'deploy', severity: 'warning' };

describe('what each root explains (the frontier order)', () => {
  it('counts the alerts on a root and on what it explains by severity, the entry points and the degraded entities', () => {
    const state = flashSale([cpuWarning]);
    expect(explainsOf(state, 'flags')).toEqual({
      root: 'flags',
      alerts: ['HighRequestLatency on gateway', 'HighErrorRate on gateway', 'KubeContainerOOMKilled on db'],
      severity: { critical: 1, warning: 2, info: 0 },
      entry: ['frontend'],
      anomalous: 4,
      anomalousTotal: 5,
    });
    expect(explainsOf(state, 'deploy')).toMatchObject({
      alerts: ['HighCPUUsage on deploy'],
      severity: { warning: 1 },
      entry: [],
      anomalous: 1,
    });
  });

  it('lists a root whose whole effect is a minor alert on itself after the root behind the critical alerts, whatever their scores', () => {
    const result = computeFrontier(flashSale([cpuWarning]));
    expect(result.ranking[0]?.entity).toBe('deploy');
    expect(result.frontier).toEqual(['flags', 'deploy']);
    expect(result.confidence.raw).toBe(0.86);
  });

  it('keeps the score order for a root that accounts for no alert (the walk may not have linked what it explains)', () => {
    expect(computeFrontier(flashSale([])).frontier).toEqual(['deploy', 'flags']);
  });

  it('is a concurrent finding only beside a root that explains more, and never with a critical alert of its own', () => {
    const state = flashSale([cpuWarning]);
    const deploy = explainsOf(state, 'deploy');
    expect(isConcurrentFinding(deploy, [deploy])).toBe(false);
    expect(isConcurrentFinding(deploy, [deploy, explainsOf(state, 'flags')])).toBe(true);
    const critical = explainsOf(flashSale([{ ...cpuWarning, severity: 'critical' }]), 'deploy');
    expect(isConcurrentFinding(critical, [critical, explainsOf(state, 'flags')])).toBe(false);
  });
});
