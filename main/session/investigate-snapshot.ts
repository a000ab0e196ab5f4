import type { Policy } from '../../core/controller/index.js';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import { InvestigationSettings } from '../../core/ipc/index.js';
import type { ImportProgress, RunSettingsInput } from '../../core/ipc/index.js';
import type { PolicySpec } from '../policies/create-policy.js';
import { createInvestigationService } from './service.js';
import { openSnapshotSource } from './snapshot-source.js';
import type { CaseLibrary } from '../cases/index.js';
import type { ChosenWindow, StoreSpec } from '../store/index.js';

export interface InvestigateSnapshotOptions {
  /** A policy the caller owns, or a spec the service makes (and closes) one from. */
  policy: Policy | PolicySpec;
  settings?: RunSettingsInput;
  /** Persist (and resume) the investigation in this ledger file. */
  ledgerFile?: string | null;
  tokenBudget?: number;
  /** Wall time allowed for the walk, in milliseconds from the start; then RunStopped "deadline". */
  deadlineMs?: number | null;
  /** Stops the run like a kill: nothing more is written, a ledger file resumes where it stopped. */
  signal?: AbortSignal;
  /** Independent runs that vote (docs/voting.md); 1 (the default) runs once, as before. */
  runs?: number;
  /** Places the window of a ClickHouse database the OpenTelemetry Collector wrote (`--window`, `--incident-time`). */
  window?: ChosenWindow;
  /** Import a bundle into this evidence store (SQLite, chdb or a ClickHouse server) instead of a temporary one. */
  store?: StoreSpec | null;
  /** The alert scopes' sliding window in ms (docs/scopes.md; default 2 minutes). */
  alertWindowMs?: number;
  /** What importing the bundle warns of (`file:line: message`), once it is done; a store file opened as is has none. */
  onImportWarnings?: (warnings: readonly string[]) => void;
  /** The case library the finished investigation is kept in and similar cases come from (docs/cases.md). */
  cases?: CaseLibrary | null;
  /** Where a converted bundle came from, as its case keeps it (SnapshotSourceOptions `origin`). */
  origin?: string | null;
}

export interface InvestigateSnapshotResult {
  diagnosis: Diagnosis;
  /** Every run's own diagnosis, run 0 first (the one `diagnosis` for a single run). */
  runs: Diagnosis[];
  ms: number;
}

/**
 * Opens a snapshot, runs (or resumes) an investigation to its end through the investigation
 * service and returns the diagnosis (with a phased policy's prose). What `eog investigate`
 * and `eog bench` do.
 */
export async function investigateSnapshot(snapshot: string, options: InvestigateSnapshotOptions): Promise<InvestigateSnapshotResult> {
  const started = performance.now();
  const onProgress = (p: ImportProgress): void => {
    if (p.phase === 'done' && p.warnings && p.warnings.length > 0) options.onImportWarnings?.(p.warnings);
  };
  const source = openSnapshotSource(snapshot, {
    store: options.store ?? null,
    onProgress,
    ...(options.window ? { window: options.window } : {}),
    ...(options.origin === undefined ? {} : { origin: options.origin }),
  });
  const service = createInvestigationService({ kind: 'snapshot', source }, { cases: options.cases ?? null });
  try {
    // `settings.policy` only labels the run in the service's state view; the policy itself is given.
    const runs = options.runs !== undefined && options.runs > 1 ? { runs: options.runs } : {};
    const alertWindow = options.alertWindowMs ? { alertWindowMs: options.alertWindowMs } : {};
    const settings = InvestigationSettings.parse({ ...options.settings, ...runs, ...alertWindow, policy: policyLabel(options.policy) });
    const deadline = options.deadlineMs == null ? null : Date.now() + options.deadlineMs;
    await service.start({
      settings,
      policy: options.policy,
      ledgerFile: options.ledgerFile,
      tokenBudget: options.tokenBudget,
      deadline,
    });
    await service.runToEnd(options.signal);
    const diagnosis = await service.diagnosis();
    return { diagnosis, runs: await service.runDiagnoses(), ms: performance.now() - started };
  } finally {
    service.close();
  }
}

function policyLabel(policy: Policy | PolicySpec): InvestigationSettings['policy'] {
  const name = 'kind' in policy ? policy.kind : policy.name;
  return name === 'llm' ? 'llm' : 'heuristic';
}
