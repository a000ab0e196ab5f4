/** A source file of a dataset cannot be read as the format promises. */
export class ConvertInputError extends Error {
  override name = 'ConvertInputError';
  constructor(
    readonly file: string,
    readonly line: number | null,
    detail: string,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}: ${detail}. Fix or remove this file and convert again.`);
  }
}

/** A record the converter produced does not satisfy the native bundle schema (a converter bug). */
export class InvalidBundleRecordError extends Error {
  override name = 'InvalidBundleRecordError';
  constructor(file: string, index: number, field: string, detail: string) {
    super(`${file} record ${index + 1}, field "${field || '(record)'}": ${detail}. Please report this converter bug.`);
  }
}

/** The input folder is not the layout the requested converter expects. */
export class UnrecognisedInputError extends Error {
  override name = 'UnrecognisedInputError';
}

/** A malformed source record that a converter skipped instead of failing the conversion. */
export interface SkippedRecord {
  file: string;
  line: number | null;
  reason: string;
}
