import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SnapshotWarnings } from './SnapshotWarnings.js';

describe('SnapshotWarnings', () => {
  it('lists every warning as text: markup from a bundle is shown, not run', () => {
    const html = renderToStaticMarkup(
      <SnapshotWarnings warnings={['capture: trace/2023-01-29: no baseline traces', 'capture: <img src=x onerror="alert(1)">']} />,
    );
    expect(html).toContain('2 warnings about this snapshot');
    expect(html).toContain('<li>capture: trace/2023-01-29: no baseline traces</li>');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).not.toContain('<img');
  });

  it('shows nothing when there is nothing to say', () => {
    expect(renderToStaticMarkup(<SnapshotWarnings warnings={[]} />)).toBe('');
  });
});
