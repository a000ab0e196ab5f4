import { describe, expect, it } from 'vitest';
import type { Diagnosis } from '../diagnosis/index.js';
import { renderHtml } from './html.js';
import { renderMarkdown } from './markdown.js';
import { hostile, hostileDiagnosis } from './test-support.js';

/** The hostile diagnosis with a causal graph whose every string came from a hostile snapshot. */
function withCausalGraph(): Diagnosis {
  const cause = `latency@shop/Service/${hostile.script}`;
  return {
    ...hostileDiagnosis(),
    causal_graph: {
      nodes: [
        { id: cause, type: 'latency', entity: `shop/Service/${hostile.script}`, alerts: [], evidence: ['e1'], source: 'derived' },
        {
          id: 'error_rate@shop/Service/gateway',
          type: 'error_rate',
          entity: 'shop/Service/gateway',
          alerts: [{ id: 'alert:1', name: hostile.img }],
          evidence: [],
          source: 'derived',
        },
      ],
      edges: [
        {
          from: cause,
          to: 'error_rate@shop/Service/gateway',
          rationale: `slow calls time out — ${hostile.markdown}`,
          evidence: [hostile.img],
          via: [],
          source: 'derived',
          violation: null,
        },
      ],
      violations: [
        {
          operation: 'add_causality',
          reason: hostile.script,
          enforced: true,
          by: 'shop/Service/gateway',
          source: 'model',
          subject: `x → ${hostile.img}`,
          evidence: [],
        },
      ],
      metrics: { SC: 0.25, TC: 0.5, KC: 0.5, score: 0.583333 },
      pruned: { nodes: 1, edges: 2 },
      withdrawn: { nodes: 1, edges: 3 },
      orphan_alerts: ['alert:7'],
      knowledge: { name: 'kubernetes-microservices', version: '1.0.0', sha256: 'abc' },
      enforce: true,
    },
  };
}

describe('causal graph report sections', () => {
  it('show metrics, edges with rationales and evidence, attached alerts, orphans and violations', () => {
    const text = renderMarkdown(withCausalGraph());
    const section = text.slice(text.indexOf('## Causal graph'));
    expect(section).toContain('SC 0.25 (lower is better) · TC 0.5 · KC 0.5 · interpretability 0.583');
    expect(section).toContain('slow calls time out');
    expect(section).toContain(
      'post-processing removed 1 orphan anomalies and 2 transitive edges; revised beliefs withdrew 1 anomalies and 3 edges, kept in the ledger',
    );
    expect(section).toContain('Alerts no anomaly explains: alert:7');
    expect(section).toContain('### Violations');
    expect(section).toMatch(/- rejected add causality .*: /);
  });

  it('escape every string', () => {
    const html = renderHtml(withCausalGraph());
    expect(html).toContain('<h2>Causal graph</h2>');
    expect(html).not.toContain(hostile.script);
    expect(html).not.toContain(hostile.img);
    const markdown = renderMarkdown(withCausalGraph());
    expect(markdown).not.toContain(hostile.script);
    expect(markdown).not.toContain('[link](javascript:alert(1))');
  });

  it('are absent when the investigation ran without the layer', () => {
    expect(renderMarkdown(hostileDiagnosis())).not.toContain('Causal graph');
    expect(renderHtml(hostileDiagnosis())).not.toContain('Causal graph');
  });
});
