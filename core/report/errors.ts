/** The graph image the UI passed is not a PNG data URL; refusing it keeps the report free of external content. */
export class InvalidGraphImageError extends Error {
  override name = 'InvalidGraphImageError';
  constructor() {
    super('the graph image must be a "data:image/png;base64,..." URL (export the canvas as PNG and pass its data URL)');
  }
}

/** The diagnosis does not match the export schema of design.md §7. */
export class InvalidDiagnosisError extends Error {
  override name = 'InvalidDiagnosisError';
  constructor(detail: string) {
    super(`the diagnosis does not match the export schema (${detail}); rebuild it with buildDiagnosis from the ledger`);
  }
}

export class UnknownExportFormatError extends Error {
  override name = 'UnknownExportFormatError';
  constructor(format: string, known: readonly string[]) {
    super(`unknown export format "${format}": expected one of ${known.join(', ')}`);
  }
}
