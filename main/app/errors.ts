export class SnapshotNotFoundError extends Error {
  override name = 'SnapshotNotFoundError';
  constructor(dir: string) {
    super(`No snapshot bundle at ${dir}: expected a folder with snapshot.json and topology.json.`);
  }
}

/** A malformed bundle file; names the file, the line (for .jsonl) and the field. */
export class SnapshotFormatError extends Error {
  override name = 'SnapshotFormatError';
  constructor(file: string, line: number | null, detail: string) {
    super(`${file}${line === null ? '' : `:${line}`}: ${detail}`);
  }
}

export class UnknownEntityError extends Error {
  override name = 'UnknownEntityError';
  constructor(id: string) {
    super(`"${id}" is not an entity of the open snapshot; pick a node from the graph.`);
  }
}
