/** Replies longer than this are not scanned: a bounded reply never comes close. */
const MAX_SCAN_CHARS = 200_000;
/** Candidate starts tried before giving up, so hostile text cannot make extraction quadratic. */
const MAX_STARTS = 50;

/**
 * The first balanced JSON object in free text: the whole reply when it is JSON, else an object
 * inside code fences or surrounded by prose. Brace depth is tracked outside strings only, so
 * braces inside string values do not end the object early. Null when there is none.
 */
export function extractJsonObject(text: string): Record<string, unknown> | null {
  const source = text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text;
  const whole = parseObject(source.trim());
  if (whole !== null) return whole;
  let start = source.indexOf('{');
  for (let tries = 0; start !== -1 && tries < MAX_STARTS; tries++) {
    const end = balancedEnd(source, start);
    // An unclosed brace in prose ("use {x to ...") must not hide an object after it.
    const parsed = end === -1 ? null : parseObject(source.slice(start, end + 1));
    if (parsed !== null) return parsed;
    start = source.indexOf('{', start + 1);
  }
  return null;
}

/** Index of the brace closing the object that opens at `start`, or -1 when it never closes. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let isInString = false;
  let isEscaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (isInString) {
      if (isEscaped) isEscaped = false;
      else if (ch === '\\') isEscaped = true;
      else if (ch === '"') isInString = false;
    } else if (ch === '"') isInString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return -1;
}

function parseObject(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? value : null;
  } catch {
    return null;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
