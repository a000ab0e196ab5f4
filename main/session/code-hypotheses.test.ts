import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHeuristicPolicy } from '../../core/policy/heuristic/index.js';
import { generateIncident } from '../generate/generate.js';
import { investigateSnapshot } from './investigate-snapshot.js';

/** Issue 16: with the hypothesis layer, an accepted mechanism is refined into its code regions (level 4). */
describe('level-4 code-region hypotheses', () => {
  it('refine the accepted mechanism of a code fault into the drilled blocks, the best one accepted with its anchors as support', async () => {
    const root = mkdtempSync(join(tmpdir(), 'eog-code-hyp-'));
    process.env['EOG_CODE_CACHE'] = join(root, 'cache');
    const bundle = join(root, 'bundle');
    const incident = await generateIncident(bundle, { fault: 'code_error', seed: 3, services: 6, requestsPerMinute: 20, withSource: true });
    const { diagnosis } = await investigateSnapshot(bundle, { policy: createHeuristicPolicy(), settings: { hypotheses: {} } });
    const hypotheses = diagnosis.hypotheses ?? [];
    const service = incident.rootCause.split('/').pop() as string;
    const origin = diagnosis.entities.find((e) => e.contributing_factor && e.name.endsWith(`/${service}`));
    expect(origin?.code?.[0]?.function).toBe('handle');
    const mechanism = hypotheses.find((h) => h.level === 3 && h.status === 'accepted' && h.entity === origin?.name);
    expect(mechanism, JSON.stringify(hypotheses, null, 1)).toBeDefined();
    const regions = hypotheses.filter((h) => h.level === 4 && h.parent === mechanism?.id);
    expect(regions.length).toBeGreaterThan(0);
    expect(regions.length).toBeLessThanOrEqual(3);
    const accepted = regions.filter((h) => h.status === 'accepted');
    expect(accepted).toHaveLength(1);
    const best = accepted[0];
    expect(best?.statement).toMatch(/^code region \S*Handler\.java:\d+-\d+ in handle: /);
    // Its support is the evidence the code layer anchored (the stack frame's log), all listed in the diagnosis.
    expect(best?.support).toEqual(origin?.code?.[0]?.evidence);
    const listed = new Set(diagnosis.evidence.map((e) => e.id));
    for (const id of best?.support ?? []) expect(listed.has(id)).toBe(true);
    expect(best?.confidence ?? 1).toBeLessThanOrEqual(mechanism?.confidence ?? 0);
    // The frontier is still the accepted entities: level 4 refines the answer, it does not change it.
    expect(diagnosis.frontier).toContain(origin?.name);
  }, 120_000);
});
