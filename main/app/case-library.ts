import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CasesChoice, CasesInfo } from '../../core/ipc/index.js';
import { CaseLibrary, type CaseRecording } from '../cases/index.js';
import { openLedger } from '../ledger/index.js';

export class CaseLibraryOpenError extends Error {
  override name = 'CaseLibraryOpenError';
  constructor(file: string, detail: string) {
    super(`The case library ${file} cannot be opened (${detail}): choose another file or none in Settings → Case library.`);
  }
}

export class NoCaseLibraryError extends Error {
  override name = 'NoCaseLibraryError';
  constructor() {
    super('No case library is in use: choose one in Settings → Case library, then investigate.');
  }
}

export class CaseNotFoundError extends Error {
  override name = 'CaseNotFoundError';
  constructor(name: string, file: string) {
    super(`The case library ${file} holds no case "${name}": it may have been removed or the library changed since.`);
  }
}

export class CaseWithoutRecordingError extends Error {
  override name = 'CaseWithoutRecordingError';
  constructor(name: string) {
    super(`The case "${name}" has no recording to replay: investigate its snapshot again to record one.`);
  }
}

export class CaseWithoutSnapshotError extends Error {
  override name = 'CaseWithoutSnapshotError';
  constructor(name: string) {
    super(
      `The case "${name}" does not say where its snapshot was opened from (a server database, a converted copy, or a case recorded before this was kept): open its snapshot yourself and start the lesson there.`,
    );
  }
}

export class CaseSnapshotGoneError extends Error {
  override name = 'CaseSnapshotGoneError';
  constructor(name: string, snapshot: string) {
    super(
      `The snapshot of case "${name}" was at ${snapshot} and is not there any more: open it from where it is now and start the lesson there.`,
    );
  }
}

/**
 * Where a case's snapshot is, to open it again for a lesson (docs/cases.md §1): refused by the
 * case's name when the case does not say or the path is gone. `isAllowed` runs before anything
 * looks at the path (the host's allowed roots), so a refused one says nothing of what is there.
 */
export function caseSnapshotPath(library: CaseLibrary, name: string, isAllowed: (snapshot: string) => void = () => undefined): string {
  const held = library.get(name);
  if (!held) throw new CaseNotFoundError(name, library.file);
  if (held.snapshot === null) throw new CaseWithoutSnapshotError(name);
  isAllowed(held.snapshot);
  if (!existsSync(held.snapshot)) throw new CaseSnapshotGoneError(name, held.snapshot);
  return held.snapshot;
}

/**
 * The case libraries a workbench uses (docs/cases.md): the host's (`--cases`, the default, or
 * none), or the one the app's setting names at a Start. Each is opened on first use, so a
 * workbench that never investigates never creates a file, and kept open until the workbench closes.
 */
export interface CaseLibraries {
  /** The library in use (the last Start's choice, else the host's); null: none. */
  current(): CaseLibrary | null;
  /** The app's setting as a Start names it; undefined: the host's. */
  choose(choice: CasesChoice | undefined): void;
  info(): CasesInfo;
  close(): void;
}

export function createCaseLibraries(hostFile: string | null): CaseLibraries {
  const opened = new Map<string, CaseLibrary>();
  let chosen: CasesChoice | undefined;
  const file = (): string | null => (chosen === undefined ? hostFile : chosen.file);
  return {
    current() {
      const name = file();
      if (name === null) return null;
      const key = path.resolve(name);
      let library = opened.get(key);
      if (!library) {
        try {
          library = CaseLibrary.open(name);
        } catch (error) {
          throw new CaseLibraryOpenError(name, error instanceof Error ? error.message : String(error));
        }
        opened.set(key, library);
      }
      return library;
    },
    choose(choice) {
      chosen = choice;
    },
    info: () => ({ hostFile, file: file() }),
    close() {
      for (const library of opened.values()) library.close();
      opened.clear();
    },
  };
}

/** A case's recording written as a ledger file in a temporary folder, to be opened as a saved ledger is. */
export interface CaseLedger {
  file: string;
  release(): void;
}

export function writeCaseLedger(recording: CaseRecording): CaseLedger {
  const dir = mkdtempSync(path.join(tmpdir(), 'eog-case-'));
  const file = path.join(dir, 'case.ledger.sqlite');
  const release = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    const ledger = openLedger(file);
    try {
      ledger.appendStep({ events: recording.events, packets: recording.packets, metrics: [] });
    } finally {
      ledger.close();
    }
  } catch (error) {
    release();
    throw error;
  }
  return { file, release };
}
