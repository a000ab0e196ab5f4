import type { GroupFilter } from './types.js';

const REGEX_META = '.^$|()[]{}*+?\\';

/** What analysing one filter found, so the parser can turn it into warnings. */
export interface FilterAnalysis {
  filter: GroupFilter;
  isInvalidRegex: boolean;
  isGlobLike: boolean;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function anchor(source: string): string {
  return `^(?:${source})$`;
}

function compiles(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/**
 * Indexes of `*` that cannot be a regex quantifier: at the start, or after a plain character or
 * `-`, as in `frontend-*`, `*-service`, `reviews-v*`. `.*`, `)*`, `]*` and `\w*` stay regex.
 */
export function globStarPositions(source: string): number[] {
  const positions: number[] = [];
  let previous: 'none' | 'literal' | 'quantifiable' = 'none';
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (c === '\\') {
      previous = 'quantifiable';
      i += 1;
    } else if (c === '*') {
      if (previous !== 'quantifiable') positions.push(i);
      previous = 'none';
    } else if (c === '.' || c === ')' || c === ']' || c === '}') {
      previous = 'quantifiable';
    } else if (c === '(' || c === '|' || c === '^') {
      previous = 'none';
    } else {
      previous = 'literal';
    }
  }
  return positions;
}

function globReading(source: string, stars: number[]): string {
  const starSet = new Set(stars);
  const fixed = [...source].map((c, i) => (starSet.has(i) ? '.*' : c)).join('');
  if (compiles(fixed)) return anchor(fixed);
  // Not even a regex once the stars are fixed: read the whole thing as a shell glob.
  return anchor([...source].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : escapeRegex(c))).join(''));
}

/**
 * Counts literal characters; a character made optional by a following `*`, `?` or `{` is not
 * literal. Approximate on purpose: it only ranks competing groups, it never decides a match.
 */
function literalStats(source: string): Pick<GroupFilter, 'isLiteral' | 'literalPrefix' | 'literalCount'> {
  let literalPrefix = 0;
  let literalCount = 0;
  let isLiteral = true;
  let inPrefix = true;
  let i = 0;
  while (i < source.length) {
    const c = source[i] ?? '';
    let width = 1;
    let isLiteralChar = false;
    if (c === '\\') {
      width = 2;
      isLiteralChar = i + 1 < source.length && !/[A-Za-z0-9]/.test(source[i + 1] ?? '');
    } else if (c === '[') {
      const end = source.indexOf(']', i + 2);
      width = end < 0 ? source.length - i : end - i + 1;
    } else {
      isLiteralChar = !REGEX_META.includes(c);
    }
    const next = source[i + width];
    const isOptional = next === '*' || next === '?' || next === '{';
    if (isLiteralChar && !isOptional) {
      literalCount += 1;
      if (inPrefix) literalPrefix += 1;
    } else {
      isLiteral = false;
      inPrefix = false;
    }
    i += width;
  }
  return { isLiteral, literalPrefix, literalCount };
}

/** Reads one ground-truth filter; never throws, whatever the file contains. */
export function analyseFilter(source: string): FilterAnalysis {
  const stars = globStarPositions(source);
  const isGlobLike = stars.length > 0;
  const isInvalidRegex = !compiles(source);
  const stats = literalStats(isInvalidRegex ? source.replace(/\*/g, '') : source);
  return {
    isInvalidRegex,
    isGlobLike,
    filter: {
      source,
      // An invalid regex still names something: fall back to the text itself.
      anchored: isInvalidRegex ? anchor(escapeRegex(source)) : anchor(source),
      isInvalidRegex,
      globAnchored: isGlobLike ? globReading(source, stars) : null,
      isLiteral: stats.isLiteral && !isInvalidRegex && !isGlobLike,
      literalPrefix: stats.literalPrefix,
      literalCount: stats.literalCount,
    },
  };
}

const compiled = new Map<string, RegExp>();
const COMPILED_CACHE_LIMIT = 2000;

/** Compiles an anchored source produced by analyseFilter; the sources are known to be valid. */
export function compileAnchored(source: string): RegExp {
  let re = compiled.get(source);
  if (!re) {
    if (compiled.size >= COMPILED_CACHE_LIMIT) compiled.clear();
    re = new RegExp(source);
    compiled.set(source, re);
  }
  return re;
}

export type FilterMatchTier = 'regex' | 'glob';

/** How a name matches a filter: as the regex it is, only as a glob, or not at all. */
export function matchFilter(filter: GroupFilter, name: string): FilterMatchTier | null {
  if (compileAnchored(filter.anchored).test(name)) return 'regex';
  if (filter.globAnchored && compileAnchored(filter.globAnchored).test(name)) return 'glob';
  return null;
}

/** Unanchored search, the way a careless reader of the file would apply it (for warnings only). */
export function searchesFilter(filter: GroupFilter, name: string): boolean {
  if (!compiles(filter.source)) return false;
  return new RegExp(filter.source).test(name);
}
