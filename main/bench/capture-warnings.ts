import path from 'node:path';
import { formatWarning } from '../convert/index.js';
import { openBundle } from '../snapshot/index.js';
import { printable } from './format.js';

/**
 * The gaps each case's capture had (snapshot.json `warnings`, written by the converters), one
 * line per distinct gap with the cases it concerns, control characters shown escaped. A case
 * whose bundle cannot be opened is skipped here: its run reports why.
 */
export function captureWarnings(bundles: readonly string[]): string[] {
  const cases = new Map<string, string[]>();
  for (const bundle of bundles) {
    let warnings;
    try {
      warnings = openBundle(bundle).manifest.value.warnings ?? [];
    } catch {
      continue;
    }
    for (const w of warnings) {
      const text = formatWarning(w);
      const list = cases.get(text) ?? [];
      list.push(path.basename(bundle));
      cases.set(text, list);
    }
  }
  return [...cases].map(([text, names]) => printable(`${text} (${names.length === 1 ? 'case' : 'cases'} ${names.join(', ')})`));
}
