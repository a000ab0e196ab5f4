import path from 'node:path';
import { withVotes, type Diagnosis } from '../../core/diagnosis/index.js';
import type { EventOf, LedgerEvent } from '../../core/ledger/index.js';
import { castVotes, runRoot, runWeight } from '../../core/voting/index.js';
import type { Env } from '../policies/create-policy.js';
import { diagnosisFromLedger, VotedRunMissingError } from '../report/index.js';
import { openRun } from './open-run.js';
import type { InvestigationRun } from './run.js';
import type { InvestigationTarget, StartRequest } from './start-request.js';

type VoteCast = Omit<EventOf<'VoteCast'>, 'seq'>;

/** Where run r > 0 of a vote keeps its ledger: beside the first run's, which links it from VoteCast. */
export function runLedgerFile(ledgerFile: string, run: number): string {
  return `${ledgerFile}.run${run}`;
}

interface RunOutcome {
  run: number;
  /** The run's ledger file name (beside the first's); null for run 0 or a run kept in memory. */
  ledger: string | null;
  diagnosis: Diagnosis;
}

function voteCastOf(events: readonly LedgerEvent[]): EventOf<'VoteCast'> | null {
  return events.find((e): e is EventOf<'VoteCast'> => e.type === 'VoteCast') ?? null;
}

/** The vote over finished runs (core/voting): each run's root and weight, then the winner. */
export function voteOver(runs: readonly RunOutcome[]): VoteCast {
  const result = castVotes(runs.map((r) => ({ run: r.run, root: runRoot(r.diagnosis), weight: runWeight(r.diagnosis) })));
  return {
    type: 'VoteCast',
    runs: result.votes.map((v) => ({
      run: v.run,
      seed: v.run,
      ledger: runs.find((r) => r.run === v.run)?.ledger ?? null,
      root: v.root,
      weight: v.weight,
      supporters: v.supporters,
      score: v.score,
    })),
    winner: result.winner,
  };
}

/**
 * The voting part of the investigation service (docs/voting.md). Once the first run (the one
 * the service shows) has finished, runs 1 … K−1 are opened through the same `openRun` with
 * their run index, run to their end one after another, and the vote is recorded in the first
 * run's ledger (VoteCast). The diagnosis is then the winner's with every run's vote.
 */
export function createVoting(target: InvestigationTarget, env: Env) {
  /** Every run's diagnosis, run 0 first, once this process has run the vote. */
  let diagnoses: Diagnosis[] | null = null;

  async function runOthers(request: StartRequest, count: number, signal: AbortSignal): Promise<RunOutcome[] | null> {
    const out: RunOutcome[] = [];
    for (let run = 1; run < count; run++) {
      const ledgerFile = request.ledgerFile ? runLedgerFile(request.ledgerFile, run) : null;
      const opened = await openRun(target, { ...request, ledgerFile, run }, env, () => undefined);
      try {
        await opened.run.run(signal);
        // Aborted (a kill, Reset): no vote; a ledger file resumes each run where it stopped.
        if (opened.run.state.status !== 'finished') return null;
        out.push({ run, ledger: ledgerFile ? path.basename(ledgerFile) : null, diagnosis: await opened.run.diagnosis() });
      } finally {
        opened.run.close();
        opened.ownedPolicy?.close();
      }
    }
    return out;
  }

  return {
    reset(): void {
      diagnoses = null;
    },
    /** Runs the other runs and records the vote, when the first run has finished and `runs` > 1. */
    async finish(first: InvestigationRun, request: StartRequest | null, signal: AbortSignal): Promise<void> {
      const count = request?.settings.runs ?? 1;
      if (request === null || count < 2 || !first.recordVote || first.state.status !== 'finished' || voteCastOf(first.events)) return;
      const own = { run: 0, ledger: null, diagnosis: await first.diagnosis() };
      const others = await runOthers(request, count, signal);
      if (others === null || signal.aborted) return;
      first.recordVote(voteOver([own, ...others]));
      diagnoses = [own.diagnosis, ...others.map((o) => o.diagnosis)];
    },
    /** The diagnosis: the first run's alone, or the vote's winner with every run's vote. */
    async diagnosis(first: InvestigationRun, ledgerFile: string | null): Promise<Diagnosis> {
      const own = await first.diagnosis();
      const vote = voteCastOf(first.events);
      // A replayed ledger's diagnosis is the vote's already (main/report).
      if (vote === null || first.isReadOnly) return own;
      return withVotes(vote.winner === 0 ? own : winnerDiagnosis(vote, ledgerFile), vote);
    },
    /** Every run's own diagnosis, run 0 first (one for a single run). */
    async runs(first: InvestigationRun): Promise<Diagnosis[]> {
      return diagnoses ?? [await first.diagnosis()];
    },
  };

  function winnerDiagnosis(vote: EventOf<'VoteCast'>, ledgerFile: string | null): Diagnosis {
    const known = diagnoses?.[vote.winner];
    if (known) return known;
    const name = vote.runs.find((r) => r.run === vote.winner)?.ledger ?? null;
    if (ledgerFile === null || name === null)
      throw new VotedRunMissingError(ledgerFile ?? 'this investigation', vote.winner, 'was not kept');
    return diagnosisFromLedger(path.join(path.dirname(ledgerFile), name)).diagnosis;
  }
}

export type Voting = ReturnType<typeof createVoting>;
