import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { BundleFormatError, LineTooLongError } from './errors.js';
import { MAX_LINE_BYTES, type LineFile } from './lines.js';

/**
 * Reads a small record file at once (the app reads alerts.jsonl when a bundle is opened) with
 * the conventions of `streamLines`: lines numbered like an editor's (blank ones counted, not
 * passed on), CRLF and a leading BOM stripped, UTF-8 checked, the same line cap.
 */
export function readLinesSync(file: LineFile, onLine: (text: string, line: number) => void, maxLineBytes = MAX_LINE_BYTES): void {
  let bytes = readFileSync(file.path);
  if (file.gzip) {
    try {
      bytes = gunzipSync(bytes);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      throw new BundleFormatError(file.rel, 1, null, `gzip data is truncated or corrupt (${detail}); re-create the file`);
    }
  }
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let line = 1; start < bytes.length; line++) {
    const nl = bytes.indexOf(10, start);
    const end = nl < 0 ? bytes.length : nl;
    if (end - start > maxLineBytes) throw new LineTooLongError(file.rel, line, maxLineBytes);
    const text = bytes.subarray(start, end > start && bytes[end - 1] === 13 ? end - 1 : end);
    if (!isUtf8(text)) throw new BundleFormatError(file.rel, line, null, 'line is not valid UTF-8; re-encode the file as UTF-8');
    if (text.length > 0) onLine(text.toString('utf8'), line);
    start = end + 1;
  }
}
