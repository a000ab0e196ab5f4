import { describe, expect, it } from 'vitest';
import type { Diagnosis } from '../diagnosis/index.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { hostile, hostileDiagnosis } from './test-support.js';

/** The hostile diagnosis with a refuted change whose every string came from a hostile snapshot. */
function withRedHerring(): Diagnosis {
  const base = hostileDiagnosis();
  return {
    ...base,
    evidence: [
      ...base.evidence,
      {
        id: 'change:7',
        entity: 'shop/Deployment/ad',
        kind: 'change',
        summary: `image change: ${hostile.script}`,
        provenance: { file: 'changes.jsonl', line: 1, sha256: 'h', extractor: 'raw' },
      },
    ],
    red_herrings: [
      {
        change: 'change:7',
        time: '2026-03-01T09:31:51.000Z',
        entities: ['shop/Deployment/ad'],
        reason: `nothing abnormal followed it on ${hostile.img} (judged Healthy): a red herring`,
        refute: ['edge:a:ad', hostile.markdown],
        hypotheses: ['h4'],
      },
    ],
  };
}

describe('refuted changes in the reports', () => {
  it('list each change with its summary, why it was refuted and what refutes it', () => {
    const text = renderMarkdown(withRedHerring());
    const section = text.slice(text.indexOf('## Refuted changes (red herrings)'));
    expect(section).toContain('**change:7** at 2026-03-01 09:31:51 UTC');
    expect(section).toContain('refuted hypothesis h4');
    expect(section).toContain('refuted by: edge:a:ad');
    expect(renderHtml(withRedHerring())).toContain('<h2>Refuted changes (red herrings)</h2>');
  });

  it('escape every string', () => {
    const html = renderHtml(withRedHerring());
    expect(html).not.toContain(hostile.script);
    expect(html).not.toContain(hostile.img);
    expect(html).toContain('image change: &lt;script&gt;alert(1)&lt;/script&gt;');
    const markdown = renderMarkdown(withRedHerring());
    expect(markdown).not.toContain(hostile.script);
    expect(markdown).not.toContain('[link](javascript:alert(1))');
  });

  it('are absent when there is none', () => {
    expect(renderMarkdown(hostileDiagnosis())).not.toContain('Refuted changes');
    expect(renderHtml(hostileDiagnosis())).not.toContain('Refuted changes');
  });
});
