/** Times written for people: 24-hour, the zone written, UTC unless the analyst chose local time (docs/ui.md). */
export * from './format.js';
