import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatasetCase, ImportProgress, SnapshotProbe } from '../../core/ipc/index.js';
import type { CaptureTimes } from '../../core/snapshot/index.js';
import { formatClock, zoneLabel } from '../../core/time/index.js';
import {
  convertCapture,
  convertItbenchLite,
  convertNezha,
  detectFormat,
  expandInputs,
  sortCaptureFiles,
  formatWarning,
  nezhaBundleName,
  type ConversionWarning,
} from '../convert/index.js';
import { listDays, readFaultList } from '../convert/nezha/layout.js';
import { SnapshotNotFoundError } from '../snapshot/index.js';
import { isClickHouseSpec } from '../store/index.js';
import { snapshotFileKind } from './snapshot-file.js';

export class ChooseNezhaIncidentError extends Error {
  override name = 'ChooseNezhaIncidentError';
  constructor(dir: string) {
    super(
      `${dir} is a Nezha dataset with many incidents: choose one in the open dialog (or convert it first: eog convert nezha ${dir} --out <dir>).`,
    );
  }
}

export class UnknownNezhaCaseError extends Error {
  override name = 'UnknownNezhaCaseError';
  constructor(dir: string, id: string) {
    super(`${dir} has no incident "${id}": pick one of the cases the open dialog lists.`);
  }
}

/** The capture holds nothing for the chosen incident (its files are missing), so there is nothing to open. */
export class IncidentNotRecordedError extends Error {
  override name = 'IncidentNotRecordedError';
  constructor(dir: string, id: string, warnings: readonly ConversionWarning[]) {
    super(
      `${dir}: incident "${id}" cannot be opened, its telemetry is missing (${warnings.map(formatWarning).join('; ')}). Pick another incident.`,
    );
  }
}

/** Incident time and window were given for something other than a capture folder or a Collector database, whose times are its own. */
export class CaptureTimesNotApplicableError extends Error {
  override name = 'CaptureTimesNotApplicableError';
  constructor(target: string, format: SnapshotProbe['format'], fields = 'Incident time and Window') {
    super(captureTimesNotApplicable(target, format, fields));
  }
}

const FORMAT_NAMES: Record<SnapshotProbe['format'], string> = {
  native: 'a native bundle (its snapshot.json states its times)',
  'itbench-lite': 'an ITBench-Lite scenario (its times come from its alerts)',
  nezha: 'a Nezha dataset (each incident has its injection time)',
  capture: 'a capture folder',
  ledger: 'a saved ledger (it replays the times it was run with)',
  store: 'an imported evidence store (its window was fixed at import)',
  clickhouse: 'a ClickHouse database',
};

/** The words of CaptureTimesNotApplicableError, for `fields` as the caller names them (form fields, CLI flags). */
export function captureTimesNotApplicable(target: string, format: SnapshotProbe['format'], fields: string): string {
  return `${fields} apply only to a capture folder (OTLP / Prometheus / kubectl exports) or a ClickHouse database the OpenTelemetry Collector wrote, but ${target} is ${FORMAT_NAMES[format]}: leave them out to open it.`;
}

/**
 * Refuses capture times for any other format, rather than ignoring what the user asked for. A
 * ClickHouse database takes them when the Collector wrote it; the store refuses them for an
 * imported one as it opens (WindowFixedAtImportError).
 */
export function checkCaptureTimesApply(target: string, format: SnapshotProbe['format'], times: CaptureTimes): void {
  if (format !== 'capture' && format !== 'clickhouse' && (times.incidentTime !== undefined || times.window !== undefined))
    throw new CaptureTimesNotApplicableError(target, format);
}

/** What the user chose besides the path: a Nezha incident, a capture's incident time and window. */
export interface OpenChoice extends CaptureTimes {
  case?: string;
}

/** What the open dialog accepts. */
const OPENABLE =
  'a native bundle folder, an ITBench-Lite scenario, a Nezha dataset folder, a folder of OTLP JSON / Prometheus API / kubectl exports, a saved ledger, an evidence store file, chdb:DIR or clickhouse://[user@]host:port/db';

export interface ResolvedSnapshot {
  /** A native bundle folder. */
  dir: string;
  /** Deletes the converted copy, if one was made. */
  release(): void;
}

/**
 * The incidents of a Nezha dataset root, in day and injection order. Labels carry the day,
 * the position and the injection time only: never the pod or the fault type, which are the
 * answer the investigation is meant to find.
 */
export function nezhaCases(root: string): DatasetCase[] {
  return listDays(root).flatMap((day) =>
    readFaultList(root, day).map((fault) => ({
      id: nezhaBundleName(fault),
      label: `${day} · incident ${fault.index} · ${formatClock(fault.injectTime, 'utc', 'minute')} ${zoneLabel('utc')}`,
    })),
  );
}

/**
 * What a path holds, so the open dialog can ask for a case or times when it needs them. A
 * store spec is not opened: a ClickHouse database is told Collector's or imported as it opens.
 */
export function probeSnapshot(input: string): SnapshotProbe {
  if (isClickHouseSpec(input)) return { format: 'clickhouse', cases: [] };
  if (input.startsWith('sqlite:')) return { format: 'store', cases: [] };
  const target = path.resolve(input);
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) throw new SnapshotNotFoundError(target, OPENABLE);
  // A file is a saved investigation or an evidence store, told by its tables.
  if (stat.isFile()) return { format: snapshotFileKind(target), cases: [] };
  const format = detectFormat(target);
  if (format === null) throw new SnapshotNotFoundError(target, OPENABLE);
  return { format, cases: format === 'nezha' ? nezhaCases(target) : [] };
}

/** Converts into a private temporary folder, reporting the conversion as import progress. */
async function convertToTemp(
  label: string,
  onProgress: (p: ImportProgress) => void,
  convert: (out: string) => Promise<string>,
): Promise<ResolvedSnapshot> {
  const started = Date.now();
  onProgress({ phase: 'records', file: label, rows: 0, elapsedMs: 0, error: null });
  const out = mkdtempSync(path.join(tmpdir(), 'eog-open-'));
  const release = () => rmSync(out, { recursive: true, force: true });
  try {
    const dir = await convert(out);
    onProgress({ phase: 'done', file: null, rows: 0, elapsedMs: Date.now() - started, error: null });
    return { dir, release };
  } catch (error) {
    release();
    onProgress({
      phase: 'failed',
      file: null,
      rows: 0,
      elapsedMs: Date.now() - started,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}

/**
 * Turns what the user pointed at into a native bundle: a bundle as is; an ITBench-Lite
 * scenario, one incident of a Nezha dataset, or a folder of capture exports (what `eog convert
 * capture` takes: each file's format told from its content, subfolders walked), converted into
 * a private temporary folder (kept while it is open: the inspector reads raw lines from it).
 * The converter's warnings go into the bundle's snapshot.json, which the status bar lists.
 * A capture cannot say when the incident was: `choice` may (incident time, window), as
 * `eog convert capture` takes them; for any other format they are refused.
 */
export async function resolveSnapshotDir(
  input: string,
  onProgress: (p: ImportProgress) => void,
  choice: OpenChoice = {},
): Promise<ResolvedSnapshot> {
  const dir = path.resolve(input);
  const format = existsSync(dir) && statSync(dir).isDirectory() ? detectFormat(dir) : null;
  if (format !== null) checkCaptureTimesApply(dir, format, choice);
  const nezhaCase = choice.case;
  switch (format) {
    case 'native':
      return { dir, release: () => undefined };
    case 'itbench-lite':
      return convertToTemp('converting ITBench-Lite scenario', onProgress, async (out) => (await convertItbenchLite(dir, out)).bundle);
    case 'nezha': {
      if (!nezhaCase) throw new ChooseNezhaIncidentError(dir);
      if (!nezhaCases(dir).some((c) => c.id === nezhaCase)) throw new UnknownNezhaCaseError(dir, nezhaCase);
      return convertToTemp(`converting Nezha incident ${nezhaCase}`, onProgress, async (out) => {
        const { bundles, warnings } = await convertNezha(dir, out, { only: (fault) => nezhaBundleName(fault) === nezhaCase });
        const bundle = bundles[0];
        if (!bundle) throw new IncidentNotRecordedError(dir, nezhaCase, warnings);
        return bundle;
      });
    }
    case 'capture':
      return convertToTemp('converting OTLP / Prometheus / kubectl exports', onProgress, async (out) => {
        const inputs = sortCaptureFiles(expandInputs([dir], 'capture', true));
        return convertCapture(inputs, path.join(out, path.basename(dir)), {
          name: path.basename(dir),
          relativeTo: dir,
          ...(choice.incidentTime !== undefined ? { incidentTime: choice.incidentTime } : {}),
          ...(choice.window !== undefined ? { window: choice.window } : {}),
        }).bundle;
      });
    case null:
      throw new SnapshotNotFoundError(dir, OPENABLE);
  }
}
