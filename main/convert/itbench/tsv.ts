import { existsSync } from 'node:fs';
import { readCsv, type CsvRow } from '../csv-stream.js';
import { ConvertInputError } from '../errors.js';
import { parseZonelessUtc } from '../time.js';
import { parsePythonLiteral, PythonLiteralError, type PyValue } from './py-literal.js';

/** ITBench TSVs: tab separated, a header row, CSV-style quoting ("" escapes, embedded newlines). */
export async function* readTsv(file: string): AsyncGenerator<CsvRow> {
  if (!existsSync(file)) return;
  yield* readCsv(file, { delimiter: '\t' });
}

/** A cell holding a Python dict literal (`str(dict)`); empty cells are an empty map. */
export function pyMapCell(file: string, row: CsvRow, column: string): Record<string, PyValue> {
  const text = (row.values[column] ?? '').trim();
  if (text === '') return {};
  try {
    const value = parsePythonLiteral(text);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new ConvertInputError(file, row.line, `column ${column} is not a dict literal`);
    }
    return value;
  } catch (error) {
    if (error instanceof PythonLiteralError) throw new ConvertInputError(file, row.line, `column ${column}: ${error.message}`);
    throw error;
  }
}

/** A cell holding a JSON object (k8s objects and events). */
export function jsonCell(file: string, row: CsvRow, column: string): Record<string, unknown> {
  const text = row.values[column] ?? '';
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConvertInputError(file, row.line, `column ${column} is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new ConvertInputError(file, row.line, `column ${column} is not a JSON object`);
  return value as Record<string, unknown>;
}

/** A zoneless UTC timestamp cell, as epoch ms. */
export function timeCell(file: string, row: CsvRow, column: string): number {
  const text = row.values[column] ?? '';
  const ms = parseZonelessUtc(text);
  if (ms === null) throw new ConvertInputError(file, row.line, `column ${column}: "${text.slice(0, 40)}" is not a UTC timestamp`);
  return ms;
}

export function stringOf(value: PyValue | unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}
