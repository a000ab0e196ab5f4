import type { Command } from 'commander';
import { convertItbenchLite, convertNezha, formatWarning } from '../../convert/index.js';
import { UsageError } from '../errors.js';

interface ConvertOptions {
  out: string;
  quiet?: boolean;
}

export function registerConvert(program: Command): void {
  program
    .command('convert')
    .description('Convert a dataset (nezha | itbench-lite) into native snapshot bundles, one per incident.')
    .argument('<format>', 'input format: nezha | itbench-lite')
    .argument('<input>', 'dataset root (nezha) or Scenario-N folder (itbench-lite)')
    .requiredOption('--out <dir>', 'output folder for the bundles')
    .option('--quiet', 'print only the summary line')
    .action(async (format: string, input: string, options: ConvertOptions) => {
      const started = Date.now();
      const log = (line: string): void => {
        if (!options.quiet) process.stdout.write(`${line}\n`);
      };
      let bundles: string[];
      switch (format) {
        case 'nezha':
          ({ bundles } = await convertNezha(input, options.out, {
            onProgress: (p) => log(`[${p.done}/${p.total}] ${p.bundle}`),
            // Gaps in the capture: each also goes into the snapshot.json of the bundles it concerns.
            onWarning: (w) => void process.stderr.write(`warning: ${formatWarning(w)}\n`),
          }));
          break;
        case 'itbench-lite': {
          const result = await convertItbenchLite(input, options.out);
          for (const warning of result.warnings) process.stderr.write(`warning: ${warning}\n`);
          bundles = [result.bundle];
          log(`[1/1] ${result.bundle}`);
          break;
        }
        default:
          throw new UsageError(`convert: unknown format "${format}"; use nezha or itbench-lite`);
      }
      process.stdout.write(`wrote ${bundles.length} bundle(s) to ${options.out} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    });
}
