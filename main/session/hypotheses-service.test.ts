import { describe, expect, it } from 'vitest';
import { InvestigationSettings } from '../../core/ipc/index.js';
import { fold } from '../../core/ledger/index.js';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { sampleBundle } from './cli-test-support.js';
import { createInvestigationService } from './service.js';
import { openSnapshotSource } from './snapshot-source.js';

function serviceWith(hypotheses: boolean) {
  const service = createInvestigationService({ kind: 'snapshot', source: openSnapshotSource(sampleBundle) });
  const settings = InvestigationSettings.parse({ budget: 20, ...(hypotheses ? { hypotheses: { delta: 0.1, eta: 2 } } : {}) });
  return { service, start: () => service.start({ settings, policy: createHeuristicPolicy() }) };
}

describe('the hypothesis layer through the investigation service', () => {
  it('projects the tree, focus, δ and η, and records an analyst rejection in the ledger', async () => {
    const { service, start } = serviceWith(true);
    try {
      await start();
      const done = await service.runToEnd();
      const layer = done.hypotheses;
      expect(layer).toMatchObject({ delta: 0.1, eta: 2 });
      const accepted = layer?.hypotheses.filter((h) => h.status === 'accepted') ?? [];
      const entity = accepted.find((h) => h.level === 2);
      expect(entity?.entity).toBe('shop/Service/frontend');
      const rejected = service.judgeHypothesis(entity?.id ?? '', 'reject', 'the flag was tested in staging');
      expect(rejected.hypotheses?.hypotheses.find((h) => h.id === entity?.id)).toMatchObject({ status: 'refuted', isRejected: true });
      // The rejection is a ledger event; the focus moved away from the rejected branch.
      const { events } = service.events(-1, 5000);
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'AnalystHypothesis', id: entity?.id, action: 'reject', provenance: 'analyst' }),
      );
      expect(rejected.hypotheses?.focus).not.toBe(entity?.id);
      expect(fold(events).hypotheses.hypotheses.get(entity?.id ?? '')?.isRejected).toBe(true);
      // Re-running concludes again without the rejected entity.
      const again = await service.runToEnd();
      expect(again.frontier).not.toContain('shop/Service/frontend');
    } finally {
      service.close();
    }
  });

  it('has no hypothesis view, and refuses judgements, when the layer is off', async () => {
    const { service, start } = serviceWith(false);
    try {
      const started = await start();
      expect(started.hypotheses).toBeUndefined();
      expect(() => service.judgeHypothesis('h1', 'pin', '')).toThrow(/without the hypothesis layer/);
    } finally {
      service.close();
    }
  });
});
