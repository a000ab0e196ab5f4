import type { Settings } from 'sigma/settings';

/** From this many nodes on, the canvas trades detail for speed (mostly while the camera moves). */
export const LARGE_GRAPH_NODES = 5000;

export type SizeSettings = Pick<
  Settings,
  'hideEdgesOnMove' | 'hideLabelsOnMove' | 'labelRenderedSizeThreshold' | 'defaultEdgeType' | 'defaultNodeType'
>;

/**
 * Sigma settings that depend on the graph's size. Large graphs hide edges and labels while
 * panning or zooming (redrawn when the camera stops), draw labels only for nodes big on
 * screen, draw topology edges as plain lines (one program instead of line + arrow head) and
 * nodes as points (one vertex each instead of a triangle; `point` is registered in GraphCanvas).
 */
export function sizeSettings(nodeCount: number): SizeSettings {
  const isLarge = nodeCount >= LARGE_GRAPH_NODES;
  return {
    hideEdgesOnMove: isLarge,
    hideLabelsOnMove: isLarge,
    labelRenderedSizeThreshold: isLarge ? 14 : 6,
    defaultEdgeType: isLarge ? 'line' : 'arrow',
    defaultNodeType: isLarge ? 'point' : 'circle',
  };
}
