import type { Command } from 'commander';
import { locate, type LocatedBlock } from '../../../core/code/index.js';
import { buildServicePdg } from '../../code/index.js';
import { UsageError } from '../errors.js';

interface LocateFlags {
  source: string;
  text: string;
  json?: boolean;
  limit: string;
  cache?: boolean;
}

function describe(blocks: LocatedBlock[]): string {
  if (blocks.length === 0) return 'no block matches\n';
  return blocks
    .map(
      (b, i) =>
        `${i + 1}. ${b.file}:${b.startLine}-${b.endLine}  ${b.function}  [${b.level} ${b.kind}]  score ${b.score.toFixed(3)}\n   ${b.reason}\n`,
    )
    .join('');
}

export function registerCode(program: Command): void {
  const code = program.command('code').description('The code layer: from evidence to the blocks of a service’s source.');
  code
    .command('locate')
    .description(
      'Rank the hammock blocks of a source tree for a log message, error text, flag or config name, or stack frame (file:line). For a flag, the branches its value decides come first.',
    )
    .requiredOption('--source <dir>', 'source root of one service (or a folder of services)')
    .requiredOption('--text <string>', 'the evidence: a log message or template, a flag name, an error text, a stack frame')
    .option('--limit <n>', 'how many blocks to print', '10')
    .option('--json', 'print JSON: [{file, function, startLine, endLine, level, score, reason}]')
    .option('--no-cache', 'parse every file afresh instead of using the content-hash cache')
    .action(async (flags: LocateFlags) => {
      const limit = Number(flags.limit);
      if (!Number.isSafeInteger(limit) || limit < 1) throw new UsageError(`--limit must be a positive integer, got "${flags.limit}"`);
      const pdg = await buildServicePdg(flags.source, flags.cache === false ? { cacheDir: null } : {});
      for (const w of pdg.warnings) process.stderr.write(`warning: ${w.file}: ${w.message}\n`);
      const blocks = locate(pdg, flags.text, { limit });
      process.stdout.write(flags.json ? `${JSON.stringify(blocks, null, 2)}\n` : describe(blocks));
    });
}
