import { ConvertInputError } from '../errors.js';
import { lineOfPath, pathText, type SourceFile } from './source-file.js';
import { FieldTypeError } from './values.js';

/**
 * Runs `read` on one JSON line (OTLP) and turns a type error inside it into a file:line error
 * naming the field.
 */
export function withLineErrors<T>(file: string, line: number, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FieldTypeError) throw new ConvertInputError(file, line, `field "${pathText(error.path)}": ${error.message}`);
    throw error;
  }
}

/** The same for a whole-document file (Prometheus, kubectl): the line is found from the field's path. */
export function withDocumentErrors<T>(file: SourceFile, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FieldTypeError)
      throw new ConvertInputError(file.name, lineOfPath(file, error.path), `field "${pathText(error.path)}": ${error.message}`);
    throw error;
  }
}
