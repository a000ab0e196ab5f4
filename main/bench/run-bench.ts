import type { CaseLibrary } from '../cases/index.js';
import path from 'node:path';
import type { Policy } from '../../core/controller/index.js';
import type { RunSettingsInput } from '../../core/ipc/index.js';
import { calibrationOf, passAtK, type Calibration } from '../../core/scoring/index.js';
import { investigateSnapshot } from '../session/index.js';
import type { StoreSpec } from '../store/index.js';
import { loadGroundTruth, scoreCase, type CaseScore } from './score-case.js';

export interface BenchOptions {
  /** A fresh policy per run (policies may keep per-run state such as caches). */
  policy: () => Policy;
  settings: RunSettingsInput;
  runs: number;
  tokenBudget?: number;
  /** Import each case into this store (replaced per case) instead of a temporary SQLite file. */
  store?: StoreSpec | null;
  /** The alert scopes' sliding window in ms (docs/scopes.md). */
  alertWindowMs?: number;
  /** Keep each run's ledger here (`<case>.run<k>.ledger`), e.g. to read its scopes; none keeps them in memory. */
  ledgerDir?: string;
  onCase?: (done: number, total: number, row: BenchRow) => void;
  /** Keep each case in this library, and give each the similar cases of those kept before it (docs/cases.md). */
  cases?: CaseLibrary | null;
}

export interface BenchRow {
  case: string;
  run: number;
  expected: string[];
  predicted: string[];
  frontier: string[];
  outcome: string;
  /** The calibrated confidence the diagnosis reports (docs/scoring.md §8). */
  confidence: number;
  /** The confidence the policy stated, capped by grounding (what the calibration maps). */
  stated: number;
  correct: boolean;
  acAt: CaseScore['acAt'] | null;
  /** Where the first expected service ranks (CaseScore.rank); null when unscored or not ranked. */
  rank: number | null;
  rcEntity: CaseScore['rcEntity'] | null;
  steps: number;
  policyCalls: number;
  tokens: number;
  ms: number;
  /** This run won the case's vote (the only run when k = 1). */
  isVoteWinner: boolean;
  /** The case's voted diagnosis is right at AC@1 (the same on every row of the case); null when unscored. */
  votedCorrect: boolean | null;
}

export interface BenchSummary {
  cases: number;
  runs: number;
  scored: number;
  ac1: number;
  ac3: number;
  ac5: number;
  rcEntity: { precision: number; recall: number; f1: number };
  /** Share of cases with at least one of the k runs right at AC@1. */
  passAtK: number;
  /** Share of cases whose voted diagnosis (the weighted vote over the k runs' roots) is right at AC@1. */
  majorityAtK: number;
  /** Reliability of the reported confidence over the scored runs: 5 bins and the expected calibration error. */
  calibration: Calibration;
  /** Scored runs whose outcome was `confident`, and how many of them were right at AC@1. */
  confident: { n: number; right: number };
  steps: number;
  policyCalls: number;
  tokens: number;
  msMedian: number;
}

/** Investigates every bundle `runs` times and scores each run against its ground truth. */
export async function runBench(bundles: readonly string[], options: BenchOptions): Promise<{ rows: BenchRow[]; summary: BenchSummary }> {
  const rows: BenchRow[] = [];
  const total = bundles.length * options.runs;
  for (const bundle of bundles) {
    const gt = loadGroundTruth(bundle);
    // One voted investigation of k runs per case (docs/voting.md): each run is a row; the vote's
    // winner decides majority@k.
    const voted = await investigateSnapshot(bundle, {
      policy: options.policy(),
      settings: options.settings,
      tokenBudget: options.tokenBudget,
      runs: options.runs,
      store: options.store ?? null,
      cases: options.cases ?? null,
      ...(options.alertWindowMs ? { alertWindowMs: options.alertWindowMs } : {}),
      // Run 0's ledger; a vote's other runs sit beside it as `<ledger>.run<r>`.
      ...(options.ledgerDir ? { ledgerFile: path.join(options.ledgerDir, `${path.basename(bundle)}.ledger`) } : {}),
    });
    const votedScore = gt ? scoreCase(gt, voted.diagnosis) : null;
    const winner = voted.diagnosis.votes?.find((v) => v.winner)?.run ?? 0;
    for (const [index, diagnosis] of voted.runs.entries()) {
      const run = index + 1;
      const ms = voted.ms / voted.runs.length;
      const score = gt ? scoreCase(gt, diagnosis) : null;
      const row: BenchRow = {
        case: path.basename(bundle),
        run,
        expected: score?.expected ?? [],
        predicted: score?.rankedServices.slice(0, 3) ?? diagnosis.frontier.slice(0, 3),
        frontier: diagnosis.frontier,
        outcome: diagnosis.outcome,
        confidence: diagnosis.confidence.calibrated ?? diagnosis.confidence.effective,
        stated: diagnosis.confidence.effective,
        correct: score?.acAt[1] ?? false,
        acAt: score?.acAt ?? null,
        rank: score?.rank ?? null,
        rcEntity: score?.rcEntity ?? null,
        steps: diagnosis.run.steps,
        policyCalls: diagnosis.run.policyCalls,
        tokens: diagnosis.run.tokensIn + diagnosis.run.tokensOut,
        ms: Math.round(ms),
        isVoteWinner: index === winner,
        votedCorrect: votedScore?.acAt[1] ?? null,
      };
      rows.push(row);
      options.onCase?.(rows.length, total, row);
    }
  }
  return { rows, summary: summarise(rows, bundles.length, options.runs) };
}

function summarise(rows: readonly BenchRow[], cases: number, runs: number): BenchSummary {
  const scored = rows.filter((r) => r.acAt !== null);
  const mean = (f: (r: BenchRow) => number): number => (scored.length ? round(scored.reduce((a, r) => a + f(r), 0) / scored.length) : 0);
  const byCase = new Map<string, BenchRow[]>();
  for (const r of scored) byCase.set(r.case, [...(byCase.get(r.case) ?? []), r]);
  const perCase = [...byCase.values()];
  const share = (f: (runs: BenchRow[]) => boolean): number => (perCase.length ? round(perCase.filter(f).length / perCase.length) : 0);
  const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
  return {
    cases,
    runs,
    scored: scored.length,
    ac1: mean((r) => Number(r.acAt?.[1])),
    ac3: mean((r) => Number(r.acAt?.[3])),
    ac5: mean((r) => Number(r.acAt?.[5])),
    rcEntity: {
      precision: mean((r) => r.rcEntity?.precision ?? 0),
      recall: mean((r) => r.rcEntity?.recall ?? 0),
      f1: mean((r) => r.rcEntity?.f1 ?? 0),
    },
    passAtK: share((runs) => passAtK(runs.map((r) => r.correct))),
    majorityAtK: share((runs) => runs[0]?.votedCorrect === true),
    calibration: calibrationOf(scored.map((r) => ({ confidence: r.confidence, correct: r.correct }))),
    confident: {
      n: scored.filter((r) => r.outcome === 'confident').length,
      right: scored.filter((r) => r.outcome === 'confident' && r.correct).length,
    },
    steps: rows.reduce((a, r) => a + r.steps, 0),
    policyCalls: rows.reduce((a, r) => a + r.policyCalls, 0),
    tokens: rows.reduce((a, r) => a + r.tokens, 0),
    msMedian: ms.length ? (ms[Math.floor(ms.length / 2)] as number) : 0,
  };
}

const round = (x: number): number => Math.round(x * 10_000) / 10_000;
