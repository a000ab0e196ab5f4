import { describe, expect, it } from 'vitest';
import { renderGexf } from './gexf.js';
import { renderGraphml } from './graphml.js';
import { checkXmlWellFormed, hostile, hostileDiagnosis, hostileState, rawControlChars } from './test-support.js';

/** Reads an XML attribute or text value back, as a parser would. */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number(ref.slice(1)));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[ref] ?? '';
  });
}

const renderers = [
  ['GEXF', renderGexf],
  ['GraphML', renderGraphml],
] as const;

describe.each(renderers)('%s export', (name, render) => {
  const xml = render(hostileDiagnosis(), hostileState());

  it('is well-formed XML 1.0 despite hostile names, conditions and effects', () => {
    expect(() => checkXmlWellFormed(xml)).not.toThrow();
    expect(() => checkXmlWellFormed(render(hostileDiagnosis()))).not.toThrow();
    expect(xml).not.toContain('<script');
    expect(xml).not.toMatch(rawControlChars);
  });

  it('keeps every node and edge with its values intact (controls stripped, format characters shown)', () => {
    expect(xml.match(/<node /g)?.length).toBe(4);
    expect(xml.match(/<edge /g)?.length).toBe(2);
    const values = [...xml.matchAll(name === 'GEXF' ? /value="([^"]*)"/g : /<data key="[^"]+">([^<]*)<\/data>/g)].map((m) =>
      decode(m[1] ?? ''),
    );
    expect(values).toContain(`shop/Service/${hostile.script}`);
    expect(values).toContain(hostile.img);
    expect(values).toContain(hostile.cdata);
    expect(values).toContain(hostile.controls.replace(new RegExp(rawControlChars.source, 'g'), ''));
    // The bidi override and its end are shown, not obeyed (#48): a name cannot render reversed in Gephi.
    expect(values).toContain('shop/Pod/ünïcödé ✓ 𝄞 日本語 <U+202E>evil<U+202C> lone:');
  });

  it('flags the frontier and the discovered edge', () => {
    const attribute = (key: string) =>
      name === 'GEXF' ? new RegExp(`for="${key}" value="true"`, 'g') : new RegExp(`<data key="${key}">true</data>`, 'g');
    expect(xml.match(attribute(name === 'GEXF' ? '7' : 'd7'))?.length).toBe(1);
    expect(xml.match(attribute(name === 'GEXF' ? '2' : 'e2'))?.length).toBe(1);
    expect(render(hostileDiagnosis())).not.toMatch(attribute(name === 'GEXF' ? '2' : 'e2'));
  });

  it('is deterministic', () => {
    expect(render(hostileDiagnosis(), hostileState())).toBe(xml);
  });
});

describe('format headers', () => {
  it('GEXF declares version 1.3 with directed edges and typed attributes', () => {
    const xml = renderGexf(hostileDiagnosis());
    expect(xml).toContain('<gexf xmlns="http://gexf.net/1.3"');
    expect(xml).toContain('version="1.3"');
    expect(xml).toContain('<graph defaultedgetype="directed" mode="static">');
    expect(xml).toContain('<attribute id="4" title="score" type="double"/>');
    expect(xml).toContain('xmlns:viz="http://gexf.net/1.3/viz"');
    expect(xml.match(/<viz:position x="\d+" y="-\d+" z="0"\/>/g)?.length).toBe(4);
    expect(xml.match(/<viz:size value="20"\/>/g)?.length).toBe(1);
  });

  it('GraphML declares its keys before the graph and uses NMTOKEN ids', () => {
    const xml = renderGraphml(hostileDiagnosis());
    expect(xml.indexOf('<key id="d4" for="node" attr.name="score" attr.type="double"/>')).toBeLessThan(xml.indexOf('<graph '));
    expect([...xml.matchAll(/<node id="([^"]*)"/g)].map((m) => m[1])).toEqual(['n0', 'n1', 'n2', 'n3']);
  });
});
