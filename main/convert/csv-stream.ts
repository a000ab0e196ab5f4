import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { parse, CsvError } from 'csv-parse';
import { ConvertInputError } from './errors.js';

export interface CsvRow {
  /** Column name → raw cell text. */
  values: Record<string, string>;
  /** 1-based line of the file where the record ends (records may span lines). */
  line: number;
}

export interface CsvOptions {
  delimiter?: string;
  /**
   * When given, a malformed record is skipped and reported here instead of failing the file
   * (published datasets have the odd spliced line that should not sink a whole conversion).
   */
  onSkip?: (line: number | null, reason: string) => void;
}

/**
 * Streams a CSV/TSV file (gzip-compressed when the name ends in `.gz`) as header-keyed rows.
 * Parse errors become {@link ConvertInputError}s naming the file and line, because dataset
 * files are hostile input and the user must know which one to fix.
 */
export async function* readCsv(file: string, options: CsvOptions = {}): AsyncGenerator<CsvRow> {
  const source = createReadStream(file);
  const input = file.endsWith('.gz') ? source.pipe(createGunzip()) : source;
  const parser = parse({
    delimiter: options.delimiter ?? ',',
    columns: true,
    info: true,
    bom: true,
    skip_empty_lines: true,
    skip_records_with_error: options.onSkip !== undefined,
    ...(options.onSkip ? { on_skip: skipReporter(options.onSkip) } : {}),
  });
  source.on('error', (error) => parser.destroy(error));
  input.on('error', (error: Error) => parser.destroy(error));
  input.pipe(parser);
  // Line where the record being parsed started: after the last complete record (or the header).
  let recordStart = 2;
  try {
    for await (const item of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      yield { values: item.record, line: item.info.lines };
      recordStart = item.info.lines + 1;
    }
  } catch (error) {
    throw toInputError(file, error, recordStart);
  } finally {
    source.destroy();
  }
}

function toInputError(file: string, error: unknown, recordStart: number): ConvertInputError {
  if (error instanceof ConvertInputError) return error;
  if (error instanceof CsvError) {
    return new ConvertInputError(file, recordStart, `the record starting here is not valid CSV (${error.code}: ${error.message})`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ConvertInputError(file, null, `cannot be read (${message})`);
}

function skipReporter(report: NonNullable<CsvOptions['onSkip']>): (error: CsvError | undefined) => undefined {
  return (error) => {
    report(typeof error?.lines === 'number' ? error.lines : null, error?.message ?? 'malformed record');
    return undefined;
  };
}
