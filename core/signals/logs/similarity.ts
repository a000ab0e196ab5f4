import { WILDCARD } from './mask.js';

const MASK_TAG = /<(?:NUM|HEX|UUID|IP|TS|STR|TRUNC|\*)>/g;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/**
 * A token that carries no information about which statement printed the line: a mask
 * (`<NUM>`, `"<STR>"`, `(<IP>),`) or punctuation. Headers such as `<TS> INFO` make every
 * line share a few positions; counting masks as agreement would merge unrelated
 * statements, so routing and similarity only look at informative tokens.
 */
export function isVariableToken(token: string): boolean {
  // Fast path for the common token: without '<' there is no mask to strip, and an ASCII
  // letter or digit settles it without the Unicode expression.
  if (!token.includes('<')) return !(hasAsciiWordChar(token) || WORD_CHAR.test(token));
  return !WORD_CHAR.test(token.replace(MASK_TAG, ''));
}

function hasAsciiWordChar(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return true;
  }
  return false;
}

/**
 * Share of the line's informative positions where the template has the same token
 * (wildcards do not count, as in Drain), or null once the threshold is out of reach: a
 * leaf flooded with unlike lines then costs a few comparisons per template.
 */
export function similarityOf(
  template: readonly string[],
  tokens: readonly string[],
  informative: readonly boolean[],
  threshold: number,
): { similarity: number; params: number } | null {
  const total = informative.reduce((n, isInformative) => (isInformative ? n + 1 : n), 0);
  if (total === 0) return sameVariables(template, tokens) ? { similarity: 1, params: 0 } : null;
  let same = 0;
  let differing = 0;
  let params = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = template[i];
    if (t === WILDCARD) params += 1;
    if (!informative[i]) continue;
    if (t === tokens[i]) same += 1;
    else differing += 1;
    if ((total - differing) / total < threshold) return null;
  }
  return { similarity: same / total, params };
}

/** Lines made only of masks join a template only if every position agrees or is a wildcard. */
function sameVariables(template: readonly string[], tokens: readonly string[]): boolean {
  return tokens.every((t, i) => template[i] === t || template[i] === WILDCARD);
}

const WORD = /^\p{L}{2,}$/u;
const MASK = /<(?:NUM|HEX|UUID|IP|TS|STR|TRUNC|\*)>/;
const LEADING_PUNCTUATION = /^[([{"'<]+/;
const TRAILING_PUNCTUATION = /[)\]}"',;.:!?>]+$/;

/**
 * A word: letters only, at least two, once brackets and punctuation around it are stripped
 * (`started`, `[GetQuote]`, `successfully.`). Developers write words; programs print values.
 * Two lines of one shape that differ in a word were printed by two statements (`request
 * started` / `request complete`, `GetCartAsync called` / `EmptyCartAsync called`), so a word
 * is not made a parameter as readily as a number, an id or a path is (drain.ts, WORD_VARIANTS).
 */
export function isWordToken(token: string): boolean {
  if (token.includes('<') && MASK.test(token)) return false;
  return WORD.test(token.replace(LEADING_PUNCTUATION, '').replace(TRAILING_PUNCTUATION, ''));
}

/**
 * True when the line disagrees with the template in a word: at a constant position one of
 * the two tokens is a word, or the template holds a wildcard of values where the line has a
 * word. `wordSlots[i]`: the template's token is a word, or a wildcard that takes words.
 */
export function wordConflict(
  template: readonly string[],
  wordSlots: readonly boolean[],
  tokens: readonly string[],
  words: readonly boolean[],
): boolean {
  for (let i = 0; i < tokens.length; i++) {
    const t = template[i];
    if (t === tokens[i]) continue;
    if (t === WILDCARD ? words[i] && !wordSlots[i] : words[i] || wordSlots[i]) return true;
  }
  return false;
}

/** Positions where the line differs from the template become wildcards. */
export function generalise(template: string[], tokens: readonly string[]): void {
  for (let i = 0; i < template.length; i++) {
    if (template[i] !== tokens[i]) template[i] = WILDCARD;
  }
}
