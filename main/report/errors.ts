export class LedgerNotFoundError extends Error {
  override name = 'LedgerNotFoundError';
  constructor(file: string) {
    super(`${file}: no such ledger file. Pass the file given to "eog investigate --ledger".`);
  }
}

export class NotALedgerError extends Error {
  override name = 'NotALedgerError';
  constructor(file: string, detail: string) {
    super(
      `${file} is not an investigation ledger (${detail}). Pass the file given to "eog investigate --ledger", not a store or a bundle.`,
    );
  }
}

export class EmptyLedgerError extends Error {
  override name = 'EmptyLedgerError';
  constructor(file: string) {
    super(
      `${file}: the ledger has no InvestigationStarted event, so there is nothing to export. Run "eog investigate --ledger ${file}" first.`,
    );
  }
}

export class VotedRunMissingError extends Error {
  override name = 'VotedRunMissingError';
  constructor(file: string, run: number, detail: string) {
    super(`${file}: the vote chose run ${run}, whose ledger ${detail}. Keep each run's ledger (<ledger>.run<r>) beside the first run's.`);
  }
}
