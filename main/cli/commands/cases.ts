import type { Command } from 'commander';
import { printable } from '../../bench/index.js';
import { CaseLibrary, defaultCasesFile, fingerprintFromStore } from '../../cases/index.js';
import { openSnapshotSource } from '../../session/index.js';
import { positiveInt } from './shared-flags.js';

interface LibraryFlags {
  cases?: string;
}

function withLibrary<T>(flags: LibraryFlags, use: (library: CaseLibrary) => T): T {
  const library = CaseLibrary.open(flags.cases ?? defaultCasesFile());
  try {
    return use(library);
  } finally {
    library.close();
  }
}

/** `eog cases list | similar | export | import` (docs/cases.md): the case library from the command line. */
export function registerCases(program: Command): void {
  const cases = program.command('cases').description('The case library: finished investigations, and the past cases most like a snapshot.');
  const libraryOption = (c: Command): Command => c.option('--cases <file>', `case library file (default ${defaultCasesFile()})`);

  libraryOption(cases.command('list').description('Every case, most recently recorded first.')).action((flags: LibraryFlags) =>
    withLibrary(flags, (library) => {
      for (const c of library.list())
        process.stdout.write(
          `${printable(c.case)}\t${c.recordedAt}\t${c.outcome}\t${c.confidence.toFixed(2)}\t${c.cause}\t${printable(c.frontier.join(', ') || '(empty)')}\n`,
        );
    }),
  );

  libraryOption(
    cases
      .command('similar')
      .description('The past cases most like a snapshot, best first, with what they share and what was found then (JSON).')
      .argument('<snapshot>', 'bundle folder or evidence store file')
      .option('--k <n>', 'how many', '3'),
  ).action(async (snapshot: string, flags: LibraryFlags & { k: string }) => {
    const source = openSnapshotSource(snapshot);
    try {
      const store = await source.store();
      const fingerprint = fingerprintFromStore(store);
      const k = positiveInt(flags.k, '--k');
      const similar = withLibrary(flags, (library) =>
        library.similar(fingerprint, { exclude: store.manifest().name, ...(k ? { k } : {}) }),
      );
      process.stdout.write(`${JSON.stringify({ case: store.manifest().name, fingerprint, similar }, null, 2)}\n`);
    } finally {
      source.close();
    }
  });

  libraryOption(
    cases.command('export').description('Writes the whole library, recordings included, to one file a team can share.').argument('<file>'),
  ).action((file: string, flags: LibraryFlags) => {
    const n = withLibrary(flags, (library) => library.exportTo(file));
    process.stderr.write(`wrote ${n} cases to ${file}\n`);
  });

  libraryOption(
    cases
      .command('import')
      .description('Merges an exported library: a case is taken when this library lacks it or holds an older recording.')
      .argument('<file>'),
  ).action((file: string, flags: LibraryFlags) =>
    withLibrary(flags, (library) => {
      const r = library.importFrom(file);
      process.stderr.write(`${r.added} added, ${r.updated} updated, ${r.kept} kept from ${file}\n`);
    }),
  );
}
