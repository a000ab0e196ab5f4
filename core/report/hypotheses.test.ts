import { describe, expect, it } from 'vitest';
import type { Diagnosis } from '../diagnosis/index.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { hostile, hostileDiagnosis } from './test-support.js';

/** The hostile diagnosis with a causal graph whose every string came from a hostile snapshot. */
function withHypotheses(): Diagnosis {
  const base = hostileDiagnosis();
  return {
    ...base,
    hypotheses: [
      {
        id: 'h1',
        level: 1,
        parent: null,
        statement: 'A change caused it',
        entity: null,
        confidence: 0.9,
        status: 'accepted',
        support: ['change:1'],
        refute: [],
      },
      {
        id: 'h2',
        level: 2,
        parent: 'h1',
        statement: `${hostile.script} is the origin`,
        entity: `shop/Service/${hostile.script}`,
        confidence: 0.9,
        status: 'accepted',
        support: [hostile.img],
        refute: [],
      },
      {
        id: 'h3',
        level: 1,
        parent: null,
        statement: hostile.markdown,
        entity: null,
        confidence: 0,
        status: 'refuted',
        support: [],
        refute: ['alert:9'],
      },
      { id: 'h4', level: 3, parent: 'h2', statement: 'gone', entity: null, confidence: 0, status: 'pruned', support: [], refute: [] },
    ],
  };
}

describe('hypothesis report sections', () => {
  it('show the accepted chain coarse to fine and the refuted alternatives with what refuted them', () => {
    const text = renderMarkdown(withHypotheses());
    const chain = text.slice(text.indexOf('## Hypotheses: the accepted chain'), text.indexOf('## Hypotheses: refuted alternatives'));
    expect(chain.indexOf('**h1**')).toBeGreaterThan(-1);
    expect(chain.indexOf('**h1**')).toBeLessThan(chain.indexOf('**h2**'));
    expect(chain).not.toContain('**h3**');
    const refuted = text.slice(text.indexOf('## Hypotheses: refuted alternatives'));
    expect(refuted).toContain('**h3**');
    expect(refuted).toContain('refuted by: alert:9');
    expect(text).toContain('1 hypotheses were pruned by backtracking');
  });

  it('escape every hypothesis string', () => {
    const html = renderHtml(withHypotheses());
    expect(html).not.toContain(hostile.script);
    expect(html).not.toContain(hostile.img);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; is the origin');
    const markdown = renderMarkdown(withHypotheses());
    expect(markdown).not.toContain(hostile.script);
    expect(markdown).not.toContain('[link](javascript:alert(1))');
  });

  it('are absent when the investigation ran without the layer', () => {
    expect(renderMarkdown(hostileDiagnosis())).not.toContain('Hypotheses');
    expect(renderHtml(hostileDiagnosis())).not.toContain('Hypotheses');
  });
});
