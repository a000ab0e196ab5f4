import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { UnrecognisedInputError } from '../errors.js';
import type { CaptureInputs } from './convert.js';

export type CaptureFormat = keyof CaptureInputs;

/** How much of a file is looked at to tell its format (a gzip file is read whole). */
const SNIFF_BYTES = 64 * 1024;

/**
 * Which capture format a file is, from its first bytes: an OTLP export line starts with
 * `resourceSpans`/`resourceLogs`/`resourceMetrics`; a Prometheus API response has `status`
 * and `data` with `resultType` or `alerts` (Alertmanager's alerts: an array with `startsAt`
 * and `labels`); a kubectl output has `apiVersion` and `kind`.
 */
export function detectCaptureFormat(file: string): CaptureFormat {
  const format = sniffCaptureFormat(file);
  if (format !== null) return format;
  throw new UnrecognisedInputError(
    `${file} is none of the capture formats (OTLP JSON lines, a Prometheus API response, kubectl get -o json); name its format with otlp, prometheus or kubectl`,
  );
}

/** The same test, answering null for a file that is none of the formats. */
export function sniffCaptureFormat(file: string): CaptureFormat | null {
  const head = readHead(file);
  const firstLine = head.slice(0, head.indexOf('\n') === -1 ? head.length : head.indexOf('\n'));
  if (/^\s*\{\s*"resource(Spans|Logs|Metrics)"/.test(firstLine)) return 'otlp';
  if (/"status"\s*:/.test(head) && /"(resultType|alerts)"\s*:/.test(head)) return 'prometheus';
  if (/^\s*\[/.test(head) && /"startsAt"\s*:/.test(head) && /"labels"\s*:/.test(head)) return 'prometheus';
  if (/"apiVersion"\s*:/.test(head) && /"kind"\s*:/.test(head)) return 'kubectl';
  return null;
}

/** Files looked at, at most, to tell whether a folder is a capture (the conversion reads them all). */
const FOLDER_SNIFF_FILES = 200;

/**
 * Whether a folder holds a capture (`eog convert capture` takes it whole): one of its JSON
 * files, or of its subfolders' in name order, is OTLP, a Prometheus response or kubectl
 * output. Snapshot bundles below it (folders with snapshot.json) and hidden folders are not
 * looked into: a folder of bundles is not a capture.
 */
export function isCaptureFolder(dir: string): boolean {
  let looked = 0;
  const visit = (folder: string): boolean => {
    if (existsSync(join(folder, 'snapshot.json'))) return false;
    const entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (entry.name.startsWith('.') || looked >= FOLDER_SNIFF_FILES) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (visit(path)) return true;
      } else if (entry.isFile() && CAPTURE_FILE.test(entry.name)) {
        looked++;
        if (sniffCaptureFormat(path) !== null) return true;
      }
    }
    return false;
  };
  return visit(dir);
}

const CAPTURE_FILE = /\.(json|jsonl|ndjson)(\.gz)?$/;

function readHead(file: string): string {
  if (file.endsWith('.gz')) {
    try {
      return gunzipSync(readFileSync(file)).subarray(0, SNIFF_BYTES).toString('utf8');
    } catch {
      return '';
    }
  }
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const n = readSync(fd, buffer, 0, SNIFF_BYTES, 0);
    return buffer
      .subarray(0, n)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
  } finally {
    closeSync(fd);
  }
}

/** Sorts files of mixed formats into the inputs of one capture, keeping their order. */
export function sortCaptureFiles(files: readonly string[]): Required<CaptureInputs> {
  const inputs = { otlp: [] as string[], prometheus: [] as string[], kubectl: [] as string[] };
  for (const file of files) inputs[detectCaptureFormat(file)].push(file);
  return inputs;
}
