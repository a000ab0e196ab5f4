import { Command } from 'commander';

/** Adds one subcommand, with its options and action, to the program. */
export type RegisterCommand = (program: Command) => void;

interface CommandEntry {
  name: string;
  /** One line for `eog --help`; the command's own `--help` gives its full description. */
  summary: string;
  /** Loads the command's module only when it runs: openai, the tokenizer and SQLite cost ~1 s to load. */
  load(): Promise<RegisterCommand>;
}

/** Every subcommand, in the order `eog --help` lists them. */
export const commandTable: readonly CommandEntry[] = [
  {
    name: 'convert',
    summary: 'Convert a dataset (nezha | itbench-lite) or a capture (otlp | prometheus | kubectl) into native snapshot bundles.',
    load: async () => (await import('./commands/convert.js')).registerConvert,
  },
  {
    name: 'import',
    summary: 'Load a snapshot bundle into an evidence store.',
    load: async () => (await import('./commands/import.js')).registerImport,
  },
  {
    name: 'investigate',
    summary: 'Run an investigation on a bundle, capture folder or store and write the diagnosis.',
    load: async () => (await import('./commands/investigate.js')).registerInvestigate,
  },
  {
    name: 'bench',
    summary: 'Investigate every case of a folder of bundles and score against ground truth.',
    load: async () => (await import('./commands/bench.js')).registerBench,
  },
  {
    name: 'serve',
    summary: 'Serve the workbench UI on a local web host.',
    load: async () => (await import('./commands/serve.js')).registerServe,
  },
  {
    name: 'export',
    summary: 'Export the diagnosis of an investigation from its ledger.',
    load: async () => (await import('./commands/export.js')).registerExport,
  },
  {
    name: 'generate',
    summary: 'Write seeded synthetic incident bundles.',
    load: async () => (await import('./commands/generate.js')).registerGenerate,
  },
  {
    name: 'code',
    summary: 'The code layer: locate the source blocks a log message, flag, error or stack frame points to.',
    load: async () => (await import('./commands/code.js')).registerCode,
  },
  {
    name: 'cases',
    summary: 'The case library: list, find the past cases most like a snapshot, export and import.',
    load: async () => (await import('./commands/cases.js')).registerCases,
  },
];

/** The program without subcommands: name, description and where errors go. */
export function newProgram(): Command {
  return new Command('eog')
    .description('EoG Workbench: explain incidents from captured snapshots (Explanations over Graphs).')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
}

/** The subcommand `argv` (node, script, ...args) runs, including `eog help <command>`; null for none. */
export function invokedCommand(argv: readonly string[]): string | null {
  const [first, second] = argv.slice(2);
  return first === 'help' ? (second ?? null) : (first ?? null);
}

/**
 * The program for one command line: the invoked subcommand is loaded and registered in
 * full, the others only by name and summary (enough for `eog --help` and for commander
 * to report an unknown command), so `eog --help` loads none of them.
 */
export async function buildProgramFor(argv: readonly string[]): Promise<Command> {
  const program = newProgram();
  const invoked = invokedCommand(argv);
  for (const entry of commandTable) {
    if (entry.name === invoked) (await entry.load())(program);
    else program.command(entry.name).summary(entry.summary);
  }
  return program;
}
