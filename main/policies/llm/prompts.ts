import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findPackageRoot } from '../../platform/index.js';
import { PromptTemplateError } from './errors.js';

export const promptNames = ['bootstrap', 'explore', 'explore-chunk', 'finalize', 'code-step'] as const;
export type PromptName = (typeof promptNames)[number];

/** The version of each template in use; a new wording is a new file, never an edit in place. */
const versions: Record<PromptName, number> = { bootstrap: 2, explore: 2, 'explore-chunk': 1, finalize: 1, 'code-step': 2 };

export interface PromptTemplate {
  id: PromptName;
  version: number;
  /** sha256 of the file: part of the response cache key, so an edited prompt is never served stale answers. */
  hash: string;
  system: string;
  user: string;
}

export interface RenderedPrompt {
  system: string;
  user: string;
}

export function defaultPromptsDir(): string {
  return path.join(findPackageRoot(import.meta.url), 'resources', 'prompts');
}

/**
 * Versions used only on request: explore v3 asks for hypotheses too (the hypothesis layer is on,
 * docs/hypotheses.md); with the layer off, explore v2 is sent unchanged.
 */
export const EXPLORE_HYPOTHESES_VERSION = 3;
/** Explore v4 (v2) and v5 (v3) also ask for operations on the causal graph: the causal-graph layer is on (docs/causal-graph.md §6). */
export const EXPLORE_CAUSAL_VERSION = 4;
export const EXPLORE_HYPOTHESES_CAUSAL_VERSION = 5;

/** Reads `<name>.v<version>.md`: a front-matter header (id, version), then system and user parts. */
export function loadPrompt(name: PromptName, dir: string = defaultPromptsDir(), version: number = versions[name]): PromptTemplate {
  const file = path.join(dir, `${name}.v${version}.md`);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new PromptTemplateError(file, 'cannot be read');
  }
  const header = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!header) throw new PromptTemplateError(file, 'has no front-matter header');
  const fields = new Map(
    (header[1] ?? '').split('\n').map((line) => [line.split(':')[0]?.trim() ?? '', line.slice(line.indexOf(':') + 1).trim()] as const),
  );
  if (fields.get('id') !== name) throw new PromptTemplateError(file, `declares id "${fields.get('id') ?? ''}" instead of "${name}"`);
  if (fields.get('version') !== String(version))
    throw new PromptTemplateError(file, `declares version ${fields.get('version') ?? 'none'}, expected ${version}`);
  const body = text.slice(header[0].length);
  const parts = /^<!-- system -->\n([\s\S]*?)<!-- user -->\n([\s\S]*)$/.exec(body);
  if (!parts) throw new PromptTemplateError(file, 'needs a "<!-- system -->" part followed by a "<!-- user -->" part');
  return {
    id: name,
    version,
    hash: createHash('sha256').update(text).digest('hex'),
    system: (parts[1] ?? '').trim(),
    user: (parts[2] ?? '').trim(),
  };
}

/**
 * Fills `{{name}}` placeholders in one pass, so a value that itself contains `{{...}}` (a hostile
 * log line) is never expanded. A placeholder without a value is a bug in the caller.
 */
export function renderPrompt(template: PromptTemplate, vars: Readonly<Record<string, string>>): RenderedPrompt {
  const fill = (part: string): string =>
    part.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => {
      const value = vars[key];
      if (value === undefined)
        throw new PromptTemplateError(`${template.id}.v${template.version}.md`, `placeholder {{${key}}} has no value`);
      return value;
    });
  return { system: fill(template.system), user: fill(template.user).trim() };
}

/**
 * JSON for embedding between `<tag>` markers: captured text is quoted data. `<` and `>` are
 * escaped so it can never close the block it sits in or open another; control, bidirectional
 * and invisible format characters are escaped so what the model reads is what an analyst sees.
 * Every escape is valid JSON and parses back to the same value.
 */
export function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
