import type { EntityId } from '../model/index.js';

/**
 * The ActiveSet: a FIFO without duplicates. Priority is the order of activation (seeds in
 * the order the bootstrap ranked them), which is deterministic and needs no tie-breaking.
 * Removal is lazy (a ticket per entry) so push, pop and remove stay O(1) on 100k nodes.
 */
export class ActiveSet {
  private entries: (EntityId | null)[] = [];
  private head = 0;
  private readonly position = new Map<EntityId, number>();

  get size(): number {
    return this.position.size;
  }

  has(node: EntityId): boolean {
    return this.position.has(node);
  }

  /** Adds at the back; returns false when the node is already waiting (it keeps its place). */
  push(node: EntityId): boolean {
    if (this.position.has(node)) return false;
    this.position.set(node, this.entries.length);
    this.entries.push(node);
    return true;
  }

  /**
   * Adds at the front (the hypothesis layer's depth-first visits); a waiting node moves there.
   * O(1) while earlier pops left room before the head, otherwise one rebuild.
   */
  pushFront(node: EntityId): void {
    this.remove(node);
    this.skipHoles();
    if (this.head === 0) {
      this.entries = [null, ...this.toArray()];
      this.head = 1;
      this.entries.forEach((n, i) => {
        if (n !== null) this.position.set(n, i);
      });
    }
    this.head -= 1;
    this.entries[this.head] = node;
    this.position.set(node, this.head);
  }

  peek(): EntityId | null {
    this.skipHoles();
    return this.entries[this.head] ?? null;
  }

  remove(node: EntityId): boolean {
    const index = this.position.get(node);
    if (index === undefined) return false;
    this.entries[index] = null;
    this.position.delete(node);
    if (this.head > 1024 && this.head * 2 > this.entries.length) this.compact();
    return true;
  }

  /** Waiting nodes, front first. */
  toArray(): EntityId[] {
    const result: EntityId[] = [];
    for (let i = this.head; i < this.entries.length; i++) {
      const node = this.entries[i];
      if (node !== null && node !== undefined) result.push(node);
    }
    return result;
  }

  private skipHoles(): void {
    while (this.head < this.entries.length && this.entries[this.head] === null) this.head++;
  }

  private compact(): void {
    this.entries = this.toArray();
    this.head = 0;
    this.entries.forEach((node, i) => {
      if (node !== null) this.position.set(node, i);
    });
  }
}
