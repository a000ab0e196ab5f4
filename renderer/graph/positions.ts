/** Node positions by node id, as the layout computes them. */
export type Positions = Record<string, { x: number; y: number }>;
