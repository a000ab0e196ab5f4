import { BundleFormatError, LineTooLongError } from '../../snapshot/errors.js';

/**
 * An error as it crosses from the parse worker: the fields needed to rebuild it. The worker
 * only reads files openBundle already resolved, so it raises format errors or plain I/O errors.
 */
export interface ErrorData {
  name: string;
  message: string;
  format?: { file: string; line: number | null; field: string | null; problem: string; maxBytes?: number };
}

export function errorToData(error: unknown): ErrorData {
  if (error instanceof LineTooLongError && error.line !== null) {
    return {
      name: error.name,
      message: error.message,
      format: { file: error.file, line: error.line, field: null, problem: error.problem, maxBytes: error.maxBytes },
    };
  }
  if (error instanceof BundleFormatError) {
    return {
      name: error.name,
      message: error.message,
      format: { file: error.file, line: error.line, field: error.field, problem: error.problem },
    };
  }
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** Rebuilds the error so callers can still use `instanceof` and read file, line and field. */
export function errorFromData(data: ErrorData): Error {
  const f = data.format;
  if (f?.maxBytes !== undefined && f.line !== null) return new LineTooLongError(f.file, f.line, f.maxBytes);
  if (f) return new BundleFormatError(f.file, f.line, f.field, f.problem);
  const error = new Error(data.message);
  error.name = data.name;
  return error;
}
