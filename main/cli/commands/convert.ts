import type { Command } from 'commander';
import { convertItbenchLite, convertNezha, formatWarning } from '../../convert/index.js';
import { UsageError } from '../errors.js';
import { CAPTURE_FORMATS, runCaptureConvert, type CaptureCliOptions, type CaptureFormat } from './convert-capture.js';

interface ConvertOptions extends Omit<CaptureCliOptions, 'incidentTime'> {
  /** A capture's onset; false with --no-incident-time (nezha: withhold the injection times). */
  incidentTime?: string | false;
  quiet?: boolean;
}

const isCaptureFormat = (format: string): format is CaptureFormat => (CAPTURE_FORMATS as readonly string[]).includes(format);

export function registerConvert(program: Command): void {
  program
    .command('convert')
    .description(
      'Convert a dataset (nezha | itbench-lite) into native snapshot bundles, one per incident; or what a cluster already exports ' +
        '(otlp | prometheus | kubectl, combinable with --otlp/--prometheus/--kubectl; capture: any mix, told apart by content) into one bundle.',
    )
    .argument('<format>', 'input format: nezha | itbench-lite | otlp | prometheus | kubectl | capture')
    .argument('<inputs...>', 'dataset root (nezha), Scenario-N folder (itbench-lite), or files/folders of the named capture format')
    .requiredOption('--out <dir>', 'output folder for the bundles (otlp | prometheus | kubectl: the bundle folder)')
    .option('--otlp <files...>', 'also read these OTLP JSON files (Collector file exporter)')
    .option(
      '--prometheus <files...>',
      'also read these Prometheus HTTP API responses (query_range, query, alerts) or Alertmanager alert lists',
    )
    .option('--kubectl <files...>', 'also read these `kubectl get -o json` outputs (dumps in any order)')
    .option('--name <name>', 'bundle name (capture formats; default: the --out folder name)')
    .option('--incident-time <time>', 'the incident onset, ISO-8601 with a zone (capture formats)')
    .option('--window <start/end>', 'the investigation window, START/END in ISO-8601 with a zone (capture formats)')
    .option('--baseline <start/end>', 'a normal period to compare against, START/END (capture formats)')
    .option(
      '--no-incident-time',
      'nezha: withhold the injection times (no incidentTime, no baseline chosen with the fault list), as for a user who does not know when an incident began',
    )
    .option('--quiet', 'print only the summary line')
    .action(async (format: string, inputs: string[], options: ConvertOptions) => {
      const started = Date.now();
      const log = (line: string): void => {
        if (!options.quiet) process.stdout.write(`${line}\n`);
      };
      let bundles: string[];
      const { incidentTime, ...rest } = options;
      if (incidentTime === false && format !== 'nezha')
        throw new UsageError(
          `convert ${format}: --no-incident-time applies to nezha only (a capture has no incident time unless --incident-time gives one)`,
        );
      if (isCaptureFormat(format)) {
        const { bundle, summary } = runCaptureConvert(format, inputs, { ...rest, ...(incidentTime ? { incidentTime } : {}) });
        log(summary);
        process.stdout.write(`wrote 1 bundle(s) to ${bundle} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
        return;
      }
      const [input, ...extra] = inputs;
      if (input === undefined || extra.length > 0) throw new UsageError(`convert ${format}: give exactly one input folder`);
      switch (format) {
        case 'nezha':
          ({ bundles } = await convertNezha(input, options.out, {
            ...(incidentTime === false ? { incidentTime: false } : {}),
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
          throw new UsageError(`convert: unknown format "${format}"; use nezha, itbench-lite, otlp, prometheus or kubectl`);
      }
      process.stdout.write(`wrote ${bundles.length} bundle(s) to ${options.out} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    });
}
