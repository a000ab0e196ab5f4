import type { ImportWarning } from '../../snapshot/errors.js';
import type { UnresolvedCallee } from './attribution.js';

/** Characters of a status message quoted in a warning; the store keeps the whole text. */
const EXAMPLE_CHARS = 160;

/**
 * The import's warnings for callee names a caller's error status messages give that no
 * topology entity has: those errors stay unattributed, which the user should know (a renamed
 * service, a name the capture spells differently, a dependency outside the topology). Named by
 * the spans file; the quoted message is snapshot text, escaped by whoever shows it.
 */
export function unresolvedCalleeWarnings(unresolved: readonly UnresolvedCallee[], spans: string): ImportWarning[] {
  const seen = new Set<string>();
  const warnings: ImportWarning[] = [];
  for (const u of unresolved) {
    const key = `${u.caller}\u0000${u.name.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const example = u.example.length > EXAMPLE_CHARS ? `${u.example.slice(0, EXAMPLE_CHARS)}…` : u.example;
    warnings.push({
      file: spans,
      line: null,
      message: `error statuses of ${u.caller} name "${u.name}" (${u.count} in the window, e.g. ${JSON.stringify(example)}), which no topology entity is called: those errors are attributed to no callee`,
    });
  }
  return warnings;
}
