import { describe, expect, it } from 'vitest';
import type { EvidenceItem } from '../model/evidence.js';
import { caseRecord } from './testing/records.js';
import { buildFingerprint, casePrior, CaseRecord, rankSimilar, type Fingerprint, type PastCase } from './index.js';

function item(entity: string, detail: EvidenceItem['detail'], id = `anomaly:${entity}:${detail.type}`): EvidenceItem {
  return {
    id,
    entity,
    kind: 'metric',
    time: 0,
    summary: '',
    score: 1,
    detail,
    provenance: { file: 'f', line: null, sha256: '', extractor: 'metric_anomaly' },
  };
}

const cpuUp = (entity: string): EvidenceItem =>
  item(entity, {
    type: 'metric_anomaly',
    metric: 'container_cpu_p95',
    windowValue: 2,
    baselineMedian: 1,
    baselineMad: 0.1,
    z: 9,
    direction: 'up',
    change: 1,
  });

const fp = (evidence: string[], signatures: string[] = ['Latency'], changes: string[] = []): Fingerprint => ({
  signatures,
  roles: ['Service entry'],
  evidence,
  changes,
});

describe('buildFingerprint', () => {
  it('keeps kinds, never instances: numbers masked, one entry per kind, roles by entity kind', () => {
    const change = {
      ...cpuUp('ns/ConfigMap/flags'),
      id: 'change:1',
      kind: 'change' as const,
      detail: { type: 'change' as const, changeKind: 'update', diff: [], actor: null },
    };
    const normal = { ...cpuUp('ns/Pod/b-2'), id: 'series:ns/Pod/b-2:cpu' };
    const out = buildFingerprint({
      alerts: [
        { signature: 'HighLatency', entity: 'ns/Service/a' },
        { signature: 'HighLatency', entity: 'ns/Service/b' },
      ],
      evidence: [cpuUp('ns/Pod/a-1'), cpuUp('ns/Pod/b-7'), normal, change],
      kindOf: (e) => e.split('/')[1] ?? '?',
      roleOf: (e) => (e.endsWith('/a') ? 'entry' : 'backend'),
    });
    expect(out).toEqual({
      signatures: ['HighLatency'],
      roles: ['Service backend', 'Service entry'],
      evidence: ['metric container_cpu_p# up'],
      changes: ['ConfigMap update'],
    });
  });
});

describe('rankSimilar', () => {
  const library: PastCase[] = [
    { case: 'common-only', fingerprint: fp(['metric latency up']), frontier: ['x'], cause: 'resource' },
    {
      case: 'same-change',
      fingerprint: fp(['metric latency up'], ['Latency'], ['ConfigMap update']),
      frontier: ['ns/ConfigMap/flags'],
      cause: 'change',
      snapshot: '/cases/same-change',
    },
    {
      case: 'unrelated',
      fingerprint: { signatures: ['DiskFull'], roles: ['Node other'], evidence: ['event Evicted'], changes: [] },
      frontier: ['n'],
      cause: 'infrastructure',
    },
  ];

  it('puts the case sharing a rare entry first, says what is shared, and leaves out what shares nothing', () => {
    const out = rankSimilar(fp(['metric latency up'], ['Latency'], ['ConfigMap update']), library);
    expect(out.map((s) => s.case)).toEqual(['same-change', 'common-only']);
    expect(out[0]?.score).toBeGreaterThan(out[1]?.score ?? 1);
    expect(out[0]?.why[0]).toBe('change ConfigMap update');
    expect(out[0]).toMatchObject({ frontier: ['ns/ConfigMap/flags'], cause: 'change' });
    // Only a case that says where its snapshot was can offer a lesson; the path itself stays in the library.
    expect(out.map((s) => s.hasSnapshot)).toEqual([true, false]);
    expect(JSON.stringify(out)).not.toContain('/cases/same-change');
  });

  it('returns at most k', () => {
    expect(rankSimilar(fp(['metric latency up']), library, { k: 1 })).toHaveLength(1);
  });
});

describe('CaseRecord', () => {
  it('reads a case recorded before its snapshot path was kept as one without a snapshot', () => {
    // Written before `snapshot` was kept: the field is absent.
    const { snapshot: _kept, ...older } = caseRecord({ case: 'old', fingerprint: fp([]) });
    expect(CaseRecord.parse(older).snapshot).toBeNull();
    expect(CaseRecord.parse({ ...older, snapshot: '/s/b' }).snapshot).toBe('/s/b');
  });
});

describe('casePrior', () => {
  const s = (name: string, frontier: string[], cause: string) => ({ case: name, score: 0.5, frontier, cause, why: [] });
  it('speaks only when two similar cases agree on the first root and its cause', () => {
    expect(casePrior([s('x', ['a'], 'code'), s('y', ['b'], 'code'), s('z', ['a'], 'resource')])).toBeNull();
    expect(casePrior([s('x', ['a'], 'code'), s('y', ['b'], 'code'), s('z', ['a'], 'code')])).toEqual({
      line: '2 of 3 similar past cases found a code cause at a (a prior, not evidence).',
      root: 'a',
      cases: ['x', 'z'],
    });
  });
});
