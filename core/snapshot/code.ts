import { z } from 'zod';

/**
 * `code.json` of a native bundle (optional): where each service's source is, so the code
 * layer can drill from an Origin into it (docs/formats.md, docs/code-layer.md). A root is a
 * folder inside the bundle (`code/<service>`, relative to the bundle) or a local checkout
 * (absolute path), optionally at a named commit.
 */
export const CodeSourceEntry = z.object({
  /** An entity id of the topology (`ns/Service/cart`) or a service name (`cart`). */
  entity: z.string().min(1),
  root: z.string().min(1),
  commit: z.string().min(1).optional(),
});
export type CodeSourceEntry = z.infer<typeof CodeSourceEntry>;

export const CodeMap = z.object({
  version: z.literal(1),
  services: z.array(CodeSourceEntry),
});
export type CodeMap = z.infer<typeof CodeMap>;

/** The entry for an entity: by id, else by its name (the last segment of `ns/Kind/name`). */
export function codeEntryFor(map: CodeMap, entity: string): CodeSourceEntry | null {
  const name = entity.split('/').pop() ?? entity;
  return map.services.find((s) => s.entity === entity) ?? map.services.find((s) => s.entity === name) ?? null;
}
