import { join } from 'node:path';
import type { Command } from 'commander';
import {
  bundleName,
  faultTypes,
  generateIncident,
  parseFaultType,
  resolveServiceCount,
  type FaultType,
  type GeneratedIncident,
} from '../../generate/index.js';
import { floodAlerts } from '../../generate/flood.js';
import { UsageError } from '../errors.js';

interface GenerateCliOptions {
  fault?: string;
  allFaults?: boolean;
  services?: string;
  entities?: string;
  seed: string;
  out: string;
  rows?: string;
  rate?: string;
  gzip?: boolean;
  json?: boolean;
  withSource?: boolean;
  alertFlood?: string;
}

function integer(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new UsageError(`--${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function describe(r: GeneratedIncident, seconds: number): string {
  const rows = Object.values(r.records).reduce((a, b) => a + b, 0);
  return `${r.dir}: ${r.fault}, ${r.services} services / ${r.entities} entities, ${rows} records, ${(r.bytes / 1024 ** 2).toFixed(1)} MiB in ${seconds.toFixed(1)} s`;
}

export function registerGenerate(program: Command): void {
  program
    .command('generate')
    .description('Write seeded synthetic incident bundles (for tests and benchmarks); the root cause is named only in ground_truth.yaml.')
    .option('--fault <type>', `fault to inject: ${faultTypes.join(' | ')}`)
    .option('--all-faults', 'write one bundle per fault type into --out')
    .option('--services <n>', 'number of services (default 12)')
    .option('--entities <n>', 'approximate number of topology entities, instead of --services')
    .option('--seed <s>', 'seed: the same seed and options give a byte-identical bundle', '1')
    .requiredOption('--out <dir>', 'bundle folder (with --all-faults: folder that receives one bundle per fault)')
    .option('--rows <n>', 'approximate number of telemetry records (sets the request rate)')
    .option('--rate <n>', 'requests per minute at each entry service (default: about 30 calls a minute per service)')
    .option('--gzip', 'write .jsonl.gz files')
    .option('--with-source', "code_error, untraced_dependency: also write every service's source and code.json, for the code layer")
    .option('--alert-flood <n>', "add an alert flood: about n × the incident's own alerts (cascaded symptoms and unrelated noise, seeded)")
    .option('--json', 'print one JSON line per bundle for machines')
    .action(async (options: GenerateCliOptions) => {
      if (Boolean(options.allFaults) === (options.fault !== undefined))
        throw new UsageError('generate: give exactly one of --fault <type> or --all-faults');
      const faults: FaultType[] = options.allFaults ? [...faultTypes] : [parseFaultType(options.fault ?? '')];
      const seed = integer('seed', options.seed) ?? 1;
      const services = integer('services', options.services);
      const entities = integer('entities', options.entities);
      const rows = integer('rows', options.rows);
      const rate = options.rate === undefined ? undefined : Number(options.rate);
      const count = resolveServiceCount({ services, entities });
      const flood = integer('alert-flood', options.alertFlood);
      for (const fault of faults) {
        const dir = options.allFaults ? join(options.out, bundleName(fault, count, seed)) : options.out;
        const started = Date.now();
        const result = await generateIncident(dir, {
          fault,
          seed,
          services: count,
          rows,
          requestsPerMinute: rate,
          gzip: options.gzip ?? false,
          withSource: options.withSource ?? false,
        });
        if (flood !== undefined && flood > 1) {
          const f = floodAlerts(dir, { factor: flood, seed, rootCause: result.rootCause, onset: Date.parse(result.onset) });
          result.records.alerts = f.before + f.added.cascade + f.added.noise + f.added.monitoring;
        }
        const seconds = (Date.now() - started) / 1000;
        process.stdout.write(options.json ? `${JSON.stringify({ ...result, seconds })}\n` : `${describe(result, seconds)}\n`);
      }
    });
}
