import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../../core/ledger/index.js';
import { ScopesList } from './ScopesPanel.js';
import { foldScopes } from './scopes-fold.js';

const hostile = '<img src=x onerror="alert(1)">';
const ledger: LedgerEvent[] = [
  {
    seq: 1,
    type: 'ScopesFormed',
    windowMs: 120_000,
    alerts: 3,
    dismissed: [],
    scopes: [
      {
        id: 'S1',
        kind: 'entity',
        entities: ['shop/Service/a', 'shop/Service/b'],
        tiers: ['Service@1'],
        alerts: 3,
        sample: ['alert:1'],
        signatures: [{ signature: `${hostile}`, count: 3 }],
        severity: 'critical',
        first: 0,
        last: 0,
        merged: ['fusion'],
        neighbours: ['S2'],
      },
    ],
  },
  {
    seq: 2,
    type: 'ScopeMessage',
    kind: 'request',
    from: 'S1',
    to: 'S2',
    node: 'shop/Service/c',
    text: `asks ${hostile}`,
    evidence: ['alert:1'],
  },
  { seq: 3, type: 'ScopeMessage', kind: 'confirm', from: 'S2', to: 'S1', node: 'shop/Service/c', text: 'judged Healthy', evidence: [] },
];

describe('the scopes panel', () => {
  it('folds the ledger up to the view’s position', () => {
    expect(foldScopes(ledger, 0).formed).toBeNull();
    expect(foldScopes(ledger, 2).messages.map((m) => m.kind)).toEqual(['request']);
    expect(foldScopes(ledger, 9).messages).toHaveLength(2);
  });

  it('shows scopes and messages as text: markup from alerts is shown, not run', () => {
    const html = renderToStaticMarkup(<ScopesList view={foldScopes(ledger, 2)} />);
    expect(html).toContain('3 alert(s) → 1 scope(s), window 2 min');
    expect(html).toContain('merged by fusion');
    expect(html).toContain('S1 → S2');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).not.toContain('<img');
  });
});
