import { describe, expect, it } from 'vitest';
import { InvalidGraphImageError } from './errors.js';
import { renderHtml } from './html.js';
import { hostile, hostileDiagnosis, hostileState, rawControlChars } from './test-support.js';

/** Tags the report itself writes; anything else would have come from data. */
const ownTags = new Set(
  'html head meta title style body main h1 h2 h3 p div span strong ul ol li table thead tbody tr th td svg defs marker path g rect text img'.split(
    ' ',
  ),
);
const ownAttributes = new Set(
  'lang charset http-equiv content name class xmlns role aria-label width height viewbox id refx refy markerwidth markerheight orient d fill stroke stroke-width stroke-dasharray marker-end x y rx alt src'.split(
    ' ',
  ),
);

function tagsOf(html: string): Array<{ name: string; attributes: string[] }> {
  const body = html.replace(/<style>[\s\S]*?<\/style>/, '<style></style>');
  return [...body.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>]+(?:="[^"]*")?)*)\s*\/?>/g)].map((m) => ({
    name: (m[1] ?? '').toLowerCase(),
    attributes: [...(m[2] ?? '').matchAll(/\s+([^\s=>]+)(?:="[^"]*")?/g)].map((a) => (a[1] ?? '').toLowerCase()),
  }));
}

describe('renderHtml', () => {
  const html = renderHtml(hostileDiagnosis(), { state: hostileState() });

  it('contains no markup from the data: only its own tags and attributes, no script, no handlers', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    for (const tag of tagsOf(html)) {
      expect(ownTags.has(tag.name), tag.name).toBe(true);
      for (const attribute of tag.attributes) expect(ownAttributes.has(attribute), `${tag.name} ${attribute}`).toBe(true);
    }
    expect(html.match(/&lt;script&gt;alert\(1\)&lt;\/script&gt;/g)?.length).toBeGreaterThan(5);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;quotes&quot; and &#39;single&#39;');
    expect(html).toContain('&amp;amp; &amp;lt;b&amp;gt;');
  });

  it('says which rules fired for a root cause, with what each means, escaping an id a ledger could forge', () => {
    expect(html).toMatch(
      /<ul class="rules"><li><span class="mono">change<\/span> <span class="muted">cause<\/span> — Something was changed/,
    );
    expect(html).toContain('<li><span class="mono">&lt;img src=x onerror=alert(1)&gt;</span> <span class="muted">unknown</span>');
  });

  it('is self-contained under a strict Content-Security-Policy', () => {
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    );
    const attributes = tagsOf(html).flatMap((t) => t.attributes);
    expect(attributes).not.toContain('src');
    expect(attributes).not.toContain('href');
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg")/);
    expect([...html.matchAll(/url\(([^)]*)\)/g)].map((m) => m[1])).toEqual(['#arrow', '#arrow']);
  });

  it('shows controls visibly, shortens long values and keeps unicode', () => {
    expect(html).not.toMatch(rawControlChars);
    expect(html).toContain('bell\u2407');
    expect(html).not.toContain('x'.repeat(2001));
    expect(html).toContain('日本語');
  });

  it('draws the explanatory graph: frontier outlined, arrows for propagations, discovered edges dashed', () => {
    const svg = html.slice(html.indexOf('<svg'), html.indexOf('</svg>'));
    expect(svg.match(/<rect /g)?.length).toBe(4);
    expect(svg.match(/stroke="#c62828"/g)?.length).toBe(1);
    expect(svg.match(/<path d="M[\d.]+,[\d.]+ C/g)?.length).toBe(2);
    expect(svg.match(/stroke-dasharray/g)?.length).toBe(1);
    expect(svg).toContain('<title>shop/Service/&lt;script&gt;alert(1)&lt;/script&gt; — Origin, score 1.2</title>');
  });

  it('says plainly when unconfirmed and when still in progress', () => {
    const unconfirmed = renderHtml(
      { ...hostileDiagnosis(), outcome: 'no_confident_root_cause', frontier: [] },
      { state: hostileState('paused', 4) },
    );
    expect(unconfirmed).toContain('<h1>No confident root cause</h1>');
    expect(unconfirmed).toContain('<strong>Unconfirmed.</strong>');
    expect(unconfirmed).toContain('Investigation in progress — 4 steps</strong> (paused)');
    expect(html).not.toContain('in progress');
  });

  it('shows an analyst override as human-asserted', () => {
    const state = hostileState();
    const node = state.nodes.get(hostileDiagnosis().entities[0]?.name ?? '');
    if (node) node.beliefSource = 'analyst';
    expect(renderHtml(hostileDiagnosis(), { state })).toContain(
      '<span class="tag analyst">asserted by an analyst, not tool evidence</span>',
    );
    expect(html).not.toContain('asserted by an analyst');
  });

  it('embeds the graph canvas only as a PNG data URL', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(renderHtml(hostileDiagnosis(), { graphPng: png })).toContain(`<img class="graph-png" alt="Graph canvas" src="${png}">`);
    for (const bad of [
      'javascript:alert(1)',
      'https://evil.test/x.png',
      `${png}" onerror="alert(1)`,
      'data:image/svg+xml;base64,PHN2Zz4=',
    ]) {
      expect(() => renderHtml(hostileDiagnosis(), { graphPng: bad })).toThrow(InvalidGraphImageError);
    }
  });

  it('renders the same bytes for the same diagnosis', () => {
    expect(renderHtml(hostileDiagnosis(), { state: hostileState() })).toBe(html);
  });

  it(`never contains the payload ${hostile.script} verbatim`, () => {
    expect(html.includes(hostile.script)).toBe(false);
  });
});
