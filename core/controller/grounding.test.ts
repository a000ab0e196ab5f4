import { describe, expect, it } from 'vitest';
import type { EvidenceDetail } from '../model/index.js';
import { groundingOf, isCitableFault, toEvidenceRef } from './grounding.js';
import { makeEvidence } from './test-support.js';

const cpu: EvidenceDetail = {
  type: 'metric_anomaly',
  metric: 'cpu_usage',
  windowValue: 0.31,
  baselineMedian: 0.3,
  baselineMad: 0.01,
  z: 0.7,
  direction: 'up',
  change: 0.03,
};

describe('citable faults (design.md §1)', () => {
  it('count an anomalous metric series, not one the detector found normal (shown for context only)', () => {
    const anomalous = makeEvidence({
      id: 'anomaly:ns/Pod/a:cpu_usage',
      entity: 'ns/Pod/a',
      detail: { ...cpu, z: 12 },
      extractor: 'metric_anomaly',
    });
    const normal = makeEvidence({ id: 'series:ns/Pod/a:cpu_usage', entity: 'ns/Pod/a', detail: cpu, extractor: 'metric_anomaly' });
    expect(isCitableFault(anomalous)).toBe(true);
    expect(isCitableFault(normal)).toBe(false);
    // An Origin citing only the normal series is not grounded on a fault: its confidence is capped.
    expect(groundingOf([toEvidenceRef(normal)], null)).toBe('partial');
    expect(groundingOf([toEvidenceRef(anomalous)], null)).toBe('grounded');
  });
});
