/**
 * Writes the Nezha test fixtures from the real dataset (run once; the output is committed):
 *
 *   npx tsx scripts/make-nezha-fixtures.ts <nezha-trainticket dataset root>
 *
 * - main/convert/nezha/fixtures/nezha-slice/: a real slice of the published TrainTicket data,
 *   same layout, gzip as published: day 2023-01-30, its fault-free period and its first two
 *   incidents (the fault list cut to those two), with the MIT licence.
 * - main/convert/nezha/fixtures/nezha-hipster-slice/: a synthetic OnlineBoutique capture
 *   derived from that slice (services renamed, `root_cause_hipster.json`, one `cpu_consumed`
 *   incident), because the OnlineBoutique half of Nezha is not in ../shared.
 *
 * Deterministic: rerunning writes identical files.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

const [source] = process.argv.slice(2);
if (!source || !existsSync(path.join(source, 'rca_data'))) {
  process.stderr.write('usage: npx tsx scripts/make-nezha-fixtures.ts <nezha-trainticket dataset root>\n');
  process.exit(2);
}
const fixtures = path.resolve(import.meta.dirname, '../main/convert/nezha/fixtures');
const DAY = '2023-01-30';
/** The fault-free period and the three one-minute files of the first two incidents. */
const BASELINE_MINUTES = ['11_39'];
const WINDOW_MINUTES = ['11_51', '11_52', '11_53', '11_59', '12_00', '12_01'];
const KEPT_FAULTS = 2;

const gz = (text: string): Buffer => gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
const readText = (file: string): string => {
  const raw = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
};

function copy(from: string, to: string, transform?: (text: string) => string): void {
  mkdirSync(path.dirname(to), { recursive: true });
  if (transform === undefined) copyFileSync(from, to);
  else writeFileSync(to, gz(transform(readText(from))));
}

interface FaultEntry {
  inject_time: string;
  inject_pod: string;
  inject_type: string;
}

function firstFaults(file: string, n: number): Record<string, FaultEntry[]> {
  const list = JSON.parse(readText(file)) as Record<string, FaultEntry[]>;
  const all = Object.entries(list)
    .flatMap(([hour, entries]) => entries.map((entry) => [hour, entry] as const))
    .sort((a, b) => a[1].inject_time.localeCompare(b[1].inject_time))
    .slice(0, n);
  const out: Record<string, FaultEntry[]> = {};
  for (const [hour, entry] of all) (out[hour] ??= []).push(entry);
  return out;
}

function writeTrainTicketSlice(): string {
  const out = path.join(fixtures, 'nezha-slice');
  rmSync(out, { recursive: true, force: true });
  copy(path.join(source as string, 'LICENSE'), path.join(out, 'LICENSE'));
  copy(path.join(source as string, 'construct_data/root_cause_ts.json'), path.join(out, 'construct_data/root_cause_ts.json'));
  for (const kind of ['log', 'trace', 'traceid']) {
    for (const minute of BASELINE_MINUTES) {
      const rel = `construct_data/${DAY}/${kind}/${minute}_${kind}.csv.gz`;
      copy(path.join(source as string, rel), path.join(out, rel));
    }
    for (const minute of WINDOW_MINUTES) {
      const rel = `rca_data/${DAY}/${kind}/${minute}_${kind}.csv.gz`;
      copy(path.join(source as string, rel), path.join(out, rel));
    }
  }
  const metricDir = `rca_data/${DAY}/metric`;
  for (const name of readdirSync(path.join(source as string, metricDir)).sort()) {
    copy(path.join(source as string, metricDir, name), path.join(out, metricDir, name));
  }
  const faultList = `rca_data/${DAY}/${DAY}-fault_list.json.gz`;
  mkdirSync(path.dirname(path.join(out, faultList)), { recursive: true });
  writeFileSync(path.join(out, faultList), gz(JSON.stringify(firstFaults(path.join(source as string, faultList), KEPT_FAULTS), null, 4)));
  return out;
}

/**
 * OnlineBoutique names for the slice's services: the entry becomes `frontend`, the pod of the
 * CPU incident `checkoutservice`, the first others in name order OnlineBoutique's services, the rest
 * the TrainTicket name without `ts-` and dashes (OnlineBoutique style: `travelplanservice`).
 */
function hipsterNames(services: readonly string[], entry: string, injected: string): Map<string, string> {
  const plain = (service: string): string => service.replace(/^ts-/, '').replaceAll('-', '');
  const taken = new Set(services.map(plain));
  const boutique = ['cartservice', 'productcatalogservice', 'currencyservice', 'shippingservice', 'emailservice'].filter(
    (n) => !taken.has(n),
  );
  const names = new Map<string, string>([
    [entry, 'frontend'],
    [injected, 'checkoutservice'],
  ]);
  for (const service of services) if (!names.has(service)) names.set(service, boutique.shift() ?? plain(service));
  if (new Set(names.values()).size !== names.size) throw new Error('two services got the same OnlineBoutique name');
  return names;
}

/** The service most root spans of a trace file belong to (columns TraceID,SpanID,ParentID,PodName,…). */
function entryService(traceFile: string): string {
  const counts = new Map<string, number>();
  for (const line of readText(traceFile).split('\n').slice(1)) {
    const [, , parent, pod] = line.split(',');
    if (parent === 'root' && pod) counts.set(pod, (counts.get(pod) ?? 0) + 1);
  }
  const pod = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
  if (pod === undefined) throw new Error(`${traceFile} has no root spans`);
  return pod.split('-').slice(0, -2).join('-');
}

function writeHipsterSlice(tt: string): void {
  const out = path.join(fixtures, 'nezha-hipster-slice');
  rmSync(out, { recursive: true, force: true });
  const metricDir = `rca_data/${DAY}/metric`;
  const pods = readdirSync(path.join(tt, metricDir))
    .map((name) => /^(.+)_metric\.csv\.gz$/.exec(name)?.[1])
    .filter((pod): pod is string => pod !== undefined);
  const serviceOf = (pod: string): string => pod.split('-').slice(0, -2).join('-');
  const faults = firstFaults(path.join(tt, `rca_data/${DAY}/${DAY}-fault_list.json.gz`), KEPT_FAULTS);
  const cpu = Object.values(faults)
    .flat()
    .find((f) => f.inject_type === 'cpu_contention');
  if (!cpu) throw new Error('the slice has no cpu_contention incident to turn into cpu_consumed');
  // In name order, so the mapping is stable.
  const services = [...new Set(pods.map(serviceOf))].sort();
  const names = hipsterNames(
    services,
    entryService(path.join(tt, `construct_data/${DAY}/trace/${BASELINE_MINUTES[0]}_trace.csv.gz`)),
    serviceOf(cpu.inject_pod),
  );
  const byLength = [...names.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(?<![A-Za-z0-9-])(${byLength.join('|')})(?![A-Za-z0-9])`, 'g');
  const rename = (text: string): string => text.replace(pattern, (name) => names.get(name) ?? name);

  copy(path.join(tt, 'LICENSE'), path.join(out, 'LICENSE'));
  const rootCause = JSON.parse(readText(path.join(tt, 'construct_data/root_cause_ts.json'))) as Record<string, unknown>;
  const hipster = Object.fromEntries(Object.entries(rootCause).map(([service, v]) => [names.get(service) ?? service, v]));
  mkdirSync(path.join(out, 'construct_data'), { recursive: true });
  writeFileSync(path.join(out, 'construct_data/root_cause_hipster.json'), JSON.stringify(hipster, null, 4) + '\n');
  const cpuMinute = cpu.inject_time.slice(11, 16).replace(':', '_');
  const windowMinutes = WINDOW_MINUTES.slice(WINDOW_MINUTES.indexOf(cpuMinute), WINDOW_MINUTES.indexOf(cpuMinute) + 3);
  for (const kind of ['log', 'trace']) {
    for (const minute of BASELINE_MINUTES) {
      const rel = `construct_data/${DAY}/${kind}/${minute}_${kind}.csv.gz`;
      copy(path.join(tt, rel), path.join(out, rel), rename);
    }
    for (const minute of windowMinutes) {
      const rel = `rca_data/${DAY}/${kind}/${minute}_${kind}.csv.gz`;
      copy(path.join(tt, rel), path.join(out, rel), rename);
    }
  }
  for (const name of readdirSync(path.join(tt, metricDir)).sort()) {
    copy(path.join(tt, metricDir, name), path.join(out, metricDir, rename(name.replace(/\.gz$/, '')) + '.gz'), rename);
  }
  const hipsterFault = { ...cpu, inject_pod: rename(cpu.inject_pod), inject_type: 'cpu_consumed' };
  const hour = cpu.inject_time.slice(11, 13).replace(/^0/, '');
  writeFileSync(path.join(out, `rca_data/${DAY}/${DAY}-fault_list.json.gz`), gz(JSON.stringify({ [hour]: [hipsterFault] }, null, 4)));
}

const tt = writeTrainTicketSlice();
writeHipsterSlice(tt);
process.stdout.write(`wrote ${path.relative(process.cwd(), fixtures)}/nezha-slice and nezha-hipster-slice\n`);
