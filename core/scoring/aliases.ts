/**
 * Alias closure: aliases lists may overlap (a, b) + (b, c), so classes are the connected
 * components of "named together in some list". Every group ends up in exactly one class.
 */
export function buildAliasClasses(groupIds: readonly string[], aliasLists: readonly string[][]): string[][] {
  const parent = new Map<string, string>(groupIds.map((id) => [id, id]));
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(id, root);
    return root;
  };
  for (const list of aliasLists) {
    const [first, ...rest] = list.filter((id) => parent.has(id));
    if (first === undefined) continue;
    for (const id of rest) {
      const a = find(first);
      const b = find(id);
      if (a !== b) parent.set(b, a);
    }
  }
  const classes = new Map<string, string[]>();
  for (const id of groupIds) {
    const root = find(id);
    const members = classes.get(root) ?? [];
    members.push(id);
    classes.set(root, members);
  }
  // Ordered by the first member's position in the file, so indexes are stable.
  return [...classes.values()];
}
