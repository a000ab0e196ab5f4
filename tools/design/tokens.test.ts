import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DISCOVERED_EDGE, labelColors } from '../../renderer/graph/reducers.js';

/** The design tokens of styles.css, by name. */
function tokens(): Map<string, string> {
  const css = readFileSync(new URL('../../renderer/styles.css', import.meta.url), 'utf8');
  return new Map([...css.matchAll(/(--[a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)].map((m) => [m[1] ?? '', (m[2] ?? '').toLowerCase()]));
}

describe('the canvas speaks the panels’ colours (docs/ui.md)', () => {
  it('draws each belief label and the discovered edges in the colour of its design token', () => {
    const t = tokens();
    for (const [label, colour] of Object.entries(labelColors)) expect(t.get(`--label-${label.toLowerCase()}`), label).toBe(colour);
    expect(t.get('--discovered')).toBe(DISCOVERED_EDGE.toLowerCase());
  });
});
