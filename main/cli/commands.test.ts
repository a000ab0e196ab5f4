import { describe, expect, it } from 'vitest';
import { buildProgramFor, commandTable, invokedCommand } from './commands.js';
import { buildProgram } from './program.js';

const argv = (...args: string[]): string[] => ['node', 'eog', ...args];

describe('lazy command table', () => {
  it('lists the same commands, in the same order, as the program with every command loaded', () => {
    expect(commandTable.map((c) => c.name)).toEqual(buildProgram().commands.map((c) => c.name()));
  });

  it('each entry loads the module that registers the command of its name', async () => {
    for (const entry of commandTable) {
      const program = await buildProgramFor(argv(entry.name));
      const loaded = program.commands.find((c) => c.name() === entry.name);
      expect(loaded?.description(), entry.name).not.toBe('');
    }
  });

  it('registers only the invoked command in full; the others by name and summary', async () => {
    const program = await buildProgramFor(argv('import', 'bundle', '--store', 'x.sqlite'));
    const byName = new Map(program.commands.map((c) => [c.name(), c]));
    expect(byName.get('import')?.options.map((o) => o.long)).toContain('--store');
    expect(byName.get('investigate')?.options).toEqual([]);
    expect(byName.get('investigate')?.summary()).toMatch(/investigation/);
    expect([...byName.keys()]).toEqual(commandTable.map((c) => c.name));
  });

  it('finds the command after `help` and none for bare options', () => {
    expect(invokedCommand(argv('help', 'import'))).toBe('import');
    expect(invokedCommand(argv('import', '--help'))).toBe('import');
    expect(invokedCommand(argv('--help'))).toBe('--help');
    expect(invokedCommand(argv())).toBeNull();
  });
});
