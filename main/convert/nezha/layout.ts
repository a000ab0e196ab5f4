import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { ConvertInputError } from '../errors.js';
import { parseZonelessUtc } from '../time.js';

export interface NezhaFault {
  day: string;
  /** 1-based position of the fault in injection-time order within its day. */
  index: number;
  injectTime: number;
  injectPod: string;
  injectType: string;
}

const FaultList = z.record(
  z.string(),
  z.array(z.looseObject({ inject_time: z.string(), inject_pod: z.string().min(1), inject_type: z.string().min(1) })),
);

export function rcaDir(root: string, day: string): string {
  return join(root, 'rca_data', day);
}

export function constructDir(root: string, day: string): string {
  return join(root, 'construct_data', day);
}

/** Days under rca_data/ that have a fault list, in date order. */
export function listDays(root: string): string[] {
  const base = join(root, 'rca_data');
  if (!existsSync(base)) return [];
  return readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory() && faultListFile(root, d.name) !== null)
    .map((d) => d.name)
    .sort();
}

export function faultListFile(root: string, day: string): string | null {
  const plain = join(rcaDir(root, day), `${day}-fault_list.json`);
  if (existsSync(plain)) return plain;
  return existsSync(`${plain}.gz`) ? `${plain}.gz` : null;
}

/**
 * Reads a day's fault list. `inject_time` (UTC text) is trusted; `inject_timestamp` is not,
 * because in the published files it is offset by the recorders' local time zone.
 */
export function readFaultList(root: string, day: string): NezhaFault[] {
  const file = faultListFile(root, day);
  if (file === null) throw new ConvertInputError(join(rcaDir(root, day), `${day}-fault_list.json`), null, 'missing');
  const raw = readFileSync(file);
  let parsed: unknown;
  try {
    parsed = JSON.parse((file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8'));
  } catch (error) {
    throw new ConvertInputError(file, null, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const result = FaultList.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConvertInputError(file, null, `field "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'}`);
  }
  const faults = Object.values(result.data)
    .flat()
    .map((entry) => {
      const injectTime = parseZonelessUtc(entry.inject_time);
      if (injectTime === null) throw new ConvertInputError(file, null, `inject_time "${entry.inject_time}" is not "YYYY-MM-DD HH:MM:SS"`);
      return { injectTime, injectPod: entry.inject_pod, injectType: entry.inject_type };
    });
  faults.sort((a, b) => a.injectTime - b.injectTime);
  return faults.map((fault, i) => ({ day, index: i + 1, ...fault }));
}

/** The three one-minute files (`HH_MM_<kind>.csv[.gz]`) starting at the injection minute: those present, and the paths of those missing. */
export function windowFiles(root: string, fault: NezhaFault, kind: 'trace' | 'log'): { files: string[]; missing: string[] } {
  const files: string[] = [];
  const missing: string[] = [];
  for (let minute = 0; minute < 3; minute++) {
    const t = new Date(Math.floor(fault.injectTime / 60_000) * 60_000 + minute * 60_000);
    const stem = `${pad(t.getUTCHours())}_${pad(t.getUTCMinutes())}_${kind}.csv`;
    const file = [`${stem}.gz`, stem].map((name) => join(rcaDir(root, fault.day), kind, name)).find((f) => existsSync(f));
    if (file === undefined) missing.push(join(rcaDir(root, fault.day), kind, `${stem}.gz`));
    else files.push(file);
  }
  return { files, missing };
}

/** Folders under rca_data/ that have no fault list (they cannot be converted; the converter says so). */
export function daysWithoutFaultList(root: string): string[] {
  const base = join(root, 'rca_data');
  if (!existsSync(base)) return [];
  return readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory() && faultListFile(root, d.name) === null)
    .map((d) => d.name)
    .sort();
}

/** All CSV files of one kind in a folder, sorted by name (used for the baseline). */
export function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /\.csv(\.gz)?$/.test(name))
    .sort()
    .map((name) => join(dir, name));
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
