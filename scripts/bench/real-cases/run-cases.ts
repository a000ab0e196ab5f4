/**
 * Runs the real cases of each system through `eog bench`'s own road (main/bench runBench,
 * scoreCase) with the built-in heuristic and `eog bench`'s default settings, so the figures
 * here are the ones `npm run eog -- bench <root>` prints.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CaseLibrary } from '../../../main/cases/index.js';
import type { Policy } from '../../../core/controller/index.js';
import { createHeuristicPolicy, ruleTable } from '../../../core/policy/heuristic/index.js';
import { collectCases, expectedServices, loadGroundTruth, runBench, type BenchRow } from '../../../main/bench/index.js';
import { convertNezha } from '../../../main/convert/index.js';
import { NoSeedsError } from '../../../main/session/index.js';
import { causalChoiceFrom } from '../../../main/cli/commands/causal-flags.js';
import { settingsFrom } from '../../../main/cli/commands/shared-flags.js';
import { convertLab } from './lab.js';
import { partOf, SYSTEMS, type Part, type SplitFile, type SystemId } from './split.js';

/**
 * Where a system's cases come from: a Nezha dataset root or the lab's incidents folder
 * (converted on the fly), or a folder of converted bundles.
 */
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

export interface OpenOptions {
  /**
   * false: the "window only" way (`--no-time`): Nezha converted with `--no-incident-time`, the
   * lab with `--window` alone; bundles given must have been converted so. Default true.
   */
  timeGiven?: boolean;
  onProgress?: (text: string) => void;
}

/** Bundles given for one way that were converted the other way, or without the ground truth the bench scores by. */
export class BundlesMismatchError extends Error {
  override name = 'BundlesMismatchError';
}

/** Each system's bundles, converting dataset roots once (for every arm of an ablation); `cleanup` removes conversions. */
export async function openSystems(
  sources: readonly SystemSource[],
  options: OpenOptions = {},
): Promise<{ systems: SystemCases[]; cleanup: () => void }> {
  const timeGiven = options.timeGiven !== false;
  const cleanups: Array<() => void> = [];
  const cleanup = (): void => cleanups.forEach((c) => c());
  const scratch = (): string => {
    const out = mkdtempSync(path.join(tmpdir(), 'eog-real-cases-'));
    cleanups.push(() => rmSync(out, { recursive: true, force: true }));
    return out;
  };
  try {
    const systems: SystemCases[] = [];
    for (const source of [...sources].sort((a, b) => SYSTEMS.indexOf(a.system) - SYSTEMS.indexOf(b.system))) {
      const say = (t: string): void => options.onProgress?.(`${source.system}: ${t}`);
      let bundles: string[];
      if (source.bundles !== undefined) {
        const cases = await collectCases(source.bundles, undefined);
        cleanups.push(cases.cleanup);
        checkBundles(source.bundles, cases.bundles, timeGiven);
        bundles = cases.bundles;
      } else if (source.root === undefined) continue;
      else if (source.system === 'lab') bundles = convertLab(source.root, scratch(), { timeGiven, onProgress: say });
      else if (timeGiven) {
        // `eog bench <root>`'s own road.
        const cases = await collectCases(source.root, 'nezha', say);
        cleanups.push(cases.cleanup);
        bundles = cases.bundles;
      } else {
        const converted = await convertNezha(source.root, scratch(), {
          incidentTime: false,
          onProgress: (p) => say(`converting ${p.done}/${p.total}`),
        });
        bundles = [...converted.bundles].sort();
      }
      systems.push({ system: source.system, bundles });
    }
    return { systems, cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** Bundles converted the way this run measures, each with the ground truth it is scored by. */
export function checkBundles(dir: string, bundles: readonly string[], timeGiven: boolean): void {
  for (const bundle of bundles) {
    if (!existsSync(path.join(bundle, 'ground_truth.yaml')))
      throw new BundlesMismatchError(
        `${bundle}: no ground_truth.yaml to score it by; convert the dataset with the bench (lab: scripts/bench/real-cases/convert-lab.ts) or eog convert nezha`,
      );
    const manifest = JSON.parse(readFileSync(path.join(bundle, 'snapshot.json'), 'utf8')) as { incidentTime?: unknown };
    const hasTime = manifest.incidentTime !== undefined;
    if (hasTime !== timeGiven)
      throw new BundlesMismatchError(
        timeGiven
          ? `${bundle} has no incidentTime: the bundles in ${dir} were converted the "window only" way; add --no-time, or give bundles converted with the incident time`
          : `${bundle} has an incidentTime: --no-time needs bundles converted without it (eog convert nezha --no-incident-time; the lab with convert-lab.ts --no-time)`,
      );
  }
}

/**
 * Investigates and scores every case of one system, one case at a time. A case the
 * investigation cannot start on (no alert and no entry point to seed from: a window-only
 * capture can lack both) is a miss, as score.sh counts it; any other error stops the run.
 */
export async function runSystem(cases: SystemCases, split: SplitFile, options: RunOptions = {}): Promise<CaseResult[]> {
  const out: CaseResult[] = [];
  for (const [i, bundle] of cases.bundles.entries()) {
    const seen = new Set<string>();
    const common = {
      system: cases.system,
      part: partOf(split, cases.system, path.basename(bundle)),
      faultType: faultTypeOf(bundle),
    };
    let row: BenchRow | undefined;
    try {
      const { rows } = await runBench([bundle], {
        policy: () => recordingRules(createHeuristicPolicy(options.disabledRules ? { disabledRules: options.disabledRules } : {}), seen),
        settings: {
          ...settingsFrom({ revision: true, hypotheses: options.hypotheses !== false }),
          ...(options.casePrior ? { casePrior: true } : {}),
          causalGraph: causalChoiceFrom({}),
        },
        runs: 1,
        cases: options.cases ?? null,
      });
      row = rows[0];
    } catch (error) {
      if (!(error instanceof NoSeedsError)) throw error;
      out.push(notStarted(bundle, common));
      options.onProgress?.(`${cases.system} ${i + 1}/${cases.bundles.length} ${path.basename(bundle)} (not started)`);
      continue;
    }
    if (row === undefined) throw new Error(`${bundle}: eog bench returned no result`);
    out.push({
      ...common,
      case: row.case,
      expected: row.expected,
      rank: row.rank,
      top3: row.predicted,
      ac1: row.acAt?.[1] ?? false,
      ac3: row.acAt?.[3] ?? false,
      rcEntity: row.rcEntity ?? { precision: 0, recall: 0, f1: 0 },
      outcome: row.outcome,
      confidence: row.confidence,
      stated: row.stated,
      rulesFired: ruleTable.map((r) => r.id).filter((id) => seen.has(id)),
    });
    options.onProgress?.(`${cases.system} ${i + 1}/${cases.bundles.length} ${row.case}`);
  }
  return out;
}

/** What the scorer reads of a case's ground truth: its fault mechanism. */
function faultTypeOf(bundle: string): string | null {
  return loadGroundTruth(bundle)?.faults.find((f) => f.mechanism !== null)?.mechanism ?? null;
}

/** The outcome of a case the investigation could not start on: nothing ranked. */
export const NOT_STARTED = 'not_started';

function notStarted(bundle: string, common: Pick<CaseResult, 'system' | 'part' | 'faultType'>): CaseResult {
  const gt = loadGroundTruth(bundle);
  return {
    ...common,
    case: path.basename(bundle),
    expected: gt ? expectedServices(gt) : [],
    rank: null,
    top3: [],
    ac1: false,
    ac3: false,
    rcEntity: { precision: 0, recall: 0, f1: 0 },
    outcome: NOT_STARTED,
    confidence: 0,
    stated: 0,
    rulesFired: [],
  };
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
