import { jsonrepair } from 'jsonrepair';

/** Replies longer than this are not scanned: a bounded reply never comes close. */
const MAX_SCAN_CHARS = 200_000;
/** Candidate objects kept and opening braces tried, so hostile text cannot make extraction quadratic. */
const MAX_CANDIDATES = 50;
const MAX_STARTS = 200;

/**
 * Reasoning a model writes before its answer (`<think>…</think>` of DeepSeek-R1 and Qwen3,
 * `<thinking>`, `<reasoning>`, gpt-oss's analysis channel): drafts, not answers.
 */
const reasoningBlocks = [
  /<(think|thinking|reasoning|reflection|scratchpad)>[\s\S]*?<\/\1>/gi,
  /<\|channel\|>analysis<\|message\|>[\s\S]*?(<\|end\|>|<\|start\|>|$)/g,
];
/** A closing tag without its opening one: servers that put the opening tag in the template. */
const danglingClose = /^[\s\S]*<\/(think|thinking|reasoning)>/i;

/** The reply without its reasoning blocks; an unclosed one swallows the rest (the answer never came). */
export function stripReasoning(text: string): string {
  let out = text;
  for (const block of reasoningBlocks) out = out.replace(block, ' ');
  out = out.replace(danglingClose, ' ');
  return out.replace(/<(think|thinking|reasoning)>[\s\S]*$/i, ' ');
}

/**
 * Every top-level JSON object in a reply, in order: the whole reply when it is one, else
 * the balanced objects inside code fences or prose, reasoning blocks removed first. An object
 * that is not strict JSON (comments, trailing commas, single quotes) is repaired by jsonrepair.
 * The caller takes the LAST one that validates: a model that drafts, then corrects itself,
 * means its final answer.
 */
export function extractJsonCandidates(text: string): Array<Record<string, unknown>> {
  const source = stripReasoning(text.length > MAX_SCAN_CHARS ? text.slice(0, MAX_SCAN_CHARS) : text).trim();
  const whole = parseObject(source);
  if (whole !== null) return [whole];
  const found: Array<Record<string, unknown>> = [];
  let start = source.indexOf('{');
  for (let tries = 0; start !== -1 && found.length < MAX_CANDIDATES && tries < MAX_STARTS; tries++) {
    const end = balancedEnd(source, start);
    // An unclosed brace in prose ("use {x to ...") must not hide an object after it.
    const parsed = end === -1 ? null : parseObject(source.slice(start, end + 1));
    if (parsed !== null) found.push(parsed);
    start = source.indexOf('{', parsed !== null && end !== -1 ? end + 1 : start + 1);
  }
  return found;
}

/** The last object of the reply (see extractJsonCandidates), or null when there is none. */
export function extractJsonObject(text: string): Record<string, unknown> | null {
  return extractJsonCandidates(text).at(-1) ?? null;
}

/** Index of the brace closing the object that opens at `start`, or -1 when it never closes. */
function balancedEnd(text: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  let isEscaped = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (quote !== null) {
      if (isEscaped) isEscaped = false;
      else if (ch === '\\') isEscaped = true;
      else if (ch === quote) quote = null;
    } else if (ch === '"') quote = ch;
    else if (ch === '/' && text[i + 1] === '/') {
      // A line comment may hold braces; skip to its end.
      const eol = text.indexOf('\n', i);
      if (eol === -1) return -1;
      i = eol;
    } else if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      if (close === -1) return -1;
      i = close + 1;
    } else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  return -1;
}

function parseObject(text: string): Record<string, unknown> | null {
  if (!text.startsWith('{') || !text.endsWith('}')) return null;
  for (const candidate of [text, repaired(text)]) {
    if (candidate === null) continue;
    try {
      const value: unknown = JSON.parse(candidate);
      if (isPlainObject(value)) return value;
    } catch {
      // try the repaired text next
    }
  }
  return null;
}

function repaired(text: string): string | null {
  try {
    return jsonrepair(text);
  } catch {
    return null;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
