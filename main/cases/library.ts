import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { CaseRecord, rankSimilar, type Fingerprint, type SimilarCase } from '../../core/cases/index.js';
import { LedgerEvent } from '../../core/ledger/index.js';
import { openDatabase, type Db } from '../db/open.js';
import { writeFileAtomic } from '../platform/index.js';
import { defaultDataDir } from '../platform/paths.js';

const v1 = `
CREATE TABLE cases (name TEXT PRIMARY KEY, recorded_at TEXT NOT NULL, body TEXT NOT NULL, recording BLOB) STRICT;
CREATE INDEX cases_recorded ON cases(recorded_at);
`;
export const caseMigrations: readonly string[] = [v1];

/** Where the case library is kept: `EOG_DATA_DIR/cases.sqlite`, else `~/.eog/cases.sqlite` (beside the lessons). */
export function defaultCasesFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(defaultDataDir(env), 'cases.sqlite');
}

/** The investigation as recorded: its ledger events and the packets they name, for a read-only replay. */
export const CaseRecording = z.object({
  events: z.array(LedgerEvent),
  packets: z.array(z.object({ hash: z.string(), json: z.string() })),
});
export type CaseRecording = z.infer<typeof CaseRecording>;

/** A library shared as one file (`eog cases export`): every case with its recording. */
const CaseExport = z.object({
  format: z.literal('eog-cases'),
  version: z.literal(1),
  cases: z.array(z.object({ record: CaseRecord, recording: CaseRecording.nullable() })),
});

export class CaseFileError extends Error {
  override name = 'CaseFileError';
  constructor(file: string, detail: string) {
    super(`${file} is not a case library export: ${detail}`);
  }
}

export interface ImportResult {
  added: number;
  updated: number;
  /** Cases the library already held as recorded or more recently. */
  kept: number;
}

/**
 * The local case library (docs/cases.md): one SQLite file of finished investigations, one row
 * per case name; recording a case again replaces it.
 */
export class CaseLibrary {
  private constructor(
    private readonly db: Db,
    readonly file: string,
    /** Similar cases are read, nothing is recorded: a benchmark's fixed library (leave-one-out). */
    readonly isFrozen: boolean,
  ) {}

  static open(file: string, options: { frozen?: boolean } = {}): CaseLibrary {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    return new CaseLibrary(openDatabase(file, caseMigrations), file, options.frozen ?? false);
  }

  close(): void {
    this.db.close();
  }

  record(record: CaseRecord, recording: CaseRecording | null): void {
    if (this.isFrozen) return;
    const body = JSON.stringify(CaseRecord.parse(record));
    const blob = recording ? gzipSync(JSON.stringify(recording)) : null;
    this.db
      .prepare(
        'INSERT INTO cases (name, recorded_at, body, recording) VALUES (?, ?, ?, ?) ON CONFLICT(name) DO UPDATE SET recorded_at = excluded.recorded_at, body = excluded.body, recording = excluded.recording',
      )
      .run(record.case, record.recordedAt, body, blob);
  }

  /** Every case, most recently recorded first. */
  list(): CaseRecord[] {
    const rows = this.db.prepare('SELECT body FROM cases ORDER BY recorded_at DESC, name').all() as { body: string }[];
    return rows.map((r) => CaseRecord.parse(JSON.parse(r.body)));
  }

  get(name: string): CaseRecord | null {
    const row = this.db.prepare('SELECT body FROM cases WHERE name = ?').get(name) as { body: string } | undefined;
    return row ? CaseRecord.parse(JSON.parse(row.body)) : null;
  }

  recording(name: string): CaseRecording | null {
    const row = this.db.prepare('SELECT recording FROM cases WHERE name = ?').get(name) as { recording: Buffer | null } | undefined;
    if (!row?.recording) return null;
    return CaseRecording.parse(JSON.parse(gunzipSync(row.recording).toString('utf8')));
  }

  /** The k cases most like `fingerprint`, best first; `exclude` (the incident's own name) is never its own match. */
  similar(fingerprint: Fingerprint, options: { k?: number; exclude?: string | null } = {}): SimilarCase[] {
    const past = this.list().filter((c) => c.case !== options.exclude);
    return rankSimilar(fingerprint, past, options.k === undefined ? {} : { k: options.k });
  }

  exportTo(file: string): number {
    const rows = this.db.prepare('SELECT name FROM cases ORDER BY name').all() as { name: string }[];
    const cases = rows.map(({ name }) => ({ record: this.get(name) as CaseRecord, recording: this.recording(name) }));
    writeFileAtomic(file, gzipSync(JSON.stringify({ format: 'eog-cases', version: 1, cases })));
    return cases.length;
  }

  /** Merges an export: a case is taken when the library lacks it or holds an older recording of it. */
  importFrom(file: string): ImportResult {
    let text: string;
    try {
      text = gunzipSync(readFileSync(file)).toString('utf8');
    } catch (error) {
      throw new CaseFileError(file, error instanceof Error ? error.message : String(error));
    }
    let parsed: z.infer<typeof CaseExport>;
    try {
      parsed = CaseExport.parse(JSON.parse(text));
    } catch (error) {
      const detail = error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') : String(error);
      throw new CaseFileError(file, detail);
    }
    const result: ImportResult = { added: 0, updated: 0, kept: 0 };
    this.db.transaction(() => {
      for (const { record, recording } of parsed.cases) {
        const held = this.get(record.case);
        if (held && held.recordedAt >= record.recordedAt) result.kept++;
        else {
          this.record(record, recording);
          if (held) result.updated++;
          else result.added++;
        }
      }
    })();
    return result;
  }
}
