import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import { parseGroundTruth, scoreRootCause, serviceOfEntity, serviceOfPod, type GroundTruth } from '../../core/scoring/index.js';

export interface CaseScore {
  /** Root-cause services of the ground truth (Nezha-style), sorted. */
  expected: string[];
  /** The diagnosis' first distinct services, best first. */
  rankedServices: string[];
  /** 1-based position of the first expected service in rankedServices; null when none is ranked. */
  rank: number | null;
  /** Correct within the first k distinct services, for k = 1..5. */
  acAt: Record<1 | 2 | 3 | 4 | 5, boolean>;
  /** ITBench root-cause entity scoring of the asserted root causes. */
  rcEntity: { precision: number; recall: number; f1: number };
}

export function loadGroundTruth(bundle: string): GroundTruth | null {
  const file = path.join(bundle, 'ground_truth.yaml');
  return existsSync(file) ? parseGroundTruth(readFileSync(file, 'utf8'), file) : null;
}

/** The services a ground truth names as root causes (directly or through an alias). */
export function expectedServices(gt: GroundTruth): string[] {
  const rootClasses = new Set(gt.groups.filter((g) => g.rootCause).map((g) => g.aliasClass));
  const services = new Set<string>();
  for (const g of gt.groups) {
    if (!rootClasses.has(g.aliasClass) || g.name === null) continue;
    const kind = g.kind.toLowerCase();
    if (kind === 'service' || kind === 'deployment') services.add(g.name);
    else if (kind === 'pod') services.add(serviceOfPod(g.name));
  }
  return [...services].sort();
}

/** The ranked list a user reads: frontier first, then the ranking, one entry per service. */
export function rankedServices(diagnosis: Diagnosis): string[] {
  const out: string[] = [];
  for (const id of [...diagnosis.frontier, ...diagnosis.ranking.map((r) => r.entity)]) {
    const service = serviceOfEntity(id);
    if (service !== null && !out.includes(service)) out.push(service);
  }
  return out;
}

/** Predictions the tool asserts: the frontier, or its best unconfirmed candidate. */
export function assertedRootCauses(diagnosis: Diagnosis): string[] {
  if (diagnosis.frontier.length > 0) return diagnosis.frontier;
  return diagnosis.ranking.slice(0, 1).map((r) => r.entity);
}

export function scoreCase(gt: GroundTruth, diagnosis: Diagnosis): CaseScore {
  const expected = expectedServices(gt);
  const ranked = rankedServices(diagnosis);
  const hitWithin = (k: number): boolean => ranked.slice(0, k).some((s) => expected.includes(s));
  const rc = scoreRootCause(gt, assertedRootCauses(diagnosis));
  const at = ranked.findIndex((s) => expected.includes(s));
  return {
    expected,
    rankedServices: ranked,
    rank: at < 0 ? null : at + 1,
    acAt: { 1: hitWithin(1), 2: hitWithin(2), 3: hitWithin(3), 4: hitWithin(4), 5: hitWithin(5) },
    rcEntity: { precision: rc.precision, recall: rc.recall, f1: rc.f1 },
  };
}
