/**
 * Runs the real cases of each system through `eog bench`'s own road (main/bench runBench,
 * scoreCase) with the built-in heuristic and `eog bench`'s default settings, so the figures
 * here are the ones `npm run eog -- bench <root>` prints.
 */
import path from 'node:path';
import type { CaseLibrary } from '../../../main/cases/index.js';
import type { Policy } from '../../../core/controller/index.js';
import { createHeuristicPolicy, ruleTable } from '../../../core/policy/heuristic/index.js';
import { collectCases, loadGroundTruth, runBench } from '../../../main/bench/index.js';
import { causalChoiceFrom } from '../../../main/cli/commands/causal-flags.js';
import { settingsFrom } from '../../../main/cli/commands/shared-flags.js';
import { partOf, SYSTEMS, type Part, type SplitFile, type SystemId } from './split.js';

/** Where a system's cases come from: a Nezha dataset root (converted on the fly) or a folder of converted bundles. */
export interface SystemSource {
  system: SystemId;
  root?: string;
  bundles?: string;
}

export interface SystemCases {
  system: SystemId;
  bundles: string[];
}

export interface CaseResult {
  system: SystemId;
  case: string;
  /** null for a case the split does not list. */
  part: Part | null;
  faultType: string | null;
  expected: string[];
  /** 1-based position of the first expected service in the ranked services; null when not ranked. */
  rank: number | null;
  top3: string[];
  ac1: boolean;
  ac3: boolean;
  rcEntity: { precision: number; recall: number; f1: number };
  outcome: string;
  /** The calibrated confidence the diagnosis reported, and the stated one the calibration maps. */
  confidence: number;
  stated: number;
  /** Ids of the heuristic rules that matched in any evaluation of the case, in table order. */
  rulesFired: string[];
}

export interface RunOptions {
  disabledRules?: readonly string[];
  /** The hypothesis layer: on unless false, as `eog bench` (`--no-hypotheses`). */
  hypotheses?: boolean;
  onProgress?: (text: string) => void;
  /** A case library every case is kept in and compared against (docs/cases.md); none by default. */
  cases?: CaseLibrary | null;
  /** Give the policy the library's prior (`--case-prior`). */
  casePrior?: boolean;
}

/** Each system's bundles, converting dataset roots once (for every arm of an ablation); `cleanup` removes conversions. */
export async function openSystems(
  sources: readonly SystemSource[],
  onProgress?: (text: string) => void,
): Promise<{ systems: SystemCases[]; cleanup: () => void }> {
  const cleanups: Array<() => void> = [];
  const cleanup = (): void => cleanups.forEach((c) => c());
  try {
    const systems: SystemCases[] = [];
    for (const source of [...sources].sort((a, b) => SYSTEMS.indexOf(a.system) - SYSTEMS.indexOf(b.system))) {
      const dir = source.bundles ?? source.root;
      if (dir === undefined) continue;
      const cases = await collectCases(dir, source.bundles ? undefined : 'nezha', (t) => onProgress?.(`${source.system}: ${t}`));
      cleanups.push(cases.cleanup);
      systems.push({ system: source.system, bundles: cases.bundles });
    }
    return { systems, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** Investigates and scores every case of one system. */
export async function runSystem(cases: SystemCases, split: SplitFile, options: RunOptions = {}): Promise<CaseResult[]> {
  // runBench asks for one policy per case, in case order: each keeps the rules it saw fire.
  const fired: Array<Set<string>> = [];
  const { rows } = await runBench(cases.bundles, {
    policy: () => {
      const seen = new Set<string>();
      fired.push(seen);
      return recordingRules(createHeuristicPolicy(options.disabledRules ? { disabledRules: options.disabledRules } : {}), seen);
    },
    settings: {
      ...settingsFrom({ revision: true, hypotheses: options.hypotheses !== false }),
      ...(options.casePrior ? { casePrior: true } : {}),
      causalGraph: causalChoiceFrom({}),
    },
    runs: 1,
    cases: options.cases ?? null,
    onCase: (done, total, row) => options.onProgress?.(`${cases.system} ${done}/${total} ${row.case}`),
  });
  return rows.map((row, i) => {
    const bundle = cases.bundles[i] ?? '';
    const gt = loadGroundTruth(bundle);
    return {
      system: cases.system,
      case: row.case,
      part: partOf(split, cases.system, path.basename(bundle)),
      faultType: gt?.faults.find((f) => f.mechanism !== null)?.mechanism ?? null,
      expected: row.expected,
      rank: row.rank,
      top3: row.predicted,
      ac1: row.acAt?.[1] ?? false,
      ac3: row.acAt?.[3] ?? false,
      rcEntity: row.rcEntity ?? { precision: 0, recall: 0, f1: 0 },
      outcome: row.outcome,
      confidence: row.confidence,
      stated: row.stated,
      rulesFired: ruleTable.map((r) => r.id).filter((id) => fired[i]?.has(id)),
    };
  });
}

/** The policy, noting the ids of the rules behind each of its results. */
function recordingRules(policy: Policy, seen: Set<string>): Policy {
  return {
    name: policy.name,
    model: policy.model,
    evaluate: async (packet) => {
      const result = await policy.evaluate(packet);
      for (const id of result.rules ?? []) seen.add(id);
      return result;
    },
  };
}

export async function runAll(systems: readonly SystemCases[], split: SplitFile, options: RunOptions = {}): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  for (const s of systems) out.push(...(await runSystem(s, split, options)));
  return out;
}

/**
 * Every case with `rule` switched off. A case in which the rule never matched is not run
 * again: without it every packet of that walk has the same findings, so the deterministic walk
 * is the same and so is its result (the ablation then costs only the cases the rule acts in).
 */
export async function runWithout(
  systems: readonly SystemCases[],
  split: SplitFile,
  base: readonly CaseResult[],
  rule: string,
  options: Omit<RunOptions, 'disabledRules'> = {},
): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  for (const s of systems) {
    const before = base.filter((c) => c.system === s.system);
    const fired = new Set(before.filter((c) => c.rulesFired.includes(rule)).map((c) => c.case));
    const bundles = s.bundles.filter((b) => fired.has(path.basename(b)));
    const again = bundles.length ? await runSystem({ system: s.system, bundles }, split, { ...options, disabledRules: [rule] }) : [];
    out.push(...before.map((c) => again.find((a) => a.case === c.case) ?? c));
  }
  return out;
}
