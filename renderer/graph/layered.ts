import type { Positions } from './positions.js';

/** Space between two nodes on a ring and between two rings, in layout units. */
const GAP = 10;

interface Adjacency {
  ids: string[];
  /** Neighbours of node i are `targets[offsets[i]..offsets[i + 1]]`, ascending. */
  offsets: Int32Array;
  targets: Int32Array;
}

/** Undirected adjacency in compressed rows, built from sorted ids so input order does not matter. */
function adjacency(nodes: readonly string[], edges: readonly (readonly [string, string])[]): Adjacency {
  const ids = [...new Set(nodes)].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const pairs: number[] = [];
  const degree = new Int32Array(ids.length);
  for (const [s, t] of edges) {
    const a = index.get(s);
    const b = index.get(t);
    if (a === undefined || b === undefined || a === b) continue;
    pairs.push(a, b);
    degree[a] = (degree[a] ?? 0) + 1;
    degree[b] = (degree[b] ?? 0) + 1;
  }
  const offsets = new Int32Array(ids.length + 1);
  for (let i = 0; i < ids.length; i++) offsets[i + 1] = (offsets[i] ?? 0) + (degree[i] ?? 0);
  const fill = offsets.slice(0, ids.length);
  const targets = new Int32Array(pairs.length);
  for (let p = 0; p < pairs.length; p += 2) {
    const a = pairs[p] as number;
    const b = pairs[p + 1] as number;
    targets[(fill[a] as number)++] = b;
    targets[(fill[b] as number)++] = a;
  }
  for (let i = 0; i < ids.length; i++) targets.subarray(offsets[i], offsets[i + 1]).sort();
  return { ids, offsets, targets };
}

/** Breadth-first layers from `root`, marking `seen`; each layer in discovery order. */
function bfsLayers(g: Adjacency, root: number, seen: Uint8Array): number[][] {
  const layers: number[][] = [[root]];
  seen[root] = 1;
  for (let layer = layers[0] as number[]; layer.length > 0;) {
    const next: number[] = [];
    for (const v of layer) {
      for (let k = g.offsets[v] as number; k < (g.offsets[v + 1] as number); k++) {
        const w = g.targets[k] as number;
        if (seen[w]) continue;
        seen[w] = 1;
        next.push(w);
      }
    }
    if (next.length > 0) layers.push(next);
    layer = next;
  }
  return layers;
}

/** The connected components, each rooted at its best-connected node (lowest id on ties). */
function components(g: Adjacency): number[][][] {
  const n = g.ids.length;
  const inComponent = new Uint8Array(n);
  const seen = new Uint8Array(n);
  const out: number[][][] = [];
  for (let start = 0; start < n; start++) {
    if (inComponent[start]) continue;
    let root = start;
    for (const layer of bfsLayers(g, start, inComponent)) {
      for (const v of layer) {
        const degree = (g.offsets[v + 1] as number) - (g.offsets[v] as number);
        const best = (g.offsets[root + 1] as number) - (g.offsets[root] as number);
        if (degree > best || (degree === best && v < root)) root = v;
      }
    }
    out.push(bfsLayers(g, root, seen));
  }
  return out;
}

/**
 * One component as rings around its root: ring k holds the nodes k hops away, spread evenly
 * in discovery order, so children sit near their parents' angle.
 */
function placeRings(g: Adjacency, layers: number[][], cx: number, cy: number, out: Positions): void {
  let radius = 0;
  layers.forEach((layer, k) => {
    if (k > 0) radius = Math.max(radius + GAP, (layer.length * GAP) / (2 * Math.PI));
    layer.forEach((v, i) => {
      const angle = (2 * Math.PI * (i + 0.5)) / layer.length;
      out[g.ids[v] as string] = { x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle) };
    });
  });
}

function ringsRadius(layers: number[][]): number {
  let radius = 0;
  for (let k = 1; k < layers.length; k++) radius = Math.max(radius + GAP, ((layers[k] as number[]).length * GAP) / (2 * Math.PI));
  return radius + GAP;
}

/**
 * A deterministic layered layout in O(nodes + edges): each connected component as rings by
 * hop distance from its best-connected node (the topology's hub), components packed in rows,
 * largest first. Cheap enough to draw a 50k-node graph at once; ForceAtlas2 may refine it.
 */
export function layeredPositions(nodes: readonly string[], edges: readonly (readonly [string, string])[]): Positions {
  const g = adjacency(nodes, edges);
  const parts = components(g)
    .map((layers) => ({ layers, size: layers.reduce((n, l) => n + l.length, 0), radius: ringsRadius(layers) }))
    .sort((a, b) => b.size - a.size || (a.layers[0]?.[0] ?? 0) - (b.layers[0]?.[0] ?? 0));
  const area = parts.reduce((sum, p) => sum + 4 * p.radius * p.radius, 0);
  const rowWidth = Math.max(Math.sqrt(area), (parts[0]?.radius ?? 0) * 2);
  const out: Positions = {};
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const part of parts) {
    const size = part.radius * 2;
    if (x > 0 && x + size > rowWidth) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    placeRings(g, part.layers, x + part.radius, y + part.radius, out);
    x += size;
    rowHeight = Math.max(rowHeight, size);
  }
  return out;
}
