import { LineCounter, parseDocument, isNode } from 'yaml';
import type { ZodIssue } from 'zod';
import { KnowledgeDocument } from './knowledge-schema.js';

export class KnowledgeError extends Error {
  override name = 'KnowledgeError';
  constructor(
    readonly file: string,
    readonly line: number | null,
    detail: string,
  ) {
    super(`${file}${line === null ? '' : `:${line}`}: ${detail}`);
  }
}

/**
 * Reads a knowledge file (YAML) and validates it. Every problem names the file and the line:
 * YAML syntax, a field the schema refuses, a relation naming an unknown type.
 */
export function parseKnowledge(text: string, file: string): KnowledgeDocument {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const [error] = doc.errors;
  if (error) throw new KnowledgeError(file, lineCounter.linePos(error.pos[0]).line, `not valid YAML (${firstLine(error.message)})`);
  let raw: unknown;
  try {
    raw = doc.toJS({ maxAliasCount: 100 });
  } catch (cause) {
    throw new KnowledgeError(file, null, `unusable YAML (${cause instanceof Error ? cause.message : String(cause)})`);
  }
  const lineOf = (path: readonly PropertyKey[]): number | null => {
    for (let n = path.length; n >= 0; n -= 1) {
      const node = doc.getIn(path.slice(0, n) as unknown[], true);
      if (isNode(node) && node.range) return lineCounter.linePos(node.range[0]).line;
    }
    return null;
  };
  const parsed = KnowledgeDocument.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0] as ZodIssue;
    throw new KnowledgeError(file, lineOf(issue.path), `${issue.path.join('.') || 'document'}: ${issue.message}`);
  }
  const known = new Set(parsed.data.types.map((t) => t.id));
  const seen = new Set<string>();
  parsed.data.types.forEach((t, i) => {
    if (seen.has(t.id)) throw new KnowledgeError(file, lineOf(['types', i, 'id']), `type "${t.id}" is defined twice`);
    seen.add(t.id);
  });
  // An extension may relate types the base defines; only a standalone file must define every type it names.
  if (parsed.data.mode === 'replace') {
    parsed.data.relations.forEach((r, i) => {
      for (const end of ['from', 'to'] as const) {
        if (!known.has(r[end])) throw new KnowledgeError(file, lineOf(['relations', i, end]), `relation names unknown type "${r[end]}"`);
      }
    });
  }
  return parsed.data;
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
