import { writeFileAtomic } from '../../platform/index.js';
import type { Command } from 'commander';
import { exportFormats, parseExportFormat, renderExport, UnknownExportFormatError, type ExportFormat } from '../../../core/report/index.js';
import { diagnosisFromLedger } from '../../report/index.js';
import { UsageError } from '../errors.js';

interface ExportFlags {
  format: string;
  out?: string;
}

/** Renders the diagnosis recorded in a ledger file; the ledger alone is enough, no store needed. */
export function exportLedger(ledgerFile: string, format: ExportFormat): { text: string; isFinished: boolean; steps: number } {
  const loaded = diagnosisFromLedger(ledgerFile);
  const text = renderExport(format, loaded.diagnosis, { state: loaded.state });
  return { text, isFinished: loaded.isFinished, steps: loaded.state.evaluations };
}

export function registerExport(program: Command): void {
  program
    .command('export')
    .description(`Export the diagnosis of an investigation from its ledger: ${exportFormats.join(' | ')}.`)
    .argument('<ledger>', 'ledger file of the investigation (eog investigate --ledger)')
    .option('--format <format>', exportFormats.join(' | '), 'json')
    .option('--out <file>', 'file to write (default: stdout)')
    .action((ledgerFile: string, flags: ExportFlags) => {
      const format = formatFrom(flags.format);
      const result = exportLedger(ledgerFile, format);
      if (flags.out) writeFileAtomic(flags.out, result.text);
      else process.stdout.write(result.text);
      if (!result.isFinished)
        process.stderr.write(`eog: investigation in progress — ${result.steps} steps; exported the diagnosis so far\n`);
      if (flags.out) process.stderr.write(`wrote ${format} to ${flags.out}\n`);
    });
}

function formatFrom(format: string): ExportFormat {
  try {
    return parseExportFormat(format);
  } catch (error) {
    if (error instanceof UnknownExportFormatError) throw new UsageError(`--format ${error.message}`);
    throw error;
  }
}
