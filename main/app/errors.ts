export class UnknownEntityError extends Error {
  override name = 'UnknownEntityError';
  constructor(id: string) {
    super(`"${id}" is not an entity of the open snapshot; pick a node from the graph.`);
  }
}
