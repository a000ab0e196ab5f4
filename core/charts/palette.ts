import type { ChartMarker } from './schema.js';

/** One colour per series position, the same in the inspector and the report; a band takes the first series' colour. */
export const seriesColours = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#be185d', '#4d7c0f', '#78716c'] as const;

export const markerColours: Readonly<Record<ChartMarker['kind'], string>> = {
  incident: '#dc2626',
  alert: '#ea580c',
  change: '#7c3aed',
  event: '#64748b',
};
