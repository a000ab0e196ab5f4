/**
 * Ledger file schema. `events` is append-only (seq is the ledger sequence number, body the
 * canonical JSON of the whole event); `packets` is content-addressed by the SHA-256 of the
 * packet's canonical JSON; `call_metrics` keeps wall-clock durations out of the events so the
 * events stay byte-identical across runs.
 */
export const ledgerMigrations: readonly string[] = [
  `
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY,
    type TEXT NOT NULL,
    body TEXT NOT NULL
  ) STRICT;
  CREATE TABLE packets (
    hash TEXT PRIMARY KEY,
    body TEXT NOT NULL
  ) STRICT;
  CREATE TABLE call_metrics (
    seq INTEGER PRIMARY KEY REFERENCES events (seq),
    ms REAL NOT NULL
  ) STRICT;
  CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
    BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
  CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
    BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
  `,
];
