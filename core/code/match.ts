/**
 * How a piece of evidence text meets the code: string literals against messages and keys,
 * identifiers against keys, stack frames against file:line. Pure string rules, the same
 * for every language.
 */

/** Placeholders of format strings and log templates: `%v`, `%-5d`, `{}`, `{0}`, `{name}`, `<*>`, `#{…}`, `${…}`, `$name`. */
const placeholder = /%[-+ #0]*\d*(?:\.\d+)?[a-zA-Z]|\{[\w.]*\}|<\*>|#\{[^}]*\}|\$\{[^}]*\}|\$[A-Za-z_]\w*/g;

/** A key names a value (a flag, a config key, a metric): one token, no spaces. */
export function isKeyLike(text: string): boolean {
  return text.length > 0 && text.length <= 120 && /^[\w.\-:/@]+$/.test(text);
}

/** Identifier form for comparing names across conventions: `AD_FAILURE`, `adFailure`, `ad-failure` → `adfailure`. */
export function normalizeName(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function fragments(s: string): string[] {
  return s
    .split(placeholder)
    .map((f) => f.trim())
    .filter((f) => f.length >= 3);
}

/**
 * How well `parts` (the fixed text of a format string or template) explain `target`: null
 * unless every part occurs in it, in order; else the share of the target's text they cover.
 */
function explained(parts: string[], target: string): number | null {
  const body = target.replace(placeholder, '').replace(/\s+/g, ' ').trim();
  if (parts.length === 0 || body.length === 0) return null;
  let at = 0;
  let matched = 0;
  for (const part of parts) {
    const found = target.indexOf(part, at);
    if (found === -1) return null;
    at = found + part.length;
    matched += part.replace(/\s+/g, ' ').length;
  }
  // A short fixed part (`"failed"`) explains too little of a long message to count.
  return matched >= 8 || matched / body.length >= 0.5 ? Math.min(1, matched / body.length) : null;
}

/**
 * How strongly a literal (or the literals of one statement joined) is the source of `text`:
 * 1 for the same text; for a format string whose every fixed part the text carries in order
 * (or a log template whose fixed parts the literal carries), between 0.5 and 0.95 by how
 * much of the text those parts cover; else 0.
 */
export function messageStrength(literal: string, text: string): number {
  if (literal === text) return 1;
  if (literal.toLowerCase() === text.toLowerCase()) return 0.95;
  if (literal.length < 3) return 0;
  const forward = explained(fragments(literal), text);
  const backward = explained(fragments(text), literal);
  const best = Math.max(forward ?? -1, backward ?? -1);
  return best < 0 ? 0 : 0.95 * (0.5 + 0.5 * best);
}

/** Whether a literal mentions a key as a whole word (`"flag 'adFailure' is on"`). */
export function mentionsKey(literal: string, key: string): boolean {
  const at = literal.indexOf(key);
  if (at === -1) return false;
  const before = literal[at - 1];
  const after = literal[at + key.length];
  const word = /[\w]/;
  return (before === undefined || !word.test(before)) && (after === undefined || !word.test(after));
}

export interface Frame {
  path: string;
  line: number;
}

/** Stack frames in a text: `File.java:12`, `main.go:570`, `at f (x.js:3:9)`, `File "x.py", line 12`, `x.rb:5:in`. */
export function parseFrames(text: string): Frame[] {
  const frames: Frame[] = [];
  for (const m of text.matchAll(/([\w./\\-]*\w\.[A-Za-z]{1,5}):(\d+)/g))
    frames.push({ path: (m[1] as string).replace(/\\/g, '/'), line: Number(m[2]) });
  for (const m of text.matchAll(/File "([^"]+)", line (\d+)/g))
    frames.push({ path: (m[1] as string).replace(/\\/g, '/'), line: Number(m[2]) });
  return frames;
}

/** Whether a source file (root-relative) is the one a frame names: same path suffix on a `/` boundary. */
export function frameMatchesFile(frame: Frame, file: string): boolean {
  const path = frame.path.replace(/^\.?\//, '');
  if (file === path || file.endsWith(`/${path}`)) return true;
  const tail = path.slice(path.lastIndexOf('/') + 1);
  return path.includes('/') ? path.endsWith(`/${file}`) : file === tail || file.endsWith(`/${tail}`);
}
