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

/** Share of `target`'s text that `parts` cover, in order (0 when one is missing). */
function coverage(parts: string[], target: string): number {
  const body = target.replace(placeholder, '').replace(/\s+/g, ' ').trim();
  if (parts.length === 0 || body.length === 0) return 0;
  let at = 0;
  let matched = 0;
  for (const part of parts) {
    const found = target.indexOf(part, at);
    if (found === -1) return 0;
    at = found + part.length;
    matched += part.replace(/\s+/g, ' ').length;
  }
  return Math.min(1, matched / body.length);
}

/**
 * How strongly a literal (or the literals of one statement joined) is the source of `text`:
 * 1 for the same text, less for a format string whose fixed parts the text carries, or a
 * text (a log template) whose fixed parts the literal carries. 0 below half coverage.
 */
export function messageStrength(literal: string, text: string): number {
  if (literal === text) return 1;
  if (literal.toLowerCase() === text.toLowerCase()) return 0.95;
  if (literal.length < 3) return 0;
  const forward = coverage(fragments(literal), text);
  const backward = coverage(fragments(text), literal);
  const best = Math.max(forward, backward);
  return best >= 0.5 ? 0.9 * best : 0;
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
