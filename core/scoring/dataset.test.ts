import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeEntityId } from '../model/ids.js';
import { exampleNameForGroup } from './example.js';
import { scoreRootCause } from './metrics.js';
import { parseGroundTruth } from './parse.js';
import type { GroundTruth, GroundTruthWarningCode } from './types.js';

/** The 62 published ITBench ground truths, copied into the repository with their licence (fixtures/README.md). */
const DIR = path.join(import.meta.dirname, 'fixtures', 'itbench-groundtruth');
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
const load = (file: string): GroundTruth => parseGroundTruth(readFileSync(path.join(DIR, file), 'utf8'), file);

/** One prediction per root-cause group, named from the group's own name or filter. */
function rootCausePredictions(gt: GroundTruth): string[] {
  return gt.groups
    .filter((g) => g.rootCause)
    .map((g, i) => {
      const name = exampleNameForGroup(g, `x${i}`);
      if (name === null) throw new Error(`${gt.source}: cannot synthesise a name for root-cause group ${g.id}`);
      return makeEntityId(g.kind, name, g.namespace);
    });
}

function filesWith(code: GroundTruthWarningCode): string[] {
  return FILES.filter((f) => load(f).warnings.some((w) => w.code === code));
}

describe('the 62 real ITBench ground-truth files', () => {
  it('are all present', () => {
    expect(FILES).toHaveLength(62);
  });

  it.each(FILES)('%s parses, has a root cause, and scores its own root cause 1 and an unrelated entity 0', (file) => {
    const gt = load(file);
    expect(gt.rootCauseClasses.length).toBeGreaterThan(0);
    const own = scoreRootCause(gt, rootCausePredictions(gt));
    expect(own.recall).toBe(1);
    expect(own.precision).toBe(1);
    const unrelated = scoreRootCause(gt, ['zz-elsewhere/Pod/zz-unrelated-9', 'Node/zz-unrelated-9']);
    expect(unrelated.recall).toBe(0);
    expect(unrelated.precision).toBe(0);
  });

  it('match an unrelated name of the root-cause kind only where the filter matches anything (scenario 38, `*.*`)', () => {
    const loose = FILES.filter((file) => {
      const gt = load(file);
      const [rc] = gt.groups.filter((g) => g.rootCause);
      return rc !== undefined && scoreRootCause(gt, [makeEntityId(rc.kind, 'zz-unrelated-9', rc.namespace)]).recall > 0;
    });
    expect(loose).toEqual(['gt_38.yaml']);
  });

  it('carry the quirks listed in core/scoring/README.md', () => {
    expect(filesWith('invalid_filter')).toEqual(['gt_38.yaml']);
    expect(filesWith('glob_filter')).toEqual(['gt_50.yaml']);
    expect(filesWith('duplicate_group_id')).toEqual(['gt_18.yaml']);
    expect(filesWith('ambiguous_groups')).toEqual(['gt_38.yaml', 'gt_47.yaml']);
    expect(filesWith('cluster_scoped_namespace')).toEqual(['gt_37.yaml', 'gt_38.yaml', 'gt_48.yaml']);
    expect(filesWith('alert_without_group')).toHaveLength(7);
    expect(filesWith('undefined_group_reference')).toHaveLength(15);
    expect(filesWith('missing_filter')).toHaveLength(14);
    expect(filesWith('unanchored_overlap')).toContain('gt_102.yaml');
    expect(FILES.filter((f) => load(f).rootCauseClasses.length > 1)).toEqual(['gt_38.yaml', 'gt_52.yaml', 'gt_62.yaml']);
  });

  it('resolve frontend-proxy objects to the frontend-proxy groups, not the frontend ones (scenario 102)', () => {
    const gt = load('gt_102.yaml');
    const pod = scoreRootCause(gt, ['otel-demo/Pod/frontend-proxy-6c8d-abcde']).outcomes[0]?.match;
    const svc = scoreRootCause(gt, ['otel-demo/Service/frontend-proxy']).outcomes[0]?.match;
    expect(pod?.groupId).toBe('frontend-proxy-pod-1');
    expect(svc?.groupId).toBe('frontend-proxy-service-1');
    expect(svc?.candidates).toEqual(['frontend-proxy-service-1']);
  });

  it('count an alias of the root cause as found (scenario 1: frontend-proxy aliases load-generator)', () => {
    const gt = load('gt_1.yaml');
    expect(scoreRootCause(gt, ['otel-demo/Service/frontend-proxy']).recall).toBe(1);
    expect(scoreRootCause(gt, ['otel-demo/Service/accounting']).recall).toBe(0);
  });
});
