/** A malformed bundle: names the file (relative to the bundle), the 1-based line and the field. */
export class BundleFormatError extends Error {
  override name = 'BundleFormatError';
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly field: string | null,
    readonly problem: string,
  ) {
    const where = line === null ? file : `${file}:${line}`;
    super(`${where}: ${field === null ? '' : `field "${field}": `}${problem}`);
  }
}

/** A record line longer than the cap; raised before the line is buffered so it cannot exhaust memory. */
export class LineTooLongError extends BundleFormatError {
  override name = 'LineTooLongError';
  constructor(
    file: string,
    line: number,
    readonly maxBytes: number,
  ) {
    super(
      file,
      line,
      null,
      `line is longer than ${Math.round(maxBytes / 1024 / 1024)} MiB, the limit for one record; ` +
        'split the record or remove the oversized field',
    );
  }
}

/** A bundle file that resolves (e.g. through a symlink) to a place outside the bundle folder. */
export class BundlePathError extends Error {
  override name = 'BundlePathError';
  constructor(
    readonly file: string,
    resolved: string,
  ) {
    super(`${file}: resolves to ${resolved}, outside the bundle folder; copy the file into the bundle instead of linking it`);
  }
}

/** The folder is not a bundle or lacks a required file. */
export class BundleMissingFileError extends Error {
  override name = 'BundleMissingFileError';
  constructor(
    readonly file: string,
    bundle: string,
  ) {
    super(`${bundle}: ${file} is missing; a native bundle needs snapshot.json and topology.json (design.md §5)`);
  }
}

/** A warning that does not stop the import (e.g. an entity missing from the topology). */
export interface ImportWarning {
  file: string;
  line: number | null;
  message: string;
}

/** `file:line: message` (the line when known), as the app lists a warning. */
export function formatImportWarning(w: ImportWarning): string {
  return `${w.file}${w.line === null ? '' : `:${w.line}`}: ${w.message}`;
}

/** Nothing to investigate at a path: the one error every reader of snapshots raises for it. */
export class SnapshotNotFoundError extends Error {
  override name = 'SnapshotNotFoundError';
  constructor(
    readonly input: string,
    expected = 'a bundle folder (with snapshot.json and topology.json) or an evidence store (.sqlite) made by "eog import"',
  ) {
    super(`No snapshot at ${input}: give ${expected}.`);
  }
}
