/**
 * Text from a snapshot, made safe to show to a person: every export (core/report) and the UI
 * (renderer/) show it through `showControls`, so what a hostile log hides or reorders is seen.
 */

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// C0 controls except tab/newline/carriage return, and DEL: matching them is the point.
// eslint-disable-next-line no-control-regex
const controlChars = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/**
 * Format characters (Unicode category Cf: bidi embeddings, overrides, isolates and marks, the
 * Arabic letter mark, zero-width spaces and joiners, the BOM, tag characters), which reorder or
 * hide text without showing, and C1 controls (a terminal acts on U+009B as on ESC [).
 */
const formatChars = /[\p{Cf}\u0080-\u009F]/gu;

/** A code point as `<U+202E>`: visible, and the same in every viewer. */
export function codePointLabel(c: string): string {
  return `<U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}>`;
}

/**
 * Makes invisible characters visible: C0 controls and DEL as Unicode Control Pictures (U+2400
 * block), format characters and C1 controls as `<U+XXXX>`, lone surrogates as U+FFFD; so an
 * analyst sees that an escape sequence or a bidi override was there instead of a terminal or
 * viewer acting on it. Tab, newline and carriage return stay.
 */
export function showControls(text: string): string {
  return text
    .replace(loneSurrogate, '\uFFFD')
    .replace(controlChars, (c) => (c === '\u007F' ? '\u2421' : String.fromCharCode(0x2400 + c.charCodeAt(0))))
    .replace(formatChars, codePointLabel);
}

/** Format characters and C1 controls as `<U+XXXX>` only, for formats that strip C0 controls themselves (XML). */
export function showFormatChars(text: string): string {
  return text.replace(formatChars, codePointLabel);
}
