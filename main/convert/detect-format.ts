import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { listDays } from './nezha/layout.js';

export type InputFormat = 'native' | 'nezha' | 'itbench-lite';

const ITBENCH_MARKERS = ['k8s_objects_raw.tsv', 'k8s_events_raw.tsv', 'otel_logs_raw.tsv', 'otel_traces_raw.tsv', 'alerts'];

/** Recognises a folder by the files it holds; null when it is none of the supported formats. */
export function detectFormat(dir: string): InputFormat | null {
  if (!existsSync(dir)) return null;
  if (existsSync(join(dir, 'snapshot.json')) && existsSync(join(dir, 'topology.json'))) return 'native';
  if (listDays(dir).length > 0) return 'nezha';
  const names = new Set(readdirSync(dir));
  if (ITBENCH_MARKERS.filter((m) => names.has(m)).length >= 2) return 'itbench-lite';
  return null;
}
