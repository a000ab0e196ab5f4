import { causeClassOf } from '../../core/hypotheses/index.js';
import { casePrior, type CasePrior, type CaseRecord, type Fingerprint, type SimilarCase } from '../../core/cases/index.js';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import { fingerprintFromStore, type CaseLibrary, type CaseRecording } from '../cases/index.js';
import type { InvestigationRun } from './run.js';
import type { InvestigationTarget } from './start-request.js';

/** The library a service keeps cases in: given, read at each start (the app's setting), or none. */
export type CaseLibraryOption = CaseLibrary | (() => CaseLibrary | null) | null;

/**
 * The case library's part in an investigation (docs/cases.md): when a snapshot opens, its
 * fingerprint and the similar past cases; when its run finishes (and again after an analyst's
 * override or note), the case recorded under the snapshot's name. A replay is read only: it
 * neither adds nor updates a case.
 */
export interface CaseKeeping {
  /** Reads the incident's fingerprint and its similar cases; nothing without a library or for a replay. */
  open(target: InvestigationTarget): Promise<void>;
  /** The diagnosis with `similar` (the library is configured), else as it is. */
  attach(diagnosis: Diagnosis): Diagnosis;
  /** The similar cases' prior for the walk (docs/cases.md §4), or null. */
  prior(): CasePrior | null;
  /** Sets the lesson outcome of the incident's case, when the library holds it. */
  keepLesson(outcome: string): void;
  /** Records the finished run as a case (an unfinished one is not a case yet). */
  keep(run: InvestigationRun, diagnosis: () => Promise<Diagnosis>): Promise<void>;
  reset(): void;
}

interface Opened {
  library: CaseLibrary;
  name: string;
  incidentTime: number | null;
  snapshotHash: string;
  /** Where the snapshot was opened from, to open it again for a lesson. */
  snapshot: string | null;
  fingerprint: Fingerprint;
  similar: SimilarCase[];
}

function resolve(option: CaseLibraryOption): CaseLibrary | null {
  return typeof option === 'function' ? option() : option;
}

function recordingOf(run: InvestigationRun): CaseRecording {
  const hashes = new Set(run.events.flatMap((e) => (e.type === 'PacketBuilt' ? [e.packetHash] : [])));
  const packets = [...hashes].flatMap((hash) => {
    const json = run.packetJson(hash);
    return json === null ? [] : [{ hash, json }];
  });
  return { events: [...run.events], packets };
}

export function createCaseKeeping(option: CaseLibraryOption): CaseKeeping {
  let opened: Opened | null = null;
  return {
    async open(target) {
      opened = null;
      const library = resolve(option);
      if (!library || target.kind !== 'snapshot') return;
      const store = await target.source.store();
      const fingerprint = fingerprintFromStore(store);
      const name = store.manifest().name;
      opened = {
        library,
        name,
        incidentTime: store.windowInfo().incidentTime,
        snapshotHash: store.snapshotHash(),
        snapshot: target.source.origin ?? null,
        fingerprint,
        similar: library.similar(fingerprint, { exclude: name }),
      };
    },
    attach(diagnosis) {
      return opened ? { ...diagnosis, similar: opened.similar } : diagnosis;
    },
    prior: () => (opened ? casePrior(opened.similar) : null),
    async keep(run, diagnosis) {
      if (!opened || run.isReadOnly || run.state.status !== 'finished') return;
      const d = await diagnosis();
      const root = d.frontier[0];
      const entry = root === undefined ? undefined : run.state.nodes.get(root);
      const overrides = run.events.flatMap((e) =>
        e.type === 'AnalystOverride' ? [{ node: e.node, label: e.label, note: e.note || null }] : [],
      );
      const notes = run.events.flatMap((e) => (e.type === 'AnalystHypothesis' && e.note ? [e.note] : []));
      const record: CaseRecord = {
        case: opened.name,
        recordedAt: new Date().toISOString(),
        incidentTime: opened.incidentTime === null ? null : new Date(opened.incidentTime).toISOString(),
        snapshotHash: opened.snapshotHash,
        frontier: d.frontier,
        cause: entry ? causeClassOf(entry.rules, entry.cited) : 'unknown',
        outcome: d.outcome,
        confidence: d.confidence.calibrated ?? d.confidence.effective,
        overrides,
        notes,
        lesson: opened.library.get(opened.name)?.lesson ?? null,
        snapshot: opened.snapshot,
        fingerprint: opened.fingerprint,
      };
      opened.library.record(record, recordingOf(run));
    },
    keepLesson(outcome) {
      const held = opened?.library.get(opened.name);
      if (!opened || !held) return;
      opened.library.record({ ...held, lesson: { outcome } }, opened.library.recording(opened.name));
    },
    reset() {
      opened = null;
    },
  };
}
