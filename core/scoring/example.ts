import { globStarPositions } from './filters.js';
import { matchGroupName } from './specificity.js';
import type { GroundTruthGroup } from './types.js';

/**
 * Builds a name from a simple filter: literals are kept, `.*`/`.+` and glob stars become the
 * filler, `\b`, `^`, `$` vanish. Returns null for constructs it does not try to invert
 * (groups, alternation, counted repetition).
 */
function nameFromFilter(source: string, filler: string): string | null {
  const globStars = new Set(globStarPositions(source));
  let out = '';
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i] ?? '';
    const next = source[i + 1];
    if (c === '\\') {
      const escaped = next ?? '';
      i += 1;
      if (escaped === 'd') out += '1';
      else if (escaped === 'w') out += 'a';
      else if (!/[A-Za-z0-9]/.test(escaped)) out += escaped;
      else if (escaped !== 'b' && escaped !== 'B') return null;
    } else if (c === '*') {
      if (globStars.has(i)) out += filler;
    } else if (c === '.') {
      if (next === '*' || next === '+') {
        out += filler;
        i += 1;
      } else {
        out += 'a';
      }
    } else if (c === '[') {
      const end = source.indexOf(']', i + 2);
      const first = source[i + 1];
      if (end < 0 || first === undefined || first === '^' || first === '\\') return null;
      out += first;
      i = end;
    } else if (c === '^' || c === '$' || c === '?' || c === '+') {
      continue;
    } else if ('()|{}'.includes(c)) {
      return null;
    } else {
      out += c;
    }
  }
  return out;
}

/**
 * A plausible object name that the group matches (its `name`, or one synthesised from a simple
 * filter), checked against the group's own matcher; null when none can be made. Used to detect
 * overlapping groups and to build test predictions.
 */
export function exampleNameForGroup(group: GroundTruthGroup, filler = 'x1'): string | null {
  if (group.name !== null) return group.name;
  for (const filter of group.filters) {
    const candidate = nameFromFilter(filter.source, filler);
    if (candidate && !candidate.includes('/') && matchGroupName(group, candidate) !== null) return candidate;
  }
  return null;
}
