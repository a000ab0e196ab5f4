/**
 * Escaping for everything that came from a snapshot. Logs are hostile input: a report must
 * show `<script>` as text in every viewer, never run it, and never break the document.
 */

import { showControls, showFormatChars } from '../text/index.js';

export { showControls };

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const htmlEntities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or attribute content for HTML: the five significant characters become entities. */
export function escapeHtml(text: string): string {
  return showControls(text).replace(/[&<>"']/g, (c) => htmlEntities[c] ?? c);
}

// Characters XML 1.0 forbids anywhere (even as references), plus the DEL and C1 controls it
// discourages: none of them is meaningful text in a graph label.
// eslint-disable-next-line no-control-regex
const xmlStripped = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

/** Text or attribute content for XML 1.0: illegal and control characters stripped, format characters shown as `<U+XXXX>`, markup escaped. */
export function escapeXml(text: string): string {
  return (
    showFormatChars(text.replace(loneSurrogate, '').replace(xmlStripped, ''))
      .replace(/[&<>"']/g, (c) => (c === "'" ? '&apos;' : (htmlEntities[c] ?? c)))
      // Attribute-value normalisation would turn raw whitespace into spaces; keep it as data.
      .replace(/\t/g, '&#9;')
      .replace(/\n/g, '&#10;')
      .replace(/\r/g, '&#13;')
  );
}

/**
 * Inline Markdown text (paragraphs, list items, table cells). HTML-significant characters
 * become entities, so raw HTML never reaches a viewer that renders it; Markdown punctuation
 * that could open emphasis, code, links or tables is backslash-escaped; line breaks become
 * `<br>` so a value can never start a heading, list or block of its own.
 */
export function escapeMarkdown(text: string): string {
  return showControls(text)
    .replace(/[\\`*_[\]|~#]/g, (c) => `\\${c}`)
    .replace(/[&<>]/g, (c) => htmlEntities[c] ?? c)
    .replace(/\r\n|\r|\n/g, '<br>');
}

/** Shortens text for a human report; the JSON export always keeps the full value. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
