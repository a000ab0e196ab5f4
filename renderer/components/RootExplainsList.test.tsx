import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Diagnosis } from '../../core/diagnosis/index.js';
import { RootExplainsList } from './RootExplainsList.js';

const entity = (name: string, explains?: Diagnosis['entities'][number]['explains']): Diagnosis['entities'][number] => ({
  name,
  contributing_factor: explains !== undefined,
  reasoning: '',
  evidence: '',
  ...(explains ? { explains } : {}),
});

describe('RootExplainsList', () => {
  it('says what each root cause explains, concurrent findings marked, names from the snapshot shown as text', () => {
    const hostile = 'shop/Service/<img src=x onerror="alert(1)">';
    const html = renderToStaticMarkup(
      <RootExplainsList
        entities={[
          entity('shop/ConfigMap/flags', {
            alerts: ['HighRequestLatency on shop/Service/gateway', 'HighErrorRate on shop/Service/gateway'],
            severity: { critical: 1, warning: 1, info: 0 },
            entry: ['shop/Service/frontend'],
            anomalous: 4,
            anomalous_total: 5,
            concurrent: false,
          }),
          entity(hostile, {
            alerts: [`HighCPUUsage on ${hostile}`],
            severity: { critical: 0, warning: 1, info: 0 },
            entry: [],
            anomalous: 1,
            anomalous_total: 5,
            concurrent: true,
          }),
          entity('shop/Service/gateway'),
        ]}
      />,
    );
    expect(html).toContain('Explains 2 alerts (1 critical, 1 warning), the entry point shop/Service/frontend, 4 of 5 degraded entities.');
    expect(html).toContain('<li class="concurrent">');
    expect(html).toContain('A concurrent finding');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('shop/Service/gateway<');
  });

  it('shows nothing without a frontier', () => {
    expect(renderToStaticMarkup(<RootExplainsList entities={[entity('shop/Service/gateway')]} />)).toBe('');
  });
});
