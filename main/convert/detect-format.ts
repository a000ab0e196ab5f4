import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isCaptureFolder } from './capture/detect.js';
import { listDays } from './nezha/layout.js';

/** `capture`: a folder of OTLP JSON, Prometheus API dumps and kubectl lists (`eog convert capture`). */
export type InputFormat = 'native' | 'nezha' | 'itbench-lite' | 'capture';

const ITBENCH_MARKERS = ['k8s_objects_raw.tsv', 'k8s_events_raw.tsv', 'otel_logs_raw.tsv', 'otel_traces_raw.tsv', 'alerts'];

/** Recognises a folder by the files it holds; null when it is none of the supported formats. */
export function detectFormat(dir: string): InputFormat | null {
  if (!existsSync(dir)) return null;
  if (existsSync(join(dir, 'snapshot.json')) && existsSync(join(dir, 'topology.json'))) return 'native';
  if (listDays(dir).length > 0) return 'nezha';
  const names = new Set(readdirSync(dir));
  if (ITBENCH_MARKERS.filter((m) => names.has(m)).length >= 2) return 'itbench-lite';
  if (statSync(dir).isDirectory() && isCaptureFolder(dir)) return 'capture';
  return null;
}
