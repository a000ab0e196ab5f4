import type { Policy } from '../../core/controller/index.js';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import type { ControllerSettingsInput } from '../../core/ledger/index.js';
import { Investigation, isPhasedPolicy } from './investigation.js';
import { openSnapshot } from './open-snapshot.js';

export interface InvestigateSnapshotOptions {
  policy: Policy;
  settings?: ControllerSettingsInput;
  /** Persist (and resume) the investigation in this ledger file. */
  ledgerFile?: string | null;
  tokenBudget?: number;
}

export interface InvestigateSnapshotResult {
  diagnosis: Diagnosis;
  ms: number;
}

/** Opens a snapshot, runs (or resumes) an investigation to its end and returns the diagnosis. */
export async function investigateSnapshot(snapshot: string, options: InvestigateSnapshotOptions): Promise<InvestigateSnapshotResult> {
  const started = performance.now();
  const opened = await openSnapshot(snapshot);
  try {
    const investigation = await Investigation.open({ store: opened.store, ...options });
    try {
      if (!investigation.isFinished) await investigation.run();
      const computed = investigation.diagnosis();
      // A phased policy (the LLM) writes the report's prose; every decision stays as computed.
      const diagnosis = isPhasedPolicy(options.policy) ? (await options.policy.finalize(computed)).diagnosis : computed;
      return { diagnosis, ms: performance.now() - started };
    } finally {
      investigation.close();
    }
  } finally {
    opened.close();
  }
}
