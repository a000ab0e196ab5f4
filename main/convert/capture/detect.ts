import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
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
  const head = readHead(file);
  const firstLine = head.slice(0, head.indexOf('\n') === -1 ? head.length : head.indexOf('\n'));
  if (/^\s*\{\s*"resource(Spans|Logs|Metrics)"/.test(firstLine)) return 'otlp';
  if (/"status"\s*:/.test(head) && /"(resultType|alerts)"\s*:/.test(head)) return 'prometheus';
  if (/^\s*\[/.test(head) && /"startsAt"\s*:/.test(head) && /"labels"\s*:/.test(head)) return 'prometheus';
  if (/"apiVersion"\s*:/.test(head) && /"kind"\s*:/.test(head)) return 'kubectl';
  throw new UnrecognisedInputError(
    `${file} is none of the capture formats (OTLP JSON lines, a Prometheus API response, kubectl get -o json); name its format with otlp, prometheus or kubectl`,
  );
}

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
