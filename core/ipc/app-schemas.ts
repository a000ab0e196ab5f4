import { z } from 'zod';
import { Label, Relation } from '../model/index.js';
import { CaptureTimesInput } from '../snapshot/index.js';

export const SnapshotSummary = z.object({
  name: z.string(),
  description: z.string().nullable(),
  /** Epoch milliseconds; null when the manifest does not state it. */
  incidentTime: z.number().nullable(),
  /** Where the snapshot came from (`manual`, `nezha`, `itbench-lite`...). */
  sourceKind: z.string().nullable(),
  /** sha256 over the bundle files: identifies the snapshot in ledgers and exports. */
  hash: z.string(),
  entityCount: z.number().int().nonnegative(),
  edgeCount: z.number().int().nonnegative(),
  alertCount: z.number().int().nonnegative(),
  /** Non-fatal import findings, e.g. records naming entities missing from the topology. */
  warnings: z.array(z.string()),
});
export type SnapshotSummary = z.infer<typeof SnapshotSummary>;

/** What the backend can do; the UI enables its controls from this, never by guessing. */
export const Capabilities = z.object({
  investigation: z.boolean(),
  overrides: z.boolean(),
  export: z.boolean(),
  openSnapshot: z.boolean(),
  /** An evidence import in progress can be cancelled (import.cancel). */
  cancelImport: z.boolean(),
  /**
   * The host shows a native open dialog (snapshot.choose: the desktop app). What the user picks
   * there joins the paths the host may open; the web host opens only what it was started with.
   */
  choosePath: z.boolean(),
});
export type Capabilities = z.infer<typeof Capabilities>;

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  host: z.enum(['electron', 'web']),
  capabilities: Capabilities,
  snapshot: SnapshotSummary.nullable(),
  /** A saved ledger is open for replay: step through it, nothing can change it. */
  isReplay: z.boolean(),
  /**
   * The replay is a past case of the case library: its name, and whether the case says where
   * its snapshot was opened from (then a lesson can start on it, docs/cases.md §1).
   */
  replayOfCase: z.object({ name: z.string(), hasSnapshot: z.boolean() }).nullable().default(null),
});
export type AppInfo = z.infer<typeof AppInfo>;

export const GraphNode = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  /** Alerts that fired on this entity in the snapshot. */
  alertCount: z.number().int().nonnegative(),
  /** Current belief label, or null while unvisited. */
  label: Label.nullable(),
  isFrontier: z.boolean(),
});
export type GraphNode = z.infer<typeof GraphNode>;

export const GraphEdge = z.object({
  id: z.string(),
  source: z.string(),
  target: z.string(),
  relation: z.union([Relation, z.literal('explains')]),
  /** Claimed from evidence (E_S) rather than present in the topology. */
  isDiscovered: z.boolean(),
});
export type GraphEdge = z.infer<typeof GraphEdge>;

export const GraphView = z.object({
  nodes: z.array(GraphNode),
  edges: z.array(GraphEdge),
});
export type GraphView = z.infer<typeof GraphView>;

/** Progress of importing the snapshot into the evidence store (main/store's phases). */
export const ImportProgress = z.object({
  phase: z.enum(['records', 'indexes', 'signals', 'done', 'failed', 'cancelled']),
  file: z.string().nullable(),
  rows: z.number().int().nonnegative(),
  elapsedMs: z.number().nonnegative(),
  /** Why the import failed; null otherwise. */
  error: z.string().nullable(),
  /** On `done`: what the import warns of (`file:line: message`), e.g. callee names no entity has. */
  warnings: z.array(z.string()).optional(),
});
export type ImportProgress = z.infer<typeof ImportProgress>;

/**
 * What the open dialog can open; a Nezha dataset root also needs a case. `store`: an evidence
 * store SQLite file `eog import` wrote (or `sqlite:PATH`); `clickhouse`: `chdb:DIR` or
 * `clickhouse://…`, an imported store or a database the OpenTelemetry Collector wrote (told
 * apart when it is opened, not probed: probing would load the engine or reach the server).
 */
export const openFormats = ['native', 'itbench-lite', 'nezha', 'capture', 'ledger', 'store', 'clickhouse'] as const;

/**
 * What to open. A capture folder (OTLP / Prometheus / kubectl exports) cannot say when the
 * incident was: `incidentTime` and `window` say it, checked as `eog convert capture` checks its
 * flags (core/snapshot/capture-times.ts); they place a Collector database's window too. The
 * backend refuses them for any other format (an imported store's window was fixed at import).
 */
export const OpenInput = CaptureTimesInput.extend({
  path: z.string().min(1),
  /** The incident to convert when `path` is a Nezha dataset root (a `snapshot.probe` case id). */
  case: z.string().min(1).max(200).optional(),
});
export type OpenInput = z.infer<typeof OpenInput>;

/** What the native open dialog picks: a folder (bundle, capture, dataset root, chdb) or a file (ledger, store). */
export const ChooseInput = z.object({ kind: z.enum(['folder', 'file']) });
export type ChooseInput = z.infer<typeof ChooseInput>;
/** The path the user picked; null when the dialog was cancelled. */
export const ChosenPath = z.object({ path: z.string().nullable() });
export type ChosenPath = z.infer<typeof ChosenPath>;

/** One incident of a multi-incident dataset; the label never names the injected fault. */
export const DatasetCase = z.object({ id: z.string(), label: z.string() });
export type DatasetCase = z.infer<typeof DatasetCase>;

export const SnapshotProbe = z.object({
  format: z.enum(openFormats),
  /** The incidents to choose from (Nezha); empty for the other formats. */
  cases: z.array(DatasetCase),
});
export type SnapshotProbe = z.infer<typeof SnapshotProbe>;
