import { writeFileAtomic } from '../../platform/index.js';
import path from 'node:path';
import type { Command } from 'commander';
import { outcomeWords, type Diagnosis } from '../../../core/diagnosis/index.js';
import { addLlmOptions } from './llm-flags.js';
import { investigateSnapshot } from '../../session/index.js';
import { stderrProgress } from './progress.js';
import { captureWarnings, printable } from '../../bench/index.js';
import { resolveSnapshotDir, type ResolvedSnapshot } from '../../app/resolve-snapshot.js';
import { addCaptureTimeOptions, captureOpening, type CaptureTimeFlags } from './capture-flags.js';
import { addStoreOptions, storeSpecFrom, type StoreFlags } from './store-flags.js';
import { addCasesOptions, casePriorSetting, openCasesFrom, type CasesFlags } from './cases-flags.js';
import { addCausalOptions, causalChoiceFrom, type CausalFlags } from './causal-flags.js';
import {
  addHypothesisOptions,
  ALERT_WINDOW_HELP,
  alertWindowMs,
  openPolicy,
  positiveInt,
  settingsFrom,
  type ControllerFlags,
  type PolicyFlags,
} from './shared-flags.js';

export type InvestigateFlags = PolicyFlags &
  ControllerFlags &
  StoreFlags &
  CausalFlags &
  CasesFlags &
  CaptureTimeFlags & {
    out?: string;
    ledger?: string;
    deadline?: string;
    runs?: string;
    alertWindow?: string;
  };

/** Exit code when the model endpoint could not be reached for any question (the diagnosis is the heuristic's). */
export const EXIT_ENDPOINT_UNREACHABLE = 3;

export function registerInvestigate(program: Command): void {
  const command = program
    .command('investigate')
    .description('Run an investigation on a bundle, capture folder or store and write the diagnosis (design.md §7 JSON).')
    .argument(
      '<snapshot>',
      'bundle folder, capture folder (OTLP / Prometheus / kubectl exports, converted as eog convert capture does), evidence store file, chdb:DIR or clickhouse://[user@]host:port/db',
    )
    .option('--policy <name>', 'heuristic | llm', 'heuristic')
    .option('--out <file>', 'diagnosis JSON to write (default: stdout)')
    .option('--ledger <file>', 'ledger file; an interrupted run resumes from it')
    .option('--budget <n>', 'maximum policy invocations (default: three per service, from 50 to 150)')
    .option('--concurrency <n>', 'policy calls in flight')
    .option('--token-budget <n>', 'context packet budget in tokens (default 6000)')
    .option('--no-revision', 'ablation: evaluate each node once, without belief propagation')
    .option('--runs <k>', "independent runs that vote on the root (docs/voting.md); the diagnosis is the winner with every run's vote", '1')
    .option('--alert-window <seconds>', ALERT_WINDOW_HELP)
    .option(
      '--deadline <seconds>',
      'wall time for the walk; then it stops (RunStopped "deadline"), cutting a model request in flight, and the diagnosis is written',
    );
  addCaptureTimeOptions(command);
  addCasesOptions(command, true);
  addStoreOptions(command, 'import the bundle into this store instead of a temporary one: a path or sqlite:PATH, chdb:DIR, clickhouse://…');
  addLlmOptions(addCausalOptions(addHypothesisOptions(command))).action(async (snapshot: string, flags: InvestigateFlags) => {
    const capture = captureOpening(snapshot, flags);
    const progress = stderrProgress();
    const chosen = openPolicy(flags, process.env, { progress: progress.sink });
    let converted: ResolvedSnapshot | null = null;
    const cases = openCasesFrom(flags, true);
    try {
      const deadline = positiveInt(flags.deadline, '--deadline');
      if (capture?.kind === 'capture') {
        converted = await resolveSnapshotDir(snapshot, () => undefined, capture.times);
        // Gaps in the capture, as eog convert prints them (they are also in the bundle's snapshot.json).
        for (const warning of captureWarnings([converted.dir])) process.stderr.write(`warning: ${warning}\n`);
      }
      const { diagnosis } = await investigateSnapshot(converted?.dir ?? snapshot, {
        policy: chosen.policy,
        settings: { ...settingsFrom(flags), ...casePriorSetting(flags), causalGraph: causalChoiceFrom(flags) },
        ledgerFile: flags.ledger ?? null,
        tokenBudget: positiveInt(flags.tokenBudget, '--token-budget'),
        deadlineMs: deadline === undefined ? null : deadline * 1000,
        runs: positiveInt(flags.runs, '--runs'),
        store: storeSpecFrom(flags, snapshot),
        cases,
        // A converted capture is made again from its folder only when no times were chosen.
        ...(capture?.kind === 'capture'
          ? { origin: capture.times.incidentTime === undefined && capture.times.window === undefined ? path.resolve(snapshot) : null }
          : {}),
        ...(capture?.kind === 'store' && capture.window ? { window: capture.window } : {}),
        ...alertWindowMs(flags.alertWindow),
        onImportWarnings: (warnings) => {
          for (const w of warnings) process.stderr.write(`warning: ${printable(w)}\n`);
        },
      });
      const text = `${JSON.stringify(withPolicyDescription(diagnosis, chosen.description), null, 2)}\n`;
      if (flags.out) writeFileAtomic(flags.out, text);
      else process.stdout.write(text);
      const summary = chosen.summary();
      if (summary) process.stderr.write(`${summary}\n`);
      for (const v of diagnosis.votes ?? [])
        process.stderr.write(
          `run ${v.run}: root ${v.root ? `${printable(v.root.entity)} (${printable(v.root.type)})` : '(none)'}, weight ${v.weight.toFixed(3)}, score ${v.score.toFixed(3)}${v.winner ? ' — winner' : ''}\n`,
        );
      for (const s of diagnosis.similar ?? [])
        process.stderr.write(
          `similar: ${printable(s.case)} (${s.score.toFixed(2)}): ${s.cause} at ${printable(s.frontier[0] ?? '(none)')} — shares ${printable(s.why.join('; '))}\n`,
        );
      if (diagnosis.stopped) process.stderr.write(`stopped early (${diagnosis.stopped.reason}): ${diagnosis.stopped.detail}\n`);
      if (flags.out) {
        const words = outcomeWords(diagnosis);
        process.stderr.write(
          `${words.headline} (${diagnosis.outcome}): frontier ${printable(diagnosis.frontier.join(', ')) || '(empty)'} — ${diagnosis.run.steps} steps; wrote ${flags.out}\n${words.meaning}\n`,
        );
      }
      if (chosen.isEndpointUnreachable()) {
        process.stderr.write(
          `eog: the model endpoint could not be reached for any question; every node was judged by the built-in heuristic. Check --base-url and that the server runs.\n`,
        );
        process.exitCode = EXIT_ENDPOINT_UNREACHABLE;
      }
    } finally {
      progress.stop();
      chosen.close();
      cases?.close();
      converted?.release();
    }
  });
}

/**
 * Records the LLM endpoint settings (no key) next to the controller settings, so a diagnosis
 * says how it was made. A run that recorded them in its ledger (PolicyConfigured) has them already.
 */
function withPolicyDescription(diagnosis: Diagnosis, description: Record<string, unknown> | null): Diagnosis {
  if (description === null || diagnosis.run.settings.llm !== undefined) return diagnosis;
  return { ...diagnosis, run: { ...diagnosis.run, settings: { ...diagnosis.run.settings, llm: description } } };
}
