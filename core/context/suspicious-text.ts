/**
 * The forms of a captured text that the injection patterns are matched against
 * (`suspicious.ts`). Evasions change how a text looks, not what a model reads: fullwidth and
 * mathematical letters, Cyrillic or Greek letters that look Latin, accents, invisible characters
 * between letters, letters spaced or dotted out. Each form undoes some of them.
 */

/**
 * Bidirectional overrides, zero-width and other invisible characters hide what a line says
 * (ANSI colour escapes are common in honest logs and are neutralised by the JSON encoding
 * instead). A byte-order mark is honest at the start of a text only; Unicode tag characters
 * (U+E0000–E007F) carry whole hidden ASCII sentences.
 */
export const INVISIBLE = /[\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u{e0000}-\u{e007f}]|(?<!^)\ufeff/u;

/** Characters dropped before matching, so that one hidden between two letters does not split a word. */
const IGNORABLE = /\u034f|[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/gu;

/**
 * Letters of other scripts that look like Latin ones (NFKC folds fullwidth and mathematical
 * letters, not these): Cyrillic, Greek, Armenian and Latin small capitals, after Unicode's
 * confusables.txt, keeping only one-to-one look-alikes of a letter (no `m` → `rn`, no digits).
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  к: 'k',
  ү: 'y',
  ɡ: 'g',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  У: 'Y',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  Ү: 'Y',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ӏ: 'I',
  // Greek
  α: 'a',
  ο: 'o',
  ρ: 'p',
  ν: 'v',
  ι: 'i',
  κ: 'k',
  υ: 'u',
  χ: 'x',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  // Armenian
  օ: 'o',
  ս: 'u',
  հ: 'h',
  ո: 'n',
  ց: 'g',
  զ: 'q',
  // Latin small capitals and look-alike letters
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
  ı: 'i',
  ɑ: 'a',
  ℓ: 'l',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LOOKALIKES).join('')}]`, 'gu');

// eslint-disable-next-line no-control-regex -- the ASCII range starts at NUL
const NON_ASCII = /[^\x00-\x7f]/;
const MARKS = /\p{M}/gu;

export interface MatchForms {
  /** NFKC with invisible characters dropped: what the patterns of non-Latin scripts read. */
  native: string;
  /** `native` without accents and with look-alike letters folded to Latin: what the Latin-script patterns read. */
  latin: string;
  /** Whether the text has any non-ASCII character (the non-Latin patterns cannot match otherwise). */
  wide: boolean;
}

export function matchForms(sample: string): MatchForms {
  // Most log lines are ASCII: nothing to normalise.
  if (!NON_ASCII.test(sample)) return { native: sample, latin: sample, wide: false };
  const native = sample.replace(IGNORABLE, '').normalize('NFKC');
  const latin = native
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(LOOKALIKE, (ch) => LOOKALIKES[ch] ?? ch);
  return { native, latin, wide: true };
}

/**
 * A run of at least three single letters, each separated from the next by one space, dot,
 * underscore or hyphen: "i g n o r e", "I.G.N.O.R.E", "忽 略".
 */
const SPACED = /(?<![\p{L}\p{N}])\p{L}(?:[ ._-]\p{L}){2,}(?![\p{L}\p{N}])/gu;
/** SPACED for ASCII text, outside the slower Unicode mode. */
const SPACED_ASCII = /(?:^|[^a-z0-9])[a-z](?:[ ._-][a-z]){2,}(?![a-z0-9])/i;
const SEPARATOR = /[ ._-]/g;

export interface Collapsed {
  /** The text with each spaced-out run joined ("i g n o r e  a l l" → "ignore all"). */
  text: string;
  /** The joined runs alone: a whole sentence spaced out with single spaces becomes one run. */
  runs: string[];
}

/** The text with letter-spaced runs joined, or null when it has none (the common case). */
export function collapseSpacedLetters(text: string, wide: boolean): Collapsed | null {
  if (!wide && !SPACED_ASCII.test(text)) return null;
  const runs: string[] = [];
  const joined = text.replace(SPACED, (run) => {
    const letters = run.replace(SEPARATOR, '');
    runs.push(letters);
    return letters;
  });
  return runs.length === 0 ? null : { text: joined, runs };
}
