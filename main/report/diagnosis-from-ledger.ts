import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildDiagnosis, withVotes, type Diagnosis } from '../../core/diagnosis/index.js';
import { fold, type EventOf, type InvestigationState, type LedgerEvent } from '../../core/ledger/index.js';
import type { EvidenceItem } from '../../core/model/index.js';
import { DatabaseTooNewError, openDatabase } from '../db/open.js';
import { ledgerMigrations, openLedger, type LedgerFile } from '../ledger/index.js';
import { EmptyLedgerError, LedgerNotFoundError, NotALedgerError, VotedRunMissingError } from './errors.js';

export interface LedgerDiagnosis {
  diagnosis: Diagnosis;
  /** The folded ledger: renderers use it for labels, discovered edges and progress. */
  state: InvestigationState;
  events: LedgerEvent[];
  /** Every evidence item any stored packet held, by id: what the UI's evidence inspector needs. */
  evidence: ReadonlyMap<string, EvidenceItem>;
  /** False while the investigation is running, paused or was interrupted. */
  isFinished: boolean;
}

/**
 * The diagnosis of an investigation from its ledger file alone: every evidence item a belief
 * may cite was in a packet the policy saw, and the ledger stores every packet, so no
 * evidence store is needed. An unfinished investigation gives its diagnosis so far.
 */
export function diagnosisFromLedger(file: string): LedgerDiagnosis {
  checkIsLedger(file);
  const ledger = openLedger(file);
  try {
    const events = ledger.events();
    const state = fold(events);
    if (!state.started) throw new EmptyLedgerError(file);
    const evidence = evidenceIndex(ledger, events);
    const diagnosis = buildDiagnosis({
      state,
      evidenceById: (id) => evidence.get(id) ?? null,
      alerts: state.started.bootstrap?.alerts ?? [],
      policyCalls: events.filter((e) => e.type === 'PolicyCalled').length,
    });
    return { diagnosis: voted(file, diagnosis, events), state, events, evidence, isFinished: state.status === 'finished' };
  } finally {
    ledger.close();
  }
}

/**
 * A voted investigation's diagnosis (docs/voting.md) is the winning run's, read from that run's
 * ledger beside this one, with every run's vote; this ledger's walk (run 0) stays the record.
 */
function voted(file: string, diagnosis: Diagnosis, events: readonly LedgerEvent[]): Diagnosis {
  const vote = events.find((e): e is EventOf<'VoteCast'> => e.type === 'VoteCast');
  if (!vote) return diagnosis;
  if (vote.winner === 0) return withVotes(diagnosis, vote);
  const name = vote.runs.find((r) => r.run === vote.winner)?.ledger ?? null;
  if (name === null) throw new VotedRunMissingError(file, vote.winner, 'was not recorded');
  const winnerFile = path.join(path.dirname(file), path.basename(name));
  if (!existsSync(winnerFile)) throw new VotedRunMissingError(file, vote.winner, `${winnerFile} is missing`);
  return withVotes(diagnosisFromLedger(winnerFile).diagnosis, vote);
}

/** Evidence id → item over all stored packets. Ids are deterministic, so the first copy wins. */
function evidenceIndex(ledger: LedgerFile, events: readonly LedgerEvent[]): Map<string, EvidenceItem> {
  const index = new Map<string, EvidenceItem>();
  const seen = new Set<string>();
  for (const event of events) {
    if (event.type !== 'PacketBuilt' || seen.has(event.packetHash)) continue;
    seen.add(event.packetHash);
    for (const item of ledger.packet(event.packetHash)?.evidence ?? []) if (!index.has(item.id)) index.set(item.id, item);
  }
  return index;
}

/**
 * Checked read-only before openLedger, which would otherwise create a missing file or add
 * ledger tables to some other SQLite database (a store passed by mistake).
 */
function checkIsLedger(file: string): void {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new LedgerNotFoundError(file);
  if (!stat.isFile()) throw new NotALedgerError(file, 'it is a directory');
  let db: ReturnType<typeof openDatabase> | null = null;
  try {
    db = openDatabase(file, ledgerMigrations, { readonly: true });
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((r) => r.name);
    const missing = ['events', 'packets'].filter((t) => !tables.includes(t));
    if (missing.length > 0) throw new NotALedgerError(file, `no ${missing.join(' or ')} table`);
  } catch (error) {
    if (error instanceof NotALedgerError) throw error;
    // A store has a higher schema version than a ledger; so would a ledger from a newer build.
    if (error instanceof DatabaseTooNewError)
      throw new NotALedgerError(file, "its schema version is not a ledger's: it may be a store, or a ledger from a newer EoG Workbench");
    if (error instanceof Error && /not a database|file is not/i.test(error.message)) throw new NotALedgerError(file, 'not an SQLite file');
    throw error;
  } finally {
    db?.close();
  }
}
