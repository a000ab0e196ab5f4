import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { detectFormat } from '../../convert/detect-format.js';
import { importToStore, type ImportProgress, type SignalTiming, type StoreImportSummary, type WorkerMode } from '../../store/index.js';
import { addStoreOptions, STORE_HELP, storeSpecFrom, type StoreFlags } from './store-flags.js';
import { UsageError } from '../errors.js';

interface ImportFlags extends StoreFlags {
  json?: boolean;
  worker?: string;
  signals?: string;
}

/** Snapshot text is hostile: control characters (terminal escapes) are shown, not obeyed. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function formatProgress(p: ImportProgress): string {
  const what = p.phase === 'records' ? `reading ${printable(p.file)}` : p.phase === 'indexes' ? 'building indexes' : 'storing signals';
  return `${what}: ${p.rows.toLocaleString('en')} rows, ${Math.round(p.rowsPerSecond).toLocaleString('en')} rows/s, ${(p.elapsedMs / 1000).toFixed(1)} s`;
}

const MAX_WARNINGS_SHOWN = 20;

export function formatSummary(s: StoreImportSummary): string {
  const lines = [`imported ${s.totalRows.toLocaleString('en')} records in ${(s.elapsedMs / 1000).toFixed(1)} s into ${printable(s.store)}`];
  if (s.clickhouse) {
    const rate = Math.round((s.clickhouse.rows * 1000) / Math.max(s.clickhouse.ms, 1));
    lines.push(
      `  clickhouse ${s.clickhouse.rows.toLocaleString('en')} rows written in ${(s.clickhouse.ms / 1000).toFixed(1)} s (${rate.toLocaleString('en')} rows/s)`,
    );
    if (s.signalsMs) lines.push(`  signals derived by ClickHouse in ${(s.signalsMs / 1000).toFixed(1)} s`);
  }
  for (const r of s.engineReads ?? []) {
    lines.push(
      r.refused === null
        ? `  ${printable(r.file)} read by the engine itself (${(r.ms / 1000).toFixed(1)} s)`
        : `  ${printable(r.file)} read by the record reader: ${printable(r.refused)}`,
    );
  }
  for (const [kind, n] of Object.entries(s.rows)) lines.push(`  ${kind.padEnd(8)} ${n.toLocaleString('en')}`);
  const signals = s.signals
    ? Object.entries(s.signals)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')
    : 'derived on first use (eog investigate, the app), once, into this store';
  lines.push(`  signals  ${signals}`);
  const w = s.window.window;
  lines.push(`  window   ${new Date(w.start).toISOString()} .. ${new Date(w.end).toISOString()} (${s.window.source})`);
  lines.push(`  snapshot ${s.snapshotHash}`);
  if (s.warnings.length > 0) {
    lines.push(`${s.warnings.length} warning(s):`);
    for (const w of s.warnings.slice(0, MAX_WARNINGS_SHOWN))
      lines.push(`  ${printable(w.file)}${w.line === null ? '' : `:${w.line}`}: ${printable(w.message)}`);
    if (s.warnings.length > MAX_WARNINGS_SHOWN) lines.push(`  … and ${s.warnings.length - MAX_WARNINGS_SHOWN} more`);
  }
  return `${lines.join('\n')}\n`;
}

function workerMode(value: string | undefined): WorkerMode {
  if (value === undefined) return 'auto';
  if (value === 'auto' || value === 'always' || value === 'never') return value;
  throw new UsageError(`--worker ${value}: expected auto, always or never`);
}

function signalTiming(value: string | undefined): SignalTiming {
  if (value === undefined) return 'defer';
  if (value === 'now' || value === 'defer') return value;
  throw new UsageError(`--signals ${value}: expected now or defer`);
}

export async function runImport(snapshot: string, flags: ImportFlags): Promise<StoreImportSummary> {
  if (!existsSync(join(snapshot, 'snapshot.json'))) {
    const format = detectFormat(snapshot);
    if (format === 'capture')
      throw new UsageError(
        `${snapshot} holds OTLP / Prometheus / kubectl exports; convert them first: eog convert capture ${snapshot} --out <dir>, then eog import <dir>`,
      );
    if (format === 'nezha' || format === 'itbench-lite') {
      throw new UsageError(
        `${snapshot} is a ${format} dataset; convert it first: eog convert ${format} ${snapshot} --out <dir>, then eog import <dir>/<bundle>`,
      );
    }
    throw new UsageError(`${snapshot} is not a snapshot bundle (no snapshot.json); see design.md §5 for the format`);
  }
  const store = storeSpecFrom(flags) ?? { kind: 'sqlite', file: join(snapshot, '.eog', 'store.sqlite') };
  const isTty = process.stderr.isTTY === true;
  const summary = await importToStore(snapshot, store, {
    worker: workerMode(flags.worker),
    signals: signalTiming(flags.signals),
    ...(isTty ? { onProgress: (p: ImportProgress) => process.stderr.write(`\r\u001b[2K${formatProgress(p)}`) } : {}),
  });
  if (isTty) process.stderr.write('\r\u001b[2K');
  return summary;
}

export function registerImport(program: Command): void {
  const command = program
    .command('import')
    .description(
      'Load a snapshot (native bundle) into an evidence store; ITBench-Lite and Nezha folders are converted first with "eog convert".',
    )
    .argument('<snapshot>', 'snapshot folder');
  addStoreOptions(command, `${STORE_HELP} (default: <snapshot>/.eog/store.sqlite); a ClickHouse database is replaced`)
    .option('--json', 'print the summary as JSON')
    .option('--worker <mode>', 'parse in a worker thread: auto | always | never', 'auto')
    .option(
      '--signals <when>',
      'derive the signals (log templates, metric anomalies, trace edges) now, or defer them to the first reader of the store, which stores them once',
      'defer',
    )
    .action(async (snapshot: string, flags: ImportFlags) => {
      const summary = await runImport(snapshot, flags);
      process.stdout.write(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : formatSummary(summary));
    });
}
